// Which price an aggregable shared atomic's site reports (check/counters/site_table.h): nvcc
// warp-aggregates 32-bit add/sub/and/or/xor/min/max on an address it proves uniform, one lane's
// ATOMS per warp (1 wavefront for 32 lanes on one word, where ATOMS.ADD costs 32: recorded in
// tests.cuda.discarded_atomics and banks.shared_atom). Loom takes a site as uniform when every
// request had one address and two warps of a block named the same one.
#include <catch2/catch.hpp>

#include "check/counters/warp_access.h"

namespace {

using loom::check::AccessOp;
using loom::check::Metric;
using loom::check::PendingAccess;
using loom::check::SiteTable;
using loom::check::Space;

const char kSite[] = "site";

// One warp's request of 32 lanes, lane l at address(l) in shared memory.
template <class F>
void request(SiteTable& table, unsigned warp, F address, bool aggregable = true) {
  PendingAccess lanes[32];
  for (unsigned l = 0; l < 32; ++l) {
    lanes[l].site = kSite;
    lanes[l].address = address(l);
    lanes[l].width = 4;
    lanes[l].op = AccessOp::Atomic;
    lanes[l].space = Space::Shared;
    lanes[l].aggregable = aggregable;
  }
  loom::check::scoreRequest(lanes, ~0u, warp, table);
}

std::uint64_t wavefronts(const SiteTable& table) {
  return table.entries().at(0).second.reported()[Metric::SharedAtomWavefronts];
}

auto word0 = [](unsigned) { return 0u; };

}  // namespace

TEST_CASE("an aggregable atomic on one word in two warps is one lane's request per warp", "[check][aggregation]") {
  SiteTable block;
  request(block, 0, word0);
  request(block, 1, word0);
  CHECK(wavefronts(block) == 2);
  // The same requests without the aggregable form: ATOMS.ADD serializes the 32 lanes.
  SiteTable plain;
  request(plain, 0, word0, false);
  request(plain, 1, word0, false);
  CHECK(wavefronts(plain) == 64);
}

TEST_CASE("one warp cannot show that an address is uniform", "[check][aggregation]") {
  SiteTable block;
  request(block, 0, word0);
  request(block, 0, word0);  // the same warp again (a loop)
  CHECK(wavefronts(block) == 64);
}

TEST_CASE("an address that differs between lanes or warps is priced per lane", "[check][aggregation]") {
  SiteTable perWarp;  // &s[threadIdx.x / 32]
  request(perWarp, 0, word0);
  request(perWarp, 1, [](unsigned) { return 4u; });
  CHECK(wavefronts(perWarp) == 64);
  SiteTable lanes;  // two words of one bank
  request(lanes, 0, [](unsigned l) { return (l % 2) * 128u; });
  request(lanes, 1, [](unsigned l) { return (l % 2) * 128u; });
  CHECK(wavefronts(lanes) == 64);
}

TEST_CASE("blocks may name different uniform addresses; the launch decides once", "[check][aggregation]") {
  SiteTable launch;
  for (unsigned b = 0; b < 2; ++b) {  // &s[blockIdx.x % 2]
    SiteTable block;
    request(block, 0, [b](unsigned) { return 4u * b; });
    request(block, 1, [b](unsigned) { return 4u * b; });
    block.mergeInto(launch);
  }
  CHECK(wavefronts(launch) == 4);
  // A third block whose lanes split between two words makes the whole launch per lane, as nvcc's
  // choice is static: the first two blocks' four requests at 32 each, the third's 16 lanes per
  // word (two banks) at 16.
  SiteTable split;
  request(split, 0, [](unsigned l) { return 4u * (l % 2); });
  split.mergeInto(launch);
  CHECK(wavefronts(launch) == 4 * 32 + 16);
}
