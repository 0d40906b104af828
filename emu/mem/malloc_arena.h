// The allocator behind in-kernel malloc/free (and device-code new/delete): first fit over one
// fixed range, as the device's malloc heap is one fixed-size region (cudaLimitMallocHeapSize).
//
// Blocks are 16-byte aligned (what the device's malloc guarantees) and rounded up to 16 bytes.
// The bookkeeping lives outside the range, so a kernel that overruns a block cannot corrupt
// the allocator. One mutex: blocks of a grid run in parallel on TBB workers, and a lock held for
// a map lookup is far below the cost of a fiber switch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

#include "mem/free_ranges.h"

namespace loom::mem {

class MallocArena {
public:
  static constexpr std::size_t kAlignment = 16;

  struct Block {
    std::uintptr_t base = 0;
    std::size_t size = 0;  // what the caller asked for
  };

  // base must be kAlignment-aligned; [base, base + size) is the arena's memory.
  MallocArena(std::uintptr_t base, std::size_t size);

  // Null when no free range is large enough (the device's malloc returns NULL then).
  void* allocate(std::size_t bytes);
  // False (and nothing changes) when p is not the start of a live block.
  bool release(void* p);
  bool contains(const void* p) const {
    auto a = reinterpret_cast<std::uintptr_t>(p);
    return a - base_ < size_;
  }
  // Live blocks in address order (memcheck's leak check).
  std::vector<Block> liveBlocks() const;
  std::size_t liveBytes() const;
  std::uintptr_t base() const { return base_; }
  std::size_t size() const { return size_; }

private:
  std::uintptr_t base_;
  std::size_t size_;
  mutable std::mutex mutex_;
  std::map<std::uintptr_t, std::size_t> live_;  // base -> requested size
  FreeRanges free_;  // coalesced
};

}  // namespace loom::mem
