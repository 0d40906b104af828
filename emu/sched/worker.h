// What one OS thread needs to run blocks: fiber stacks, dynamic shared memory, a block runner,
// and an alternate signal stack so a fault on a fiber (even a stack overflow) can be reported.
// A worker is created on first use by each thread that runs blocks (TBB workers, the device
// queue's thread, the host thread in serial mode) and lives as long as the thread.
#pragma once

#include <cstddef>
#include <memory>

#include "mem/shared_arena.h"
#include "sched/block_runner.h"
#include "sched/stack_pool.h"

namespace loom::sched {

class Worker {
public:
  static Worker& current();

  StackPool& stacks() { return stacks_; }
  mem::SharedArena& sharedArena() { return shared_; }
  BlockRunner& runner() { return runner_; }

  ~Worker();

private:
  Worker();
  StackPool stacks_;
  mem::SharedArena shared_;
  BlockRunner runner_;
  void* altStack_ = nullptr;
};

// Fiber stack size for CUDA threads: LOOM_STACK_SIZE (bytes, k/m suffixes) or 256 KiB.
// Host code runs on these stacks (printf, libm), so they are far larger than the device's
// 1 KiB default; untouched pages cost nothing.
std::size_t fiberStackSize();

}  // namespace loom::sched
