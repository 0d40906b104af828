// The inputs every isa/table row is swept over: a deterministic generator, seeded by the
// row's id, shared by the nvcc probe (validate/sweeps/isa) and the unit tests
// (tests/unit/isa/table), so both sides regenerate the same operands without storing them.
//
// A domain says what an argument's values look like. Each domain has a list of special values
// (boundaries, subnormals, NaN/inf, rounding midpoints) and a mix of random categories. The
// first inputs of a row are the cross product of its arguments' special values (as many as
// fit in a quarter of the sweep); the rest are drawn at random: a third special values, a
// third "ordinary" values of the domain, a third raw random bits. Values are returned as
// 64-bit patterns; the row's type token (isa/table/types.h) turns them into its argument type.
// Host code, C++17; nvcc compiles it for the probe's host side.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loom::isa::sweep {

// Inputs per row. The issue asks for at least 4096 per function.
inline constexpr int kInputCount = 4096;

enum class Domain {
  Bits32,   // any 32-bit pattern; specials are byte and halfword lane boundaries
  Bits64,   // any 64-bit pattern
  Int32,    // 32-bit integers with float rounding boundaries (2^24 +- k, 2^31) mixed in
  Int64,    // 64-bit integers with float/double rounding boundaries (2^24, 2^53, 2^63)
  Shift,    // shift counts: mostly 0..70, some raw bits
  Base31,   // 0..31 (__fns's base: larger is undefined behaviour)
  Offset,   // small signed offsets, -40..40, plus raw bits
  F32,      // float bit patterns: specials, ordinary values, midpoints, raw bits
  F64,      // double bit patterns, the same categories
  H16,      // binary16 encodings
  BF16,     // bfloat16 encodings
  H16x2,    // two binary16 encodings, x in the low half
  BF16x2,   // two bfloat16 encodings
};

namespace detail {

// splitmix64: tiny, good enough, and the same everywhere.
struct Rng {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t below(uint32_t n) { return static_cast<uint32_t>(next() % n); }
};

inline uint64_t fnv1a(const char* s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s != '\0'; ++s) h = (h ^ static_cast<unsigned char>(*s)) * 0x100000001b3ull;
  return h;
}

