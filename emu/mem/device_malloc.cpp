#include "mem/device_malloc.h"

#include <atomic>
#include <mutex>

#include "mem/device_heap.h"

namespace loom::mem {

namespace {
std::mutex gMutex;
std::size_t gLimit = kDefaultMallocHeapSize;
std::atomic<MallocArena*> gArena{nullptr};
}  // namespace

std::size_t mallocHeapLimit() {
  std::lock_guard lock(gMutex);
  return gLimit;
}

bool setMallocHeapLimit(std::size_t bytes) {
  std::lock_guard lock(gMutex);
  if (gArena.load()) return false;
  gLimit = bytes;
  return true;
}

MallocArena* deviceMallocArena() {
  if (MallocArena* a = gArena.load(std::memory_order_acquire)) return a;
  std::lock_guard lock(gMutex);
  if (MallocArena* a = gArena.load()) return a;
  void* mem = DeviceHeap::instance().allocate(gLimit, AllocationKind::MallocHeap);
  if (!mem) return nullptr;
  // Never deleted: a free from host code or the leak check at exit may still look at it.
  auto* arena = new MallocArena(reinterpret_cast<std::uintptr_t>(mem), gLimit);
  gArena.store(arena, std::memory_order_release);
  return arena;
}

MallocArena* existingDeviceMallocArena() { return gArena.load(std::memory_order_acquire); }

void resetDeviceMalloc() {
  std::lock_guard lock(gMutex);
  // The old arena object stays allocated (a stale pointer to it must not dangle); its memory
  // is released with the rest of the device heap by the caller.
  gArena.store(nullptr);
  gLimit = kDefaultMallocHeapSize;
}

}  // namespace loom::mem
