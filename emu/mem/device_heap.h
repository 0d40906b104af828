// Device memory: one reserved virtual range that every cudaMalloc, cudaMallocManaged and
// cudaMallocHost allocation comes from, so a pointer is classified by a range check.
//
// Allocations are page-granular (and so 256-byte aligned, as CUDA promises) and mapped only
// while they live: freed memory goes back to PROT_NONE, so a kernel that uses a freed pointer
// faults like the device does instead of reading stale data. Addresses are handed out by a bump
// pointer first and recycled only when the range is exhausted, which keeps freed addresses
// unmapped (and use-after-free detectable) for as long as possible.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <vector>

#include "mem/free_ranges.h"

namespace loom::mem {

// MallocHeap: the device's malloc heap (mem/device_malloc.h), one region that in-kernel malloc
// carves; never a cudaMalloc allocation (cudaFree refuses it, the leak check lists its blocks).
enum class AllocationKind { Device, Managed, PinnedHost, MallocHeap };

struct Allocation {
  std::uintptr_t base = 0;
  std::size_t size = 0;       // what the user asked for
  std::size_t mapped = 0;     // page-rounded
  AllocationKind kind = AllocationKind::Device;
  unsigned flags = 0;         // cudaHostAlloc flags for pinned host memory
};

class DeviceHeap {
public:
  static DeviceHeap& instance();

  // The emulated device's memory size (an H100's 80 GB), reported by cudaMemGetInfo.
  std::size_t capacity() const { return capacity_; }
  std::size_t used() const;

  // Null when the request does not fit (cudaErrorMemoryAllocation).
  void* allocate(std::size_t bytes, AllocationKind kind, unsigned flags = 0);
  // False when p is not the start of a live allocation of one of the given kinds.
  bool release(void* p, bool (*kindAllowed)(AllocationKind));
  // The live allocation containing p, if any.
  std::optional<Allocation> find(const void* p) const;
  // The live allocation whose bytes are closest to address (inside one: that one); for
  // memcheck's "N bytes after the nearest allocation" message.
  std::optional<Allocation> nearest(std::uintptr_t address) const;
  // Every live allocation, in address order (memcheck's leak check at exit).
  std::vector<Allocation> liveAllocations() const;
  std::uintptr_t rangeBegin() const { return base_; }
  // Every address below this was allocated at some time (live or freed); the reservation above
  // it never was.
  std::uintptr_t everAllocatedEnd() const {
    std::lock_guard lock(mutex_);
    return bump_;
  }
  bool inRange(const void* p) const {
    auto a = reinterpret_cast<std::uintptr_t>(p);
    return a >= base_ && a < base_ + capacity_;
  }
  // Frees everything (cudaDeviceReset).
  void releaseAll();

private:
  DeviceHeap();
  std::uintptr_t carve(std::size_t mapped);

  std::uintptr_t base_ = 0;
  std::size_t capacity_ = 0;
  std::uintptr_t bump_ = 0;
  mutable std::mutex mutex_;
  std::map<std::uintptr_t, Allocation> live_;
  FreeRanges freeRanges_;  // recycled once the bump pointer runs out
  std::size_t used_ = 0;
};

}  // namespace loom::mem
