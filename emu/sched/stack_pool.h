// Fiber stacks for one worker thread, reused across blocks and launches.
//
// Each stack has a PROT_NONE guard page below it, so a CUDA thread that overflows its stack
// faults on the guard (reported as a stack overflow) instead of corrupting its neighbour.
// Stacks are mapped lazily and never returned to the OS while the worker lives: a block of
// 1024 threads needs up to 1024 stacks every time, and mmap/munmap per block would dominate.
// Pages a stack never touches cost no memory. Above each chunk of stacks lies 1 MiB of PROT_NONE
// address space, so a store far past the top of the first stacks handed out faults on every
// machine alike.
//
// A guard page splits its mapping, and Linux allows a process 65,530 mappings
// (vm.max_map_count): about 32,000 guarded stacks. A cooperative launch at full occupancy holds
// every thread of the grid at once (264 blocks of 1024 threads on an H100), so stacks past the
// process's guard budget come in chunks without guards; the page below each such stack holds a
// canary instead, which the scheduler checks at barriers, warp collectives and thread ends
// (BlockRunner::checkStackCanaries) before any other thread of the block runs again.
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
    void* low;          // lowest usable address; null when no stack could be mapped
    std::size_t size;   // usable bytes: the top is at low + size
    bool guarded = true;  // else a canary lies below low (intact())
  };
  std::size_t stackSize() const { return stackSize_; }
  // A free stack. Stack tops are staggered ("coloured") by a few cache lines per slot: with
  // every top at the same offset modulo the page size, the hot frames of a block's fibers would
  // all fall into the same L1/L2 cache sets and evict each other at every switch.
  // A stack with low == null when the process cannot map more (the launch fails with
  // cudaErrorLaunchOutOfResources).
  Stack acquire();
  void release(Stack stack);
  // Whether an unguarded stack's canary is as written (always true for a guarded one).
  static bool intact(const Stack& stack);
  // Whether addr lies in the guard page of one of this pool's stacks.
  bool isGuardPage(const void* addr) const;

private:
  bool grow();

  std::size_t stackSize_;
  std::size_t slotSize_;  // guard page + stack
  struct Chunk {
    char* base;
    std::size_t slots;
    bool guarded;
  };
  std::vector<Chunk> chunks_;  // the mappings
  std::vector<Stack> free_;
};

}  // namespace loom::sched
