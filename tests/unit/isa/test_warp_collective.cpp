// isa::resolveWarp against PTX's shfl.sync / vote.sync / match.sync / redux.sync definitions,
// worked out by hand for a few lanes.
#include <catch2/catch.hpp>

#include "isa/warp/warp_collective.h"

using loom::isa::resolveWarp;
using loom::isa::WarpOp;
using loom::isa::WarpRequest;

namespace {
struct Warp {
  WarpRequest requests[32];
  std::uint64_t results[32];
  Warp(WarpOp op, unsigned param, unsigned width, unsigned mask = 0xffffffffu) {
    for (unsigned l = 0; l < 32; ++l) {
      requests[l] = WarpRequest{op, 100 + l, param, width, mask};
      results[l] = 0xdeadbeef;
    }
  }
};
}  // namespace

TEST_CASE("shfl idx reads srcLane mod width inside the caller's segment") {
  Warp w(WarpOp::ShflIdx, 3, 8);
  resolveWarp(w.requests, 0xffffffffu, w.results);
  CHECK(w.results[0] == 103);
  CHECK(w.results[13] == 111);  // segment [8, 15], lane 8 + 3
  Warp neg(WarpOp::ShflIdx, static_cast<unsigned>(-1), 32);
  resolveWarp(neg.requests, 0xffffffffu, neg.results);
  CHECK(neg.results[4] == 131);  // -1 mod 32 = 31
}

TEST_CASE("shfl up and down keep the own value when the source leaves the segment") {
  Warp up(WarpOp::ShflUp, 3, 16);
  resolveWarp(up.requests, 0xffffffffu, up.results);
  CHECK(up.results[2] == 102);   // 2 - 3 < 0
  CHECK(up.results[18] == 118);  // 15 < segment start 16
  CHECK(up.results[19] == 116);
  Warp down(WarpOp::ShflDown, 5 + 32, 32);  // only the low 5 bits of delta count
  resolveWarp(down.requests, 0xffffffffu, down.results);
  CHECK(down.results[26] == 131);
  CHECK(down.results[27] == 127);
}

TEST_CASE("shfl xor reads an earlier segment but not a later one") {
  Warp x(WarpOp::ShflXor, 20, 16);
  resolveWarp(x.requests, 0xffffffffu, x.results);
  CHECK(x.results[2] == 102);    // 2 ^ 20 = 22 lies past segment [0, 15]: own value
  CHECK(x.results[22] == 102);   // 22 ^ 20 = 2, an earlier segment: read
}

TEST_CASE("a valid source that takes no part reads 0 (sm_90)") {
  Warp w(WarpOp::ShflIdx, 12, 32, 0xffu);
  resolveWarp(w.requests, 0xffu, w.results);
  CHECK(w.results[0] == 0);
}

TEST_CASE("votes, match and reduce over the lanes of the mask") {
  Warp b(WarpOp::Ballot, 0, 32, 0x0000ffffu);
  for (unsigned l = 0; l < 32; ++l) b.requests[l].value = l % 2;
  resolveWarp(b.requests, 0x0000ffffu, b.results);
  CHECK(b.results[0] == 0x0000aaaau);

  Warp m(WarpOp::MatchAny, 0, 32);
  for (unsigned l = 0; l < 32; ++l) m.requests[l].value = l / 8;
  resolveWarp(m.requests, 0xffffffffu, m.results);
  CHECK(m.results[9] == 0x0000ff00u);

  Warp all(WarpOp::MatchAll, 0, 32, 0xf0u);
  for (unsigned l = 0; l < 32; ++l) all.requests[l].value = 7;
  resolveWarp(all.requests, 0xf0u, all.results);
  CHECK(all.results[4] == (0xf0u | (std::uint64_t{1} << 32)));

  Warp r(WarpOp::ReduceMinS, 0, 32);
  for (unsigned l = 0; l < 32; ++l) r.requests[l].value = static_cast<std::uint32_t>(10 - static_cast<int>(l));
  resolveWarp(r.requests, 0xffffffffu, r.results);
  CHECK(static_cast<std::int32_t>(r.results[0]) == -21);
}

TEST_CASE("lanes outside a rendezvous keep the result of their previous one") {
  Warp w(WarpOp::ShflIdx, 0, 32, 0x0000ffffu);
  resolveWarp(w.requests, 0x0000ffffu, w.results);
  CHECK(w.results[3] == 100);
  CHECK(w.results[20] == 0xdeadbeef);
}

TEST_CASE("shuffleSourceLane names the lane a shuffle reads, or -1 for the own value") {
  using loom::isa::shuffleSourceLane;
  auto req = [](WarpOp op, unsigned param, unsigned width) {
    return WarpRequest{op, 0, param, width, 0xffffffffu};
  };
  CHECK(shuffleSourceLane(req(WarpOp::ShflIdx, 35, 8), 13) == 11);  // 8 + 35 mod 8
  CHECK(shuffleSourceLane(req(WarpOp::ShflUp, 1, 4), 4) == -1);      // segment starts at 4
  CHECK(shuffleSourceLane(req(WarpOp::ShflUp, 33, 32), 4) == 3);     // low 5 bits: 1
  CHECK(shuffleSourceLane(req(WarpOp::ShflDown, 2, 4), 2) == -1);    // 4 is the next segment
  CHECK(shuffleSourceLane(req(WarpOp::ShflXor, 16, 16), 3) == -1);   // later segment: own value
  CHECK(shuffleSourceLane(req(WarpOp::ShflXor, 16, 16), 19) == 3);   // earlier segment: read
}

TEST_CASE("a rendezvous resolves only the lanes it is given") {
  Warp w(WarpOp::ShflIdx, 1, 2);
  resolveWarp(w.requests, 0x3u, w.results);
  CHECK(w.results[0] == 101);
  CHECK(w.results[1] == 101);
  CHECK(w.results[2] == 0xdeadbeef);  // lane 2 waits at another collective: untouched
}
