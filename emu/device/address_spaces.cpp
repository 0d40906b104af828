// Device-side address-space conversions and predicates (loom/device/address_spaces.h): the shared
// window of the block this worker runs, laid out as the device lays it out.
#include "loom/device/address_spaces.h"

#include <cstdint>

#include "mem/address_space.h"
#include "sched/block_group.h"
#include "sched/block_runner.h"
#include "sched/worker.h"

namespace loom::device {

namespace {

// Where the dynamic shared memory starts in the shared window: after the static block, at the
// 128-byte alignment the device gives dynamic shared memory.
std::uintptr_t dynamicWindowOffset(const sched::BlockGroup::SharedWindow& w) {
  return (w.staticEnd - w.staticBegin + 127) & ~std::uintptr_t{127};
}

}  // namespace

std::size_t genericToShared(const void* address) {
  const sched::BlockGroup::SharedWindow w = sched::sharedWindow(sched::Worker::current());
  auto a = reinterpret_cast<std::uintptr_t>(address);
  if (w.holdsDynamic(a)) return dynamicWindowOffset(w) + (a - w.dynamicBase);
  // A static variable; anything else is undefined on the device (PTX: cvta of an address outside
  // the window), and lands outside the window here too.
  return a - w.staticBegin;
}

void* sharedToGeneric(std::size_t address) {
  const sched::BlockGroup::SharedWindow w = sched::sharedWindow(sched::Worker::current());
  const std::uintptr_t dynamicAt = dynamicWindowOffset(w);
  if (address >= dynamicAt) return reinterpret_cast<void*>(w.dynamicBase + (address - dynamicAt));
  return reinterpret_cast<void*>(w.staticBegin + address);
}

bool isShared(const void* address) { return mem::isSharedAddress(address); }

bool isLocal(const void* address) {
  sched::BlockRunner* runner = sched::BlockRunner::current();
  return runner && runner->inLocal(address);
}

// The device's global window holds what is in no other space: allocations, __device__ and
// __managed__ variables, mapped host memory.
bool isGlobal(const void* address) { return !isClusterShared(address) && !isLocal(address); }

bool isClusterShared(const void* address) {
  sched::BlockRunner* runner = sched::BlockRunner::current();
  return runner ? runner->inClusterShared(address) : mem::isSharedAddress(address);
}

}  // namespace loom::device
