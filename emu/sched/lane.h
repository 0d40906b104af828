// One CUDA thread of the block being run: its index and where the scheduler has it.
#pragma once

#include <cstdint>

#include "loom/runtime/thread_batch.h"
#include "sched/fiber.h"
#include "sched/stack_pool.h"
#include "vector_types.h"

namespace loom::sched {

// A fiber with its stack. A runner fiber runs not-yet-started threads one after another on the
// same stack until one of them waits at a barrier; from then on it belongs to that thread.
struct RunnerFiber {
  Fiber context;
  StackPool::Stack stack{nullptr, 0};
  std::uint64_t parkedFor = 0;  // the launch (Launch::sequence) its run loop parked in
  runtime::ThreadBatch batch;   // what its run loop starts next (BlockRunner::giveBatch)
};

// One cache line of what the scheduler reads and writes at every wait, then (lockstep only) the
// lane's place in the nesting of regions on the next.
struct alignas(64) Lane {
  // NotStarted -> Running -> (Waiting -> Runnable -> Running)* -> Exited
  enum class State : std::uint8_t { NotStarted, Running, Waiting, Runnable, Exited };

  uint3 tid{0, 0, 0};
  unsigned linear = 0;          // x + y*bx + z*bx*by: warp = linear / 32, lane = linear % 32
  State state = State::NotStarted;  // stale once exited in a batch: BlockRunner::exited() tells
  bool clusterArrived = false;  // at the cluster barrier's current phase (barrier.cluster)
  RunnerFiber* fiber = nullptr; // the fiber the thread runs on, once started
  const void* waitSite = nullptr;  // code address of the barrier or __syncwarp it waits at
  // Group barriers (grid.sync, barrier.cluster): the generation the thread waits for.
  std::uint64_t waitGeneration = 0;
  // Lockstep mode: where the thread is in the nesting of control-flow regions
  // (loom/device/reconverge.h): its depth, and per level the regions it entered there within its
  // region one level up, as 16-bit serial numbers (sched/lockstep.cpp). Here, not with the warp:
  // the lane's own record is in cache when it runs.
  static constexpr unsigned kRegionLevels = 16;  // deeper levels are told apart by depth alone
  alignas(64) std::uint16_t regionDepth = 0;
  std::uint16_t regionsEntered[kRegionLevels] = {};
  // Lockstep mode: the thread is in the statements that lead into a __syncthreads (loom-cc's
  // barrier-ahead mark, loom/device/reconverge.h) and has not reached it yet. A warp that a
  // spin lock's YIELD split meets again before the shared stores there (sched/lockstep.cpp).
  bool barrierAhead = false;
  // Lockstep mode, in a loop nvcc unrolls by four (sched/counted_loops.cpp): the bound its
  // condition last compared with, this iteration's number, and the one where the loop's second
  // part (the unrolled loop after a prologue, or the remainder after the unrolled loop) begins.
  std::int64_t countedBound = 0;
  std::uint32_t countedTrip = 0;
  std::uint32_t countedSplit = 0;
};
static_assert(sizeof(Lane) == 128);

}  // namespace loom::sched
