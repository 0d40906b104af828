// Fiber stacks for one worker thread, reused across blocks and launches.
//
// Each stack has a PROT_NONE guard page below it, so a CUDA thread that overflows its stack
// faults on the guard (reported as a stack overflow) instead of corrupting its neighbour.
// Stacks are mapped lazily and never returned to the OS while the worker lives: a block of
// 1024 threads needs up to 1024 stacks every time, and mmap/munmap per block would dominate.
// Pages a stack never touches cost no memory.
#pragma once

#include <cstddef>
#include <vector>

namespace loom::sched {

class StackPool {
public:
  explicit StackPool(std::size_t stackSize);
  ~StackPool();
  StackPool(const StackPool&) = delete;
  StackPool& operator=(const StackPool&) = delete;

  struct Stack {
    void* low;          // lowest usable address
    std::size_t size;   // usable bytes: the top is at low + size
  };
  std::size_t stackSize() const { return stackSize_; }
  // A free stack. Stack tops are staggered ("coloured") by a few cache lines per slot: with
  // every top at the same offset modulo the page size, the hot frames of a block's fibers would
  // all fall into the same L1/L2 cache sets and evict each other at every switch.
  Stack acquire();
  void release(Stack stack);
  // Whether addr lies in the guard page of one of this pool's stacks.
  bool isGuardPage(const void* addr) const;

private:
  void grow();

  std::size_t stackSize_;
  std::size_t slotSize_;  // guard page + stack
  std::vector<std::pair<char*, std::size_t>> chunks_;  // mappings: base, number of slots
  std::vector<Stack> free_;
};

}  // namespace loom::sched