inline std::vector<uint64_t> specials(Domain d) {
  switch (d) {
    case Domain::Bits32:
      return {0, 1, 2, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000,
              0x80000001, 0xfffffffe, 0xffffffff, 0x7f7f7f7f, 0x80808080, 0x01010101, 0xfefefefe,
              0x7fff8000, 0x80007fff, 0x00ff00ff, 0xff00ff00, 0x12345678};
    case Domain::Bits64:
      return {0, 1, 0xffffffff, 0x100000000ull, 0x7fffffffffffffffull, 0x8000000000000000ull,
              0xffffffffffffffffull, 0x8000000000000001ull, 0x00000000ffffffffull,
              0xffffffff00000000ull, 0x0123456789abcdefull, 0xfffffffffffffffeull};
    case Domain::Int32:
      return {0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x80000001, 16777216, 16777217, 16777219,
              33554435, 0xff000001, 0x7fffff80, 0x7fffffc0, 2048, 2049, 65504, 65520, 65535};
    case Domain::Int64:
      return {0, 1, 0xffffffffffffffffull, 0x7fffffffffffffffull, 0x8000000000000000ull,
              0x8000000000000001ull, 16777217, 0x20000000000001ull, 0x20000000000003ull,
              0x7ffffffffffffe00ull, 0x7ffffffffffffc00ull, 0xffffffff00000001ull, 65520,
              0x100000000ull, 0xffffffffull, 0x80000000ull};
    case Domain::Shift:
      return {0, 1, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 0xffffffff, 0x80000000};
    case Domain::Base31:
      return {0, 1, 15, 16, 30, 31};
    case Domain::Offset:
      return {0, 1, 2, 31, 32, 33, 0xffffffff, 0xfffffffe, 0xffffffe1, 0xffffffe0, 0x80000000,
              0x7fffffff};
    case Domain::F32:
      return {0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000,
              0x80800000, 0x3f800000, 0xbf800000, 0x3f000000, 0xbf000000, 0x3fc00000, 0x40200000,
              0xc0200000, 0x3effffff, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
              0xffc00000, 0x7f800001, 0x7fa5a5a5, 0x4f000000, 0x4effffff, 0xcf000000, 0xcf000001,
              0x4f800000, 0x5f000000, 0xdf000000, 0x5f800000, 0x4b800000, 0x4b800001, 0x477fe000,
              0x477ff000, 0x40400000, 0x40490fdb, 0x3f7fffff, 0x33800000};
    case Domain::F64:
      return {0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull,
              0x800fffffffffffffull, 0x0010000000000000ull, 0x3ff0000000000000ull,
              0xbff0000000000000ull, 0x3fe0000000000000ull, 0x3ff8000000000000ull,
              0x4004000000000000ull, 0xc004000000000000ull, 0x7fefffffffffffffull,
              0xffefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
              0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull,
              0x7ff5a5a5a5a5a5a5ull, 0x41e0000000000000ull, 0x41dfffffffc00000ull,
              0xc1e0000000000000ull, 0xc1e0000000200000ull, 0x41f0000000000000ull,
              0x43e0000000000000ull, 0xc3e0000000000000ull, 0x43f0000000000000ull,
              0x47efffffe0000000ull, 0x47effffff0000000ull, 0x36a0000000000000ull,
              0x3690000000000000ull, 0x380fffffe0000000ull, 0x3ff0000010000000ull,
              0x3fefffffffffffffull, 0x4340000000000001ull};
    case Domain::H16:
      return {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x3800, 0x3e00,
              0x4100, 0xc100, 0x3bff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01,
              0x7fff, 0x5bff, 0x6400};
    case Domain::BF16:
      return {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0080, 0x3f80, 0xbf80, 0x3f00, 0x3fc0,
              0x4020, 0xc020, 0x3f7f, 0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81,
              0x7fff, 0x4f00, 0x5f00};
    case Domain::H16x2:
    case Domain::BF16x2: {
      const std::vector<uint64_t> one = specials(d == Domain::H16x2 ? Domain::H16 : Domain::BF16);
      std::vector<uint64_t> pairs;
      for (size_t i = 0; i < one.size(); ++i)
        pairs.push_back(one[i] | (one[(i * 7 + 3) % one.size()] << 16));
      return pairs;
    }
  }
  return {0};
}

