// The bank/coalescing sweep's patterns: one warp (32 lanes), one memory instruction each.
// Shared by the device probe (bank_sweep.cu, built by nvcc and by loom-cc) and by Loom's unit tests
// (tests/unit/check/), so both see the same offsets: everything is generated from fixed rules and
// one fixed-seed LCG, in a fixed order. The position of a pattern in bankSweepPatterns() is its
// launch index in the probe and in the recorded ncu.json. Header-only, C++17 (nvcc's default).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace loom_sweep {

enum class Space : std::uint8_t { Shared, Global };

// What the instruction does. The Atom* kinds are inline PTX (one ATOMS each); the C* kinds are CUDA
// C++ atomics as users write them (nvcc may turn them into loops or warp-aggregated code: the
// recorded SASS says what they became).
enum class Access : std::uint8_t {
  Load,
  Store,
  AtomAdd,        // atom.shared.add.u32 / .u64
  AtomExch,       // atom.shared.exch.b32 / .b64
  AtomCas,        // atom.shared.cas.b16 / .b32 / .b64
  CAtomicAddF,    // atomicAdd(float*) / atomicAdd(double*)
  CAtomicInc,     // atomicAdd(int*, 1) at a per-lane address
  CAtomicIncUniform,  // atomicAdd(int*, 1) at an address nvcc can see is warp-uniform
};

inline const char* accessName(Access a) {
  switch (a) {
    case Access::Load: return "ld";
    case Access::Store: return "st";
    case Access::AtomAdd: return "atomadd";
    case Access::AtomExch: return "atomexch";
    case Access::AtomCas: return "atomcas";
    case Access::CAtomicAddF: return "catomicaddf";
    case Access::CAtomicInc: return "catomicinc";
    case Access::CAtomicIncUniform: return "catomicincuniform";
  }
  return "?";
}

struct Pattern {
  Space space;
  Access access;
  unsigned width;              // bytes per lane
  std::uint32_t mask;          // active lanes
  std::uint32_t offset[32];    // bytes from the window's base (shared) or the buffer's base (global)
  int tier;                    // 1: core patterns, run first; 2: more of the same kinds; 3: later additions
  std::string name;
};

// Bytes of the probe's dynamic shared window and global buffer; every offset + width stays inside.
constexpr std::uint32_t kSharedWindow = 48 * 1024;
constexpr std::uint32_t kGlobalBuffer = 64 * 1024;

namespace detail {

struct Lcg {
  std::uint64_t s;
  explicit Lcg(std::uint64_t seed) : s(seed) {}
  std::uint32_t next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::uint32_t>(s >> 33);
  }
};

class Builder {
 public:
  std::vector<Pattern> out;
  Lcg rng{0xba4c5eedULL};

  // index(lane) gives an element index; offset = base + index * width.
  template <class F>
  void add(int tier, Space sp, Access a, unsigned w, std::uint32_t mask, std::uint32_t base,
           const std::string& what, F index) {
    Pattern p{};
    p.space = sp;
    p.access = a;
    p.width = w;
    p.mask = mask;
    p.tier = tier;
    for (unsigned lane = 0; lane < 32; ++lane) {
      p.offset[lane] = (mask >> lane & 1u) ? base + static_cast<std::uint32_t>(index(lane)) * w : 0;
    }
    char prefix[64];
    std::snprintf(prefix, sizeof prefix, "%s.%s%u.", sp == Space::Shared ? "shared" : "global",
                  accessName(a), w * 8);
    p.name = prefix + what;
    out.push_back(p);
  }

  // A random index set: `distinct`-element range, optional random mask.
  void addRandom(int tier, Space sp, Access a, unsigned w, std::uint32_t range, bool randomMask,
                 int k) {
    std::uint32_t idx[32];
    for (auto& i : idx) i = rng.next() % range;
    std::uint32_t mask = randomMask ? (rng.next() | 1u) : 0xffffffffu;
    char what[64];
    std::snprintf(what, sizeof what, "rand%u%s.%d", range, randomMask ? "m" : "", k);
    add(tier, sp, a, w, mask, 0, what, [&](unsigned l) { return idx[l]; });
  }

  // A mask of `n` lanes drawn at random from `within` (tiers 4 to 6).
  std::uint32_t randomLanes(unsigned n, std::uint32_t within = 0xffffffffu) {
    std::uint32_t m = 0;
    while (static_cast<unsigned>(__builtin_popcount(m)) < n) m |= within & (1u << (rng.next() % 32));
    return m;
  }

