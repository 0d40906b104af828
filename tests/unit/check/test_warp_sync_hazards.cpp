// The fast mode's detector of legacy warp-synchronous code (check/warp_sync_hazards.h), driven
// with the accesses the fast mode makes: each lane of a warp runs to its next synchronization
// before the next lane starts.
#include <catch2/catch.hpp>

#include <optional>
#include <vector>

#include "check/warp_sync_hazards.h"

using loom::check::WarpSyncHazards;

namespace {
void siteRead() {}
void siteWrite() {}
const void* const kRead = reinterpret_cast<const void*>(&siteRead);
const void* const kWrite = reinterpret_cast<const void*>(&siteWrite);
}  // namespace

TEST_CASE("warp-sync hazards: the volatile reduction tail without __syncwarp is found", "[check][lockstep]") {
  // v[t] += v[t + 16]; v[t] += v[t + 8]; ... for t < 16, lanes one after another.
  WarpSyncHazards h;
  h.beginBlock();
  std::vector<WarpSyncHazards::Hazard> found;
  for (unsigned t = 0; t < 16; ++t)
    for (unsigned o = 16; o > 0; o /= 2) {
      for (auto [word, write] : {std::pair{t, false}, std::pair{t + o, false}, std::pair{t, true}})
        if (auto f = h.access(word, t, 1, write, write ? kWrite : kRead)) found.push_back(*f);
    }
  REQUIRE(!found.empty());
  // The first: lane 1 writes v[1] (step 16), which lane 0 had already read in its last step; on
  // the device lane 1's write came first.
  CHECK(found[0].earlierThread == 0);
  CHECK(found[0].laterThread == 1);
  CHECK(!found[0].earlierWrite);
  CHECK(found[0].laterWrite);
  CHECK(found[0].earlierSite == kRead);
  CHECK(found[0].laterSite == kWrite);
}

TEST_CASE("warp-sync hazards: __syncwarp between the steps, and lanes of other warps, order them", "[check][lockstep]") {
  // The fixed tail: x += v[t + o]; __syncwarp(); v[t] = x; __syncwarp(): each step its own
  // interval for every lane (the lanes meet at each __syncwarp).
  WarpSyncHazards h;
  h.beginBlock();
  std::uint64_t interval = 1;
  bool any = false;
  for (unsigned o = 16; o > 0; o /= 2) {
    for (unsigned t = 0; t < o; ++t) any |= h.access(t + o, t, interval, false, kRead).has_value();
    ++interval;
    for (unsigned t = 0; t < o; ++t) any |= h.access(t, t, interval, true, kWrite).has_value();
    ++interval;
  }
  CHECK(!any);

  // Threads 0 and 32 are lanes of two warps: a barrier, not __syncwarp, orders them (racecheck's
  // business, not this detector's).
  h.beginBlock();
  CHECK(!h.access(5, 0, 1, false, kRead));
  CHECK(!h.access(5, 32, 1, true, kWrite));
  // A lane re-reading its own writes is not an exchange.
  CHECK(!h.access(6, 3, 1, true, kWrite));
  CHECK(!h.access(6, 3, 1, false, kRead));
  CHECK(!h.access(6, 3, 1, true, kWrite));
}

TEST_CASE("warp-sync hazards: a flag one lane spins on is not data", "[check][lockstep]") {
  // Lane 0 waits for lane 1's flag: it reads it until the spin detector lets lane 1 run.
  WarpSyncHazards h;
  h.beginBlock();
  for (int i = 0; i < 256; ++i) CHECK(!h.access(9, 0, 1, false, kRead));
  CHECK(!h.access(9, 1, 1, true, kWrite));
  // A value read once by a lower lane and then overwritten by a higher one is an exchange.
  CHECK(!h.access(10, 0, 1, false, kRead));
  auto f = h.access(10, 2, 1, true, kWrite);
  REQUIRE(f);
  CHECK(f->earlierThread == 0);
  CHECK(f->laterThread == 2);
  // So is a value a lower lane wrote and a higher one reads.
  CHECK(!h.access(11, 4, 1, true, kWrite));
  CHECK(h.access(11, 5, 1, false, kRead).has_value());
}
