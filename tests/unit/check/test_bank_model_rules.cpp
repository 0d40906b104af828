// The bank model's rules on hand-written requests whose costs follow from the rules written in
// bank_model.cpp (each also appears among the recorded device patterns).
#include <catch2/catch.hpp>

#include "check/bank_model.h"

using namespace loom::check;

namespace {
SharedRequest request(SharedOp op, unsigned width, std::uint32_t mask, std::uint32_t (*offset)(unsigned),
                      SharedAtomic atomic = SharedAtomic::Native) {
  SharedRequest r{};
  r.op = op;
  r.width = width;
  r.activeMask = mask;
  r.atomic = atomic;
  for (unsigned l = 0; l < 32; ++l) r.offset[l] = offset(l);
  return r;
}
bool same(SharedCost c, std::uint32_t wavefronts, std::uint32_t conflicts) {
  return c.wavefronts == wavefronts && c.bankConflicts == conflicts && c.sassWavefronts == wavefronts;
}
// Raw wavefronts and conflicts, then the SASS-attributed wavefronts.
bool same(SharedCost c, std::uint32_t wavefronts, std::uint32_t conflicts, std::uint32_t sass) {
  return c.wavefronts == wavefronts && c.bankConflicts == conflicts && c.sassWavefronts == sass;
}
}  // namespace

TEST_CASE("bank model: 32-bit strides and broadcasts", "[check][banks]") {
  CHECK(same(sharedCost(request(SharedOp::Load, 4, ~0u, [](unsigned l) { return l * 4; })), 1, 0));
  CHECK(same(sharedCost(request(SharedOp::Load, 4, ~0u, [](unsigned l) { return l * 8; })), 2, 1));
  CHECK(same(sharedCost(request(SharedOp::Load, 4, ~0u, [](unsigned l) { return l * 128; })), 32, 31));
  CHECK(same(sharedCost(request(SharedOp::Load, 4, ~0u, [](unsigned l) { return l * 132; })), 1, 0));
  CHECK(same(sharedCost(request(SharedOp::Load, 4, 0xffffu, [](unsigned l) { return l * 128; })), 16, 15));
  CHECK(same(sharedCost(request(SharedOp::Load, 4, ~0u, [](unsigned) { return 64u; })), 1, 0));
  CHECK(same(sharedCost(request(SharedOp::Load, 4, 0, [](unsigned l) { return l * 128; })), 0, 0));
}

TEST_CASE("bank model: 8- and 16-bit accesses count distinct words", "[check][banks]") {
  CHECK(same(sharedCost(request(SharedOp::Load, 1, ~0u, [](unsigned l) { return l; })), 1, 0));
  CHECK(same(sharedCost(request(SharedOp::Store, 2, ~0u, [](unsigned l) { return l * 8; })), 2, 1));
}

TEST_CASE("bank model: 64- and 128-bit loads merge when lane pairs share an address", "[check][banks]") {
  // Broadcasts: one wavefront for 64 bits, two (half-warps) for 128 bits.
  CHECK(same(sharedCost(request(SharedOp::Load, 8, ~0u, [](unsigned) { return 0u; })), 1, 0));
  CHECK(same(sharedCost(request(SharedOp::Load, 16, ~0u, [](unsigned) { return 0u; })), 2, 0));
  // Lanes 2k and 2k+1 on one word: whole warp (64-bit) / half-warps (128-bit).
  CHECK(same(sharedCost(request(SharedOp::Load, 8, ~0u, [](unsigned l) { return l / 2 * 8; })), 1, 0));
  CHECK(same(sharedCost(request(SharedOp::Load, 16, ~0u, [](unsigned l) { return l / 2 * 16; })), 2, 0));
  // Lanes l and l + 16 on one word: no merge, half-warps (64) / quarter-warps (128).
  CHECK(same(sharedCost(request(SharedOp::Load, 8, ~0u, [](unsigned l) { return l % 16 * 8; })), 2, 0));
  CHECK(same(sharedCost(request(SharedOp::Load, 16, ~0u, [](unsigned l) { return l % 16 * 16; })), 4, 0));
  // Even lanes only: merged, so word 0 and word 16 collide: 2 wavefronts, 1 conflict.
  CHECK(same(sharedCost(request(SharedOp::Load, 8, 0x55555555u, [](unsigned l) { return l * 8; })), 2, 1));
  // Same pattern, 128-bit: half-warps, each 2 wavefronts with 1 conflict.
  CHECK(same(sharedCost(request(SharedOp::Load, 16, 0x55555555u, [](unsigned l) { return l * 16; })), 4, 2));
}

TEST_CASE("bank model: a 64-bit load is one group when each quad's values fit two slots", "[check][banks]") {
  auto oneBank = [](unsigned l) { return l * 128; };  // every lane on bank 0, distinct words
  // Lanes {0, 1} and {16, 17}: by parity each quad has one even and one odd lane: one group,
  // 4 wavefronts, 3 conflicts (half-warps would give 2 conflicts).
  CHECK(same(sharedCost(request(SharedOp::Load, 8, 0x00030003u, oneBank)), 4, 3));
  // Lanes {0, 2} and {16, 17}: 0 and 2 share the parity slot, 16 and 17 the pair slot: half-warps.
  CHECK(same(sharedCost(request(SharedOp::Load, 8, 0x00030005u, oneBank)), 4, 2));
  // Lanes {0, 1, 2} and {16}: three lanes in quad 0 cannot fit two slots: half-warps.
  CHECK(same(sharedCost(request(SharedOp::Load, 8, 0x00010007u, oneBank)), 4, 2));
}

