// LOOM_MEMORY=weak's store journal (mem/weak_memory.h), driven as the serial grid drives it:
// what a block stored without a fence is taken back when it ends and comes back later.
#include <catch2/catch.hpp>

#include <cstdint>

#include "mem/weak_memory.h"

namespace {
// In the executable's writable data, as __device__ variables are: memory the journal watches.
int gData[4];
long gWide;

std::uintptr_t at(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }
}  // namespace

TEST_CASE("weak memory: an unfenced store reaches the next block late, the kernel's end at last", "[mem][weak]") {
  auto& weak = loom::mem::WeakMemory::instance();
  gData[0] = 1;
  weak.beginLaunch(7, 3);
  weak.beforeBlock();  // block 0
  weak.store(at(&gData[0]), 4);
  gData[0] = 2;
  weak.store(at(&gData[0]), 4);  // stored twice: its oldest bytes come back
  gData[0] = 3;
  CHECK(gData[0] == 3);  // the block sees its own stores
  weak.endBlock();
  CHECK(gData[0] == 1);
  CHECK(weak.heldBack() == 1);
  weak.beforeBlock();  // block 1 never sees block 0's unreleased store
  CHECK(gData[0] == 1);
  weak.endBlock();
  weak.beforeBlock();
  weak.endBlock();
  weak.endLaunch();
  CHECK(gData[0] == 3);
  CHECK(weak.heldBack() == 0);
}

TEST_CASE("weak memory: a fence orders what came before it; sizes are kept apart", "[mem][weak]") {
  auto& weak = loom::mem::WeakMemory::instance();
  gData[1] = 10;
  gData[2] = 20;
  gWide = 5;
  weak.beginLaunch(1, 2);
  weak.beforeBlock();
  weak.store(at(&gData[1]), 4);
  gData[1] = 11;
  weak.fence();  // released
  weak.store(at(&gData[2]), 4);
  gData[2] = 21;
  weak.store(at(&gWide), 8);
  gWide = 6;
  weak.endBlock();
  CHECK(gData[1] == 11);
  CHECK(gData[2] == 20);
  CHECK(gWide == 5);
  weak.beforeBlock();
  weak.endBlock();
  weak.endLaunch();
  CHECK(gData[2] == 21);
  CHECK(gWide == 6);

  // Outside a weak launch (cooperative launches, other modes) nothing is journaled.
  int local = 0;
  weak.store(at(&gData[3]), 4);
  weak.store(at(&local), 4);
  CHECK(weak.heldBack() == 0);
}