// A value of the domain's "ordinary" kind: what programs mostly compute with.
inline uint64_t ordinary(Domain d, Rng& rng) {
  switch (d) {
    case Domain::Bits32:
    case Domain::Int32: {
      const uint32_t k = rng.below(4);
      if (k == 0) return static_cast<uint32_t>(static_cast<int32_t>(rng.below(2001)) - 1000);
      if (k == 1) {  // near a power of two, where int -> float rounds
        const int p = 20 + static_cast<int>(rng.below(12));
        const uint32_t v = (uint32_t{1} << p) + rng.below(64) - 32;
        return rng.below(2) ? v : static_cast<uint32_t>(-static_cast<int64_t>(v));
      }
      // random bytes from the SIMD lane boundaries
      static const uint8_t bytes[] = {0x00, 0x01, 0x7e, 0x7f, 0x80, 0x81, 0xfe, 0xff};
      uint32_t v = 0;
      for (int i = 0; i < 4; ++i) v |= uint32_t{bytes[rng.below(8)]} << (8 * i);
      return k == 2 ? v : (v ^ static_cast<uint32_t>(rng.next() & 0x7f7f7f7f));
    }
    case Domain::Bits64:
    case Domain::Int64: {
      const uint32_t k = rng.below(3);
      if (k == 0) return static_cast<uint64_t>(static_cast<int64_t>(rng.below(2001)) - 1000);
      const int p = k == 1 ? 20 + static_cast<int>(rng.below(44)) : 52 + static_cast<int>(rng.below(11));
      const uint64_t v = (uint64_t{1} << p) + (rng.next() & ((uint64_t{1} << (p - 8)) - 1));
      return rng.below(2) ? v : uint64_t{0} - v;
    }
    case Domain::Shift:
      return rng.below(71);
    case Domain::Base31:
      return rng.below(32);
    case Domain::Offset:
      return static_cast<uint32_t>(static_cast<int32_t>(rng.below(81)) - 40);
    case Domain::F32: {
      const uint32_t sign = static_cast<uint32_t>(rng.below(2)) << 31;
      const uint32_t k = rng.below(4);
      uint32_t exp = 0;
      if (k == 0) exp = 117 + rng.below(21);        // about 2^-10 .. 2^10
      else if (k == 1) exp = 127 + rng.below(64);   // integers up to 2^64, conversions
      else if (k == 2) exp = rng.below(256) ;       // any exponent
      else exp = 1 + rng.below(30);                 // tiny: products and quotients underflow
      if (exp == 255) exp = 254;
      uint32_t frac = static_cast<uint32_t>(rng.next()) & 0x7fffff;
      if (rng.below(4) == 0) frac = (frac & ~0x1fffu) | 0x1000u;  // a binary16 midpoint
      return sign | (exp << 23) | frac;
    }
    case Domain::F64: {
      const uint64_t sign = static_cast<uint64_t>(rng.below(2)) << 63;
      const uint32_t k = rng.below(4);
      uint64_t exp = 0;
      if (k == 0) exp = 1013 + rng.below(21);
      else if (k == 1) exp = 1023 + rng.below(66);
      else if (k == 2) exp = 1023 - 160 + rng.below(320);  // float's range and a little more
      else exp = rng.below(2047);
      uint64_t frac = rng.next() & 0xfffffffffffffull;
      const uint32_t shape = rng.below(4);
      if (shape == 0) frac = (frac & ~0x1fffffffull) | 0x10000000ull;  // a float midpoint
      else if (shape == 1) frac &= ~0x1fffffffull;                     // exactly a float
      return sign | (exp << 52) | frac;
    }
    case Domain::H16: {
      const uint64_t sign = static_cast<uint64_t>(rng.below(2)) << 15;
      return sign | (uint64_t{9 + rng.below(13)} << 10) | rng.below(1024);
    }
    case Domain::BF16: {
      const uint64_t sign = static_cast<uint64_t>(rng.below(2)) << 15;
      return sign | (uint64_t{117 + rng.below(21)} << 7) | rng.below(128);
    }
    case Domain::H16x2:
      return ordinary(Domain::H16, rng) | (ordinary(Domain::H16, rng) << 16);
    case Domain::BF16x2:
      return ordinary(Domain::BF16, rng) | (ordinary(Domain::BF16, rng) << 16);
  }
  return 0;
}

inline uint64_t rawBits(Domain d, Rng& rng) {
  const uint64_t r = rng.next();
  switch (d) {
    case Domain::Bits64:
    case Domain::Int64:
    case Domain::F64:
      return r;
    case Domain::Base31:
      return r & 31;
    case Domain::H16:
    case Domain::BF16:
      return r & 0xffff;
    default:
      return r & 0xffffffffu;
  }
}

}  // namespace detail

// Fills args[k][0..n) for each of the row's `arity` arguments (domains[k]); `id` seeds it.
inline void generate(const char* id, int arity, const Domain* domains, int n,
                     std::vector<uint64_t>* args) {
  std::vector<uint64_t> special[3], all[3];
  size_t cross = 1;
  for (int k = 0; k < arity; ++k) {
    all[k] = detail::specials(domains[k]);
    special[k] = all[k];
    // Keep the cross product within a quarter of the sweep.
    const size_t cap = arity == 1 ? special[k].size() : arity == 2 ? 32 : 10;
    if (special[k].size() > cap) special[k].resize(cap);
    cross *= special[k].size();
    args[k].assign(static_cast<size_t>(n), 0);
  }
  if (cross > static_cast<size_t>(n) / 4) cross = 0;
  detail::Rng rng{detail::fnv1a(id)};
  for (int i = 0; i < n; ++i) {
    size_t rest = static_cast<size_t>(i);
    for (int k = 0; k < arity; ++k) {
      uint64_t v;
      if (static_cast<size_t>(i) < cross) {
        v = special[k][rest % special[k].size()];
        rest /= special[k].size();
      } else {
        const uint32_t pick = rng.below(3);
        v = pick == 0   ? all[k][rng.below(static_cast<uint32_t>(all[k].size()))]
            : pick == 1 ? detail::ordinary(domains[k], rng)
                        : detail::rawBits(domains[k], rng);
      }
      args[k][static_cast<size_t>(i)] = v;
    }
  }
}

}  // namespace loom::isa::sweep