TEST_CASE("bank model: SASS-attributed wavefronts group 64- and 128-bit loads differently", "[check][banks]") {
  // Lanes 10, 22, 28 (shared.ld64.rand512m.0's second iteration), 22 and 28 on one bank: the raw
  // counters see one group (2 wavefronts, 1 conflict), ncu's SASS attribution two half-warps (3).
  CHECK(same(sharedCost(request(SharedOp::Load, 8, 0x10400400u,
                                [](unsigned l) { return l == 10 ? 3056u : l == 22 ? 2888u : 1480u; })),
             2, 1, 3));
  // Lone lanes without a conflict (shared.ld64.lone.stride1.mask55555555): one group in both.
  CHECK(same(sharedCost(request(SharedOp::Load, 8, 0x55555555u, [](unsigned l) { return l / 2 * 8; })), 1, 0, 1));
  // 128-bit, low half-warp stride 1, high half-warp a broadcast: the raw counters keep the four
  // quarter-warps (the warp's quads do not fit), the SASS attribution merges the broadcast half.
  CHECK(same(sharedCost(request(SharedOp::Load, 16, ~0u, [](unsigned l) { return l < 16 ? l * 16 : 0u; })), 4, 0, 3));
  // 128-bit, lanes in both quarter-warps of the low half on distinct banks, and one high lane:
  // the SASS attribution keeps the low half one group unless lane 31 is active
  // (shared.ld128.lane31.r1 and .r0; 16-byte elements).
  CHECK(same(sharedCost(request(SharedOp::Load, 16, 0x40000248u,
                                [](unsigned l) { return 16 * (l == 3 ? 2u : l == 6 ? 5u : l == 9 ? 3u : 2u); })),
             2, 0, 2));
  CHECK(same(sharedCost(request(SharedOp::Load, 16, 0x80000180u,
                                [](unsigned l) { return 16 * (l == 7 ? 4u : l == 8 ? 1u : 0u); })),
             2, 0, 3));
}

TEST_CASE("bank model: 64- and 128-bit stores never merge", "[check][banks]") {
  CHECK(same(sharedCost(request(SharedOp::Store, 8, ~0u, [](unsigned) { return 0u; })), 2, 0));
  CHECK(same(sharedCost(request(SharedOp::Store, 16, ~0u, [](unsigned) { return 0u; })), 4, 0));
  CHECK(same(sharedCost(request(SharedOp::Store, 16, ~0u, [](unsigned l) { return l * 32; })), 8, 4));
  CHECK(same(sharedCost(request(SharedOp::Store, 16, 1u, [](unsigned l) { return l * 16; })), 1, 0));
}

TEST_CASE("bank model: atomics", "[check][banks]") {
  auto sameWord = [](unsigned) { return 0u; };
  // Native: each lane on its own, 32 lanes on one word are 32 wavefronts.
  CHECK(same(sharedCost(request(SharedOp::Atomic, 4, ~0u, sameWord)), 32, 31));
  CHECK(same(sharedCost(request(SharedOp::Atomic, 4, ~0u, [](unsigned l) { return l * 4; })), 1, 0));
  // 64-bit native (exch): half-warps.
  CHECK(same(sharedCost(request(SharedOp::Atomic, 8, ~0u, sameWord)), 32, 30));
  // CAS: two wavefronts per pass.
  CHECK(same(sharedCost(request(SharedOp::Atomic, 4, ~0u, sameWord, SharedAtomic::Cas)), 64, 31));
  CHECK(same(sharedCost(request(SharedOp::Atomic, 8, ~0u, [](unsigned l) { return l * 8; }, SharedAtomic::Cas)), 4, 0));
  // POPC.INC: lanes on one word merge.
  CHECK(same(sharedCost(request(SharedOp::Atomic, 4, ~0u, sameWord, SharedAtomic::PopcInc)), 1, 0));
  CHECK(same(sharedCost(request(SharedOp::Atomic, 4, ~0u, [](unsigned l) { return l * 128; }, SharedAtomic::PopcInc)), 32, 31));
}

TEST_CASE("bank model: a CAS loop on one word runs once per lane", "[check][banks]") {
  // float atomicAdd by 32 lanes on one word: 32 iterations, each a broadcast LDS and a 2-wavefront spin.
  const SharedAccessCost c = sharedAccessCost(
      request(SharedOp::Atomic, 4, ~0u, [](unsigned) { return 0u; }, SharedAtomic::CasLoop));
  CHECK(c.atomic.instructions == 32);
  CHECK(c.atomic.cost.wavefronts == 64);
  CHECK(c.load.instructions == 32);
  CHECK(c.load.cost.wavefronts == 32);
  CHECK(c.store.instructions == 0);
  // Distinct banks: one iteration.
  const SharedAccessCost d = sharedAccessCost(
      request(SharedOp::Atomic, 4, ~0u, [](unsigned l) { return l * 4; }, SharedAtomic::CasLoop));
  CHECK(d.atomic.instructions == 1);
  CHECK(d.atomic.cost.wavefronts == 2);
}
