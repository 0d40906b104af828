// Runs the threads of one block on the current worker thread, one fiber per CUDA thread.
//
// Threads start in order on a "runner" fiber and run to completion one after another on the
// same stack, so a kernel that never reaches a barrier costs no switch per thread at all. When a
// thread waits (block barrier, warp rendezvous), its runner fiber becomes its own and the worker
// jumps straight to the next runnable thread, or to a fresh runner for the threads not started
// yet. A waiting point releases when every live thread it needs has arrived; exited threads
// never hold a barrier up (sm_70+ semantics). About one switch per thread per barrier.
//
// The scheduling policy sits behind barrier()/warpSync() so that lockstep warps (lanes yielding
// at every shared access, DESIGN.md) can be added as another policy over the same lanes.
#pragma once

#include <csetjmp>
#include <memory>
#include <cstdint>
#include <vector>

#include "report/fault.h"
#include "sched/lane.h"
#include "sched/launch.h"

namespace loom::sched {

class Worker;

enum class BarrierReduction { None, Count, And, Or };

class BlockRunner {
public:
  explicit BlockRunner(Worker& worker);

  // Runs block `block` of `launch` to completion. On a fault, records it in the launch and
  // returns early; the block's fibers are abandoned and their stacks reclaimed.
  void run(Launch& launch, uint3 block);

  // The runner of the block executing on this OS thread, or null outside device code.
  static BlockRunner* current();

  // __syncthreads and its _count/_and/_or forms: waits for every live thread of the block.
  // `site` is the caller's code address, for reports.
  int barrier(int predicate, BarrierReduction reduction, const void* site);
  // __syncwarp(mask): waits for the live lanes of `mask` in the caller's warp.
  void warpSync(unsigned mask, const void* site);

  // Lets another thread of the block run first, if there is one (spin loops: __nanosleep, a
  // failed atomicCAS). Without this, a thread spinning on a lock held by a thread of its own
  // block would spin forever, since threads switch only where they wait.
  void yield();

  // Records a fault for the running thread and abandons the block. Callable from device code
  // and from a signal handler running on this worker.
  [[noreturn]] void fault(report::Fault fault);

  const Lane& currentLane() const { return *current_; }
  uint3 blockIndex() const { return blockIdx_; }
  Launch& launch() const { return *launch_; }

private:
  static void runnerEntry(Fiber* self, void* arg);
  void startLane(Lane& lane, RunnerFiber& fiber);
  void resumeAs(Lane& lane);
  void makeRunnable(Lane& lane, int result);
  // Where the worker goes when the running thread stops: a runnable thread, a new runner for
  // unstarted threads, or (blockDone) back to the worker's own context.
  Fiber& nextContext(bool& blockDone);
  Fiber& popRunnable();
  void waitHere(Lane& lane);
  void onExit(Lane& lane);
  void checkBarrierComplete();
  void checkWarpComplete(unsigned warp);
  [[noreturn]] void deadlock();
  RunnerFiber& newRunner();
  void reclaimFibers();

  Worker& worker_;
  Launch* launch_ = nullptr;
  uint3 blockIdx_{0, 0, 0};
  unsigned threadCount_ = 0;

  std::vector<Lane> lanes_;
  unsigned nextUnstarted_ = 0;
  uint3 nextTid_{0, 0, 0};
  unsigned live_ = 0;       // threads not exited (started or not)
  Lane* current_ = nullptr;

  std::vector<Lane*> runnable_;   // FIFO: runnable_[runnableHead_..]
  std::size_t runnableHead_ = 0;

  // Block barrier in progress.
  unsigned arrived_ = 0;
  std::vector<Lane*> barrierWaiters_;
  unsigned reduceCount_ = 0;
  bool reduceAnd_ = true, reduceOr_ = false;
  BarrierReduction reduction_ = BarrierReduction::None;

  // Warp rendezvous in progress, per warp.
  struct WarpSync {
    unsigned arrived = 0;   // lanes waiting, as a mask
    unsigned required = 0;  // union of the masks they named
    unsigned exited = 0;    // lanes of the warp that exited
  };
  std::vector<WarpSync> warps_;

  std::vector<RunnerFiber*> fibersInUse_;
  std::unique_ptr<RunnerFiber[]> fiberStore_;  // 1024 fibers, allocated once
  std::vector<RunnerFiber*> freeFibers_;

  Fiber workerContext_;
  sigjmp_buf faultJump_;
};

}  // namespace loom::sched