  void addPermutation(int tier, Space sp, Access a, unsigned w, int k) {
    std::uint32_t perm[32];
    for (unsigned i = 0; i < 32; ++i) perm[i] = i;
    for (unsigned i = 31; i > 0; --i) {
      unsigned j = rng.next() % (i + 1);
      std::uint32_t t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    add(tier, sp, a, w, 0xffffffffu, 0, "perm." + std::to_string(k), [&](unsigned l) { return perm[l]; });
  }
};

inline std::uint32_t roundUp(std::uint32_t v, std::uint32_t m) { return (v + m - 1) / m * m; }

inline std::string hex8(std::uint32_t v) {
  char s[16];
  std::snprintf(s, sizeof s, "%08x", static_cast<unsigned>(v));
  return s;
}

// Shared loads and stores: the core (tier 1) and extended (tier 2) sets for one width.
inline void sharedLdSt(Builder& b, int tier, Access a, unsigned w) {
  const Space S = Space::Shared;
  const std::uint32_t all = 0xffffffffu;
  auto stride = [&](std::uint32_t mask, unsigned k, const char* suffix = "") {
    b.add(tier, S, a, w, mask, 0, "stride" + std::to_string(k) + suffix,
          [k](unsigned l) { return l * k; });
  };
  if (tier == 1) {
    for (unsigned k : {0u, 1u, 2u, 4u, 8u, 32u, 33u}) stride(all, k);
    b.add(1, S, a, w, all, roundUp(4, w), "stride1.base" + std::to_string(roundUp(4, w)),
          [](unsigned l) { return l; });
    b.add(1, S, a, w, all, 64, "stride1.base64", [](unsigned l) { return l; });
    b.add(1, S, a, w, all, 0, "xor1", [](unsigned l) { return l ^ 1u; });
    b.addPermutation(1, S, a, w, 0);
    b.add(1, S, a, w, all, 0, "div2", [](unsigned l) { return l / 2; });
    b.add(1, S, a, w, all, 0, "mod16", [](unsigned l) { return l % 16; });
    stride(0x0000ffffu, 1, ".mask0000ffff");
    stride(0x55555555u, 1, ".mask55555555");
    stride(0x00000001u, 1, ".mask00000001");
    stride(0x0000ffffu, 32, ".mask0000ffff");
    b.addRandom(1, S, a, w, 64, false, 0);
    b.addRandom(1, S, a, w, std::min<std::uint32_t>(1024, kSharedWindow / 2 / w), false, 0);
    b.addRandom(1, S, a, w, 128, true, 0);
  }
  // 64- and 128-bit accesses are where the rules are least obvious: their lane-pairing patterns
  // belong to the core set.
  if ((tier == 1) == (w >= 8)) {
    b.add(tier, S, a, w, all, 0, "div4", [](unsigned l) { return l / 4; });
    b.add(tier, S, a, w, all, 0, "mod8", [](unsigned l) { return l % 8; });
    b.add(tier, S, a, w, all, 0, "halves4k", [w](unsigned l) { return (l % 16) + (l / 16) * (4096 / w); });
  }
  if (tier == 2) {
    for (unsigned k : {3u, 5u, 16u, 17u, 64u}) stride(all, k);
    b.add(2, S, a, w, all, 0, "reverse", [](unsigned l) { return 31 - l; });
    b.add(2, S, a, w, all, 0, "xor16", [](unsigned l) { return l ^ 16u; });
    b.add(2, S, a, w, all, 0, "div8", [](unsigned l) { return l / 8; });
    stride(0xffff0000u, 1, ".maskffff0000");
    stride(0x0f0f0f0fu, 1, ".mask0f0f0f0f");
    stride(0xffff0000u, 2, ".maskffff0000");
    b.addRandom(2, S, a, w, 32, false, 1);
    b.addRandom(2, S, a, w, 256, false, 1);
    b.addRandom(2, S, a, w, 16, true, 1);
  }
}

// Shared atomics. Only 4- and 8-byte atomics for add/exch, 2/4/8 for CAS.
inline void sharedAtomics(Builder& b, int tier) {
  const Space S = Space::Shared;
  const std::uint32_t all = 0xffffffffu;
  auto strides = [&](Access a, unsigned w, std::initializer_list<unsigned> ks) {
    for (unsigned k : ks)
      b.add(tier, S, a, w, all, 0, "stride" + std::to_string(k), [k](unsigned l) { return l * k; });
  };
  auto named = [&](Access a, unsigned w, const char* what, std::uint32_t (*f)(unsigned),
                   std::uint32_t mask = 0xffffffffu) { b.add(tier, S, a, w, mask, 0, what, f); };
  if (tier == 1) {
    strides(Access::AtomAdd, 4, {0, 1, 2, 32, 33});
    named(Access::AtomAdd, 4, "div2", [](unsigned l) { return l / 2; });
    named(Access::AtomAdd, 4, "div4", [](unsigned l) { return l / 4; });
    named(Access::AtomAdd, 4, "mod16", [](unsigned l) { return l % 16; });
    named(Access::AtomAdd, 4, "stride1.mask0000ffff", [](unsigned l) { return l; }, 0x0000ffffu);
    for (int k = 0; k < 2; ++k) b.addRandom(1, S, Access::AtomAdd, 4, 64, false, k);
    b.addRandom(1, S, Access::AtomAdd, 4, 1024, true, 0);
    strides(Access::AtomAdd, 8, {0, 1, 2, 16});
    named(Access::AtomAdd, 8, "div2", [](unsigned l) { return l / 2; });
    named(Access::AtomAdd, 8, "mod16", [](unsigned l) { return l % 16; });
    b.addRandom(1, S, Access::AtomAdd, 8, 64, false, 0);
    b.addRandom(1, S, Access::AtomAdd, 8, 512, true, 0);
    for (auto [a, w] : {std::pair{Access::AtomExch, 4u}, {Access::AtomExch, 8u}, {Access::AtomCas, 2u},
                        {Access::AtomCas, 4u}, {Access::AtomCas, 8u}}) {
      strides(a, w, {0, 1, 2});
      named(a, w, "div2", [](unsigned l) { return l / 2; });
      b.addRandom(1, S, a, w, 64, false, 0);
    }
    for (unsigned w : {4u, 8u}) {
      strides(Access::CAtomicAddF, w, {0, 1, 32});
      named(Access::CAtomicAddF, w, "div4", [](unsigned l) { return l / 4; });
    }
    strides(Access::CAtomicInc, 4, {0, 1});
    named(Access::CAtomicInc, 4, "div4", [](unsigned l) { return l / 4; });
    // The probe uses lane 0's offset for every lane: an address nvcc knows is uniform.
    named(Access::CAtomicIncUniform, 4, "uniform", [](unsigned) { return 8u; });
    named(Access::CAtomicIncUniform, 4, "uniform.mask0000ffff", [](unsigned) { return 8u; }, 0x0000ffffu);
  } else {
    strides(Access::AtomAdd, 4, {4, 8, 16, 64});
    named(Access::AtomAdd, 4, "reverse", [](unsigned l) { return 31 - l; });
    named(Access::AtomAdd, 4, "stride1.mask55555555", [](unsigned l) { return l; }, 0x55555555u);
    named(Access::AtomAdd, 4, "stride0.mask00000001", [](unsigned) { return 0u; }, 0x00000001u);
    named(Access::AtomAdd, 4, "stride0.mask0000000f", [](unsigned) { return 0u; }, 0x0000000fu);
    named(Access::AtomAdd, 4, "stride32.mask0000000f", [](unsigned l) { return l * 32; }, 0x0000000fu);
    for (int k = 2; k < 5; ++k) b.addRandom(2, S, Access::AtomAdd, 4, 32, false, k);
    b.addRandom(2, S, Access::AtomAdd, 4, 4096, false, 1);
    strides(Access::AtomAdd, 8, {4, 32, 33});
    named(Access::AtomAdd, 8, "div4", [](unsigned l) { return l / 4; });
    named(Access::AtomAdd, 8, "stride1.maskffff0000", [](unsigned l) { return l; }, 0xffff0000u);
    b.addRandom(2, S, Access::AtomAdd, 8, 32, false, 1);
    for (auto [a, w] : {std::pair{Access::AtomExch, 4u}, {Access::AtomExch, 8u}, {Access::AtomCas, 2u},
                        {Access::AtomCas, 4u}, {Access::AtomCas, 8u}}) {
      strides(a, w, {32});
      named(a, w, "mod16", [](unsigned l) { return l % 16; });
      b.addRandom(2, S, a, w, 256, true, 1);
    }
  }
}

// Global loads and stores for one width.
inline void globalLdSt(Builder& b, int tier, Access a, unsigned w) {
  const Space G = Space::Global;
  const std::uint32_t all = 0xffffffffu;
  auto stride = [&](std::uint32_t mask, unsigned k, std::uint32_t base, const std::string& what) {
    b.add(tier, G, a, w, mask, base, what, [k](unsigned l) { return l * k; });
  };
  if (tier == 1) {
    stride(all, 1, 0, "stride1");
    stride(all, 1, w, "stride1.base" + std::to_string(w));
    stride(all, 2, 0, "stride2");
    stride(all, 8, 0, "stride8");
    stride(all, 128 / w, 0, "line");  // one 128-byte line per lane
    stride(all, 0, 0, "stride0");
    b.add(1, G, a, w, all, 0, "xor1", [](unsigned l) { return l ^ 1u; });
    stride(0x0000ffffu, 1, 0, "stride1.mask0000ffff");
    stride(0x55555555u, 1, 0, "stride1.mask55555555");
    b.addRandom(1, G, a, w, 4096 / w, false, 0);
  } else {
    stride(all, 3, 0, "stride3");
    stride(all, 32, 0, "stride32");
    stride(0x00000001u, 1, 0, "stride1.mask00000001");
    b.add(2, G, a, w, all, 0, "reverse", [](unsigned l) { return 31 - l; });
    stride(all, 1, 32, "stride1.base32");
    stride(all, 1, 96, "stride1.base96");
    b.addRandom(2, G, a, w, 512 / w, false, 1);
    b.addRandom(2, G, a, w, 65536 / 2 / w, true, 1);
  }
}

// Tier 3 (added after the first device run showed where the rules are subtle): many random
// index sets for shared loads, most of them 64- and 128-bit, and the POPC.INC form of
// atomicAdd(int*, 1).
inline void tier3(Builder& b) {
  const Space S = Space::Shared;
  for (unsigned w : {8u, 16u}) {
    int k = 10;
    for (std::uint32_t range : {16u, 32u, 48u, 64u, 128u})
      for (int r = 0; r < 4; ++r) b.addRandom(3, S, Access::Load, w, range, false, k++);
    for (std::uint32_t range : {16u, 32u, 64u, 256u}) b.addRandom(3, S, Access::Load, w, range, true, k++);
    b.add(3, S, Access::Load, w, 0xffffffffu, 0, "lo.stride1.hi.bcast",
          [](unsigned l) { return l < 16 ? l : 0u; });
    b.add(3, S, Access::Load, w, 0xffffffffu, 0, "xor8", [](unsigned l) { return l ^ 8u; });
    b.add(3, S, Access::Load, w, 0xffffffffu, 0, "quarters.same", [](unsigned l) { return l % 8 + 8 * (l / 16); });
  }
  for (unsigned w : {1u, 2u, 4u}) {
    int k = 10;
    for (std::uint32_t range : {8u, 32u, 64u, 256u}) b.addRandom(3, S, Access::Load, w, range, false, k++);
    for (std::uint32_t range : {32u, 512u}) b.addRandom(3, S, Access::Load, w, range, true, k++);
  }
  const std::uint32_t all = 0xffffffffu;
  for (unsigned k : {2u, 32u, 33u})
    b.add(3, S, Access::CAtomicInc, 4, all, 0, "stride" + std::to_string(k), [k](unsigned l) { return l * k; });
  b.add(3, S, Access::CAtomicInc, 4, all, 0, "mod16", [](unsigned l) { return l % 16; });
  b.add(3, S, Access::CAtomicInc, 4, 0x0000ffffu, 0, "stride32.mask0000ffff", [](unsigned l) { return l * 32; });
  b.addRandom(3, S, Access::CAtomicInc, 4, 64, false, 10);
  b.addRandom(3, S, Access::CAtomicInc, 4, 256, false, 11);
}

// Tier 4 (session 15): CAS loops taken apart. The whole-loop totals of a few 64-bit loops
// (atomadd64.stride16/32, rand64.0, rand512m.0, catomicaddf64.stride32) differ from the CAS-loop
// rule by one wavefront or conflict, so the same offsets run again with fewer lanes: the lane sets
// the rule says remain after each iteration, and small sets on one bank. Each set also runs as a
// plain load, to price the loop's LDS apart from its ATOMS.
inline void tier4(Builder& b) {
  const Space S = Space::Shared;
  // A copy of the pattern named `name` (already in the list) with fewer lanes.
  auto subset = [&](const std::string& name, Access a, std::uint32_t mask) {
    for (const Pattern& p : b.out) {
      if (p.name != name) continue;
      // "shared.atomadd64.rand64.0" -> "rand64.0.mask...": the part after space and access.
      const std::string what = name.substr(name.find('.', name.find('.') + 1) + 1) + ".mask" + hex8(mask);
      const Pattern copy = p;
      b.add(4, S, a, p.width, mask & p.mask, 0, what,
            [&](unsigned l) { return copy.offset[l] / copy.width; });
      return;
    }
  };
  const std::uint32_t oneBank[] = {0x00000001u, 0x00000003u, 0x00010001u, 0x80008000u, 0x80000001u,
                                   0x0000000fu, 0x000000ffu, 0x0000ffffu, 0x00030003u, 0x55555555u,
                                   0xaaaaaaaau, 0x0000c000u};
  for (std::uint32_t m : oneBank) {
    b.add(4, S, Access::AtomAdd, 8, m, 0, "stride16.mask" + hex8(m), [](unsigned l) { return l * 16; });
    b.add(4, S, Access::Load, 8, m, 0, "stride16.mask" + hex8(m), [](unsigned l) { return l * 16; });
  }
  for (std::uint32_t m : {0x00000003u, 0x00010001u, 0x80000001u, 0x0000ffffu})
    b.add(4, S, Access::CAtomicAddF, 4, m, 0, "stride32.mask" + hex8(m), [](unsigned l) { return l * 32; });
  for (std::uint32_t m : {0xffffffffu, 0x10400400u, 0x10000000u}) {
    subset("shared.atomadd64.rand512m.0", Access::AtomAdd, m);
    subset("shared.atomadd64.rand512m.0", Access::Load, m);
  }
  for (std::uint32_t m : {0xffffffffu, 0xad5842a4u, 0x8c004000u, 0x80000000u}) {
    subset("shared.atomadd64.rand64.0", Access::AtomAdd, m);
    subset("shared.atomadd64.rand64.0", Access::Load, m);
  }
  // Held out: a rule fitted to the sets above predicted these before they ran (lone lanes,
  // half-warp broadcasts of 128-bit loads, and "a 64-bit load of at most 4 lanes is one group",
  // which four of them disproved; tier 5 settled that part).
  for (std::uint32_t m : {0x00010007u, 0x00070003u, 0x00030007u, 0x00070007u, 0x000f0001u, 0x0001000fu})
    b.add(4, S, Access::Load, 8, m, 0, "stride16.mask" + hex8(m), [](unsigned l) { return l * 16; });
  // Few lanes (3 to 8) at random on 16 or 32 elements, as loads and as CAS loops.
  for (int k = 0; k < 12; ++k) {
    const unsigned lanes = 3 + k % 6;
    const std::uint32_t mask = b.randomLanes(lanes);
    std::uint32_t idx[32];
    for (auto& i : idx) i = b.rng.next() % (k < 6 ? 16 : 32);
    const std::string what = "few" + std::to_string(lanes) + "." + std::to_string(k);
    b.add(4, S, Access::Load, 8, mask, 0, what, [&](unsigned l) { return idx[l]; });
    b.add(4, S, Access::AtomAdd, 8, mask, 0, what, [&](unsigned l) { return idx[l]; });
    b.add(4, S, Access::Load, 16, mask, 0, what, [&](unsigned l) { return idx[l]; });
  }
  // Lone lanes (no pair has both lanes active) with and without bank conflicts.
  for (std::uint32_t m : {0x55555555u, 0xaaaaaaaau, 0x11111111u, 0x00005555u}) {
    for (std::uint32_t range : {32u, 256u}) {
      std::uint32_t idx[32];
      for (auto& i : idx) i = b.rng.next() % range;
      b.add(4, S, Access::Load, 8, m, 0, "lone.rand" + std::to_string(range) + ".mask" + hex8(m),
            [&](unsigned l) { return idx[l]; });
    }
    b.add(4, S, Access::Load, 8, m, 0, "lone.stride1.mask" + hex8(m), [](unsigned l) { return l / 2; });
  }
  // 128-bit loads with one half-warp a broadcast and the other not.
  const std::uint32_t all = 0xffffffffu;
  b.add(4, S, Access::Load, 16, all, 0, "lo.bcast.hi.stride1", [](unsigned l) { return l < 16 ? 0u : l; });
  b.add(4, S, Access::Load, 16, all, 0, "lo.stride1.hi.div2", [](unsigned l) { return l < 16 ? l : l / 2; });
  b.add(4, S, Access::Load, 16, all, 0, "lo.stride2.hi.bcast", [](unsigned l) { return l < 16 ? 2 * l : 3u; });
  b.add(4, S, Access::Load, 16, all, 0, "lo.div2.hi.stride8", [](unsigned l) { return l < 16 ? l / 2 : 8 * l; });
  b.add(4, S, Access::Load, 16, 0x0000ffffu, 0, "bcast.mask0000ffff", [](unsigned) { return 5u; });
  b.add(4, S, Access::Load, 16, 0xffff00ffu, 0, "lo.stride1.hi.bcast.maskffff00ff",
        [](unsigned l) { return l < 16 ? l : 0u; });
  b.add(4, S, Access::Load, 8, all, 0, "lo.stride1.hi.bcast2", [](unsigned l) { return l < 16 ? l : 7u; });
}

// Tier 5 (session 15): when a 64-bit load's two half-warps are one group. Stride 16 puts every
// lane on one bank, so only the conflict count shows the grouping (one group: lanes - 1, two:
// lanes - 2); "disjoint" gives the lanes of both halves distinct banks of one 128-byte block
// (one group: 1 wavefront, two: 2), "disjoint2" the same with the second half in the next block.
// Masks at random, each half non-empty. And 128-bit loads of 3 to 10 lanes at random.
inline void tier5(Builder& b) {
  const Space S = Space::Shared;
  auto halves = [&](std::uint32_t lo, std::uint32_t hi) {
    std::uint32_t m = 0;
    while (!(m & 0xffffu) || !(m >> 16)) m = b.rng.next() & (lo | hi << 16);
    return m;
  };
  for (int k = 0; k < 40; ++k) {
    const std::uint32_t m = halves(0xc00fu, 0xc00fu);  // lanes 0-3, 14, 15 of each half
    b.add(5, S, Access::Load, 8, m, 0, "stride16.r" + std::to_string(k) + ".mask" + hex8(m),
          [](unsigned l) { return l * 16; });
  }
  // Lane l < 16 reads element l, lane l >= 16 element (l + 8) % 16 (+ 16 for disjoint2): a mask
  // keeps lane k of the low half and lane 16 + (k + 8) % 16 of the high half from both being set.
  for (int two = 0; two < 2; ++two) {
    for (int k = 0; k < 40; ++k) {
      std::uint32_t m = halves(0xffffu, 0xffffu);
      for (unsigned l = 0; l < 16; ++l)
        if ((m >> l & 1u) && (m >> (16 + (l + 8) % 16) & 1u)) m &= ~(1u << (16 + (l + 8) % 16));
      if (!(m >> 16)) m |= 1u << (16 + (__builtin_ctz(~m & 0xffffu) + 8) % 16);
      b.add(5, S, Access::Load, 8, m, 0,
            std::string(two ? "disjoint2" : "disjoint") + ".r" + std::to_string(k) + ".mask" + hex8(m),
            [two](unsigned l) { return l < 16 ? l : (l + 8) % 16 + 16u * two; });
    }
  }
  for (int k = 0; k < 24; ++k) {
    const unsigned lanes = 3 + k % 8;
    const std::uint32_t mask = b.randomLanes(lanes);
    std::uint32_t idx[32];
    for (auto& i : idx) i = b.rng.next() % (k < 12 ? 8 : 24);
    b.add(5, S, Access::Load, 16, mask, 0, "few" + std::to_string(lanes) + ".r" + std::to_string(k),
          [&](unsigned l) { return idx[l]; });
  }
}

// The elements of tiers 6 and 7: the active lanes of each half-warp take a shuffled 0..7 in lane
// order (distinct up to 8 lanes: one 128-byte block of 16-byte elements, no bank conflict).
inline void distinctPerHalf(Builder& b, std::uint32_t mask, std::uint32_t elem[32]) {
  for (unsigned l = 0; l < 32; ++l) elem[l] = 0;
  for (unsigned h = 0; h < 2; ++h) {
    std::uint32_t order[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    for (unsigned i = 7; i > 0; --i) {
      const unsigned j = b.rng.next() % (i + 1);
      const std::uint32_t t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    unsigned next = 0;
    for (unsigned l = 16 * h; l < 16 * h + 16; ++l)
      if (mask >> l & 1u) elem[l] = order[next++ % 8];
  }
}

// Tier 6 (session 15): the SASS-attributed grouping of 128-bit loads of a few lanes, which the
// rule misses in two tier-5 patterns. Lanes of one quarter-warp pair read distinct 16-byte
// elements of one 128-byte block (no bank conflict: one group is 1 wavefront, two are 2); "lo"
// and "hi" keep to one half-warp, "both" to both, reading the same eight elements.
inline void tier6(Builder& b) {
  const Space S = Space::Shared;
  const char* names[] = {"lo", "hi", "both"};
  for (int part = 0; part < 3; ++part) {
    for (int k = 0; k < 40; ++k) {
      std::uint32_t m = 0;
      const unsigned n = 2 + k % 7;
      if (part < 2) {
        const std::uint32_t half = part == 0 ? 0x0000ffffu : 0xffff0000u;
        while (!(m & half & 0x00ff00ffu) || !(m & half & 0xff00ff00u)) m = b.randomLanes(n, half);
      } else {
        while (!(m & 0xffffu) || !(m >> 16)) {
          const std::uint32_t first = b.randomLanes(n);  // sequenced: the draws' order is the list's
          m = first | b.randomLanes(2);
        }
      }
      std::uint32_t elem[32];
      distinctPerHalf(b, m, elem);
      b.add(6, S, Access::Load, 16, m, 0, std::string(names[part]) + ".r" + std::to_string(k),
            [&](unsigned l) { return elem[l]; });
    }
  }
}

// Tier 7 (session 15): held out for the rule tier 6 suggested, that ncu's SASS attribution splits
// a 128-bit load's low half-warp whenever lane 31 is active. The low half-warp has lanes in both
// quarter-warps; the high half-warp has lane 31, lane 30 but not 31, or neither; distinct
// elements of one 128-byte block per half-warp, so no bank conflicts.
inline void tier7(Builder& b) {
  const Space S = Space::Shared;
  const std::uint32_t highs[] = {0x80000000u, 0x40000000u, 0x01000000u, 0x80010000u, 0x40010000u,
                                 0x00810000u, 0x80000000u, 0xc0000000u, 0x20000000u, 0x00020000u};
  for (int k = 0; k < 60; ++k) {
    std::uint32_t lo = 0;
    const unsigned n = 2 + k % 5;
    while (static_cast<unsigned>(__builtin_popcount(lo)) < n || !(lo & 0xffu) || !(lo & 0xff00u))
      lo |= 1u << (b.rng.next() % 16);
    std::uint32_t hi = highs[k % 10] & 0xffff0000u;
    if (k >= 30) hi |= (1u << (16 + b.rng.next() % 14));  // one more high lane below 30
    const std::uint32_t m = lo | hi;
    std::uint32_t elem[32];
    distinctPerHalf(b, m, elem);
    b.add(7, S, Access::Load, 16, m, 0, "lane31.r" + std::to_string(k) + ".mask" + hex8(m),
          [&](unsigned l) { return elem[l]; });
  }
}

}  // namespace detail

// Every pattern of the sweep, tier 1 first. Deterministic: same list on every machine.
inline std::vector<Pattern> bankSweepPatterns() {
  detail::Builder b;
  const unsigned widths[] = {1, 2, 4, 8, 16};
  for (int tier = 1; tier <= 2; ++tier) {
    for (Access a : {Access::Load, Access::Store})
      for (unsigned w : widths) detail::sharedLdSt(b, tier, a, w);
    detail::sharedAtomics(b, tier);
    for (Access a : {Access::Load, Access::Store})
      for (unsigned w : widths) detail::globalLdSt(b, tier, a, w);
  }
  detail::tier3(b);
  detail::tier4(b);
  detail::tier5(b);
  detail::tier6(b);
  detail::tier7(b);
  return b.out;
}

}  // namespace loom_sweep
