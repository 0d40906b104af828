// Blocks that must be resident at the same time: the whole grid of a cooperative launch
// (grid.sync()) and each thread block cluster (cluster.sync(), distributed shared memory).
//
// Ordinary blocks run one after another on a worker (sched/grid_executor.h), so a block that
// waits for another block would wait forever. A group's blocks each get an OS thread of their
// own, with its own Worker (fibers, shared memory, block runner), and the group's barrier makes
// a block's OS thread sleep once all its live threads wait there. At most `slots` blocks run at
// once (the worker count; one in serial mode), so a grid of a thousand blocks does not ask the
// CPU for a thousand runnable threads: a block hands its slot on when it waits, yields (a spin
// loop) or ends, and the next block in the ready queue takes it. Blocks are queued in rank order,
// so with one slot the interleaving is the same on every run.
//
// A cluster launch runs its clusters one after another on the same `size` threads: thread r runs
// block rank r of each cluster, and a cluster starts when every block of the previous one ended.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <vector>

#include "check/sanitizer/vector_clock.h"
#include "vector_types.h"

namespace loom::sched {

struct Launch;
class Worker;

class BlockGroup {
public:
  // Grid: grid.sync() (the CTA master of each block arrives; a block that ended never does, so
  // the barrier can no longer complete). Cluster: barrier.cluster (every non-exited thread
  // arrives; a block that ended counts as arrived).
  enum class Kind { Grid, Cluster };

  BlockGroup(Launch& launch, Kind kind, unsigned size, unsigned slots);
  BlockGroup(const BlockGroup&) = delete;
  BlockGroup& operator=(const BlockGroup&) = delete;

  Kind kind() const { return kind_; }
  unsigned size() const { return size_; }

  // Where block `rank`'s shared memory lies (its OS thread's static __shared__ variables, and
  // its dynamic shared memory), published by its thread before any block of the group runs.
  struct SharedWindow {
    std::uintptr_t staticBegin = 0, staticEnd = 0, dynamicBase = 0;
    bool holdsDynamic(std::uintptr_t a) const;
  };
  void publish(unsigned rank, SharedWindow window);
  const SharedWindow& window(unsigned rank) const { return windows_[rank]; }

  // Waits until block `rank` may run its next block (holding a slot). False when the launch
  // failed: the thread runs nothing more.
  bool enter(unsigned rank);
  // Block `rank` ended (or was abandoned): gives its slot back. When the last block of the
  // cluster ends, the next cluster's blocks are queued.
  void leave(unsigned rank);

  // The launch cannot go on (a thread could not be started): every block gives up.
  void abandon();

  // Block `rank` arrives at the group barrier; returns the generation that completes it.
  std::uint64_t arrive(unsigned rank);
  // Completions of the barrier so far. A cluster's cannot change between a block's first thread
  // arriving and the block arriving (the block is one the barrier waits for).
  std::uint64_t generation();
  enum class Wait { Done, Failed, Deadlock, Timeout };
  // Sleeps (without a slot) until the barrier reaches `generation`. Failed: another block
  // faulted. Deadlock: a block ended without arriving (Kind::Grid), endedWithoutArriving()
  // names its rank. Timeout: the watchdog expired.
  Wait wait(unsigned rank, std::uint64_t generation);
  int endedWithoutArriving() const;
  // racecheck: the barrier orders every block's global accesses before it with every block's
  // after it. A block releases its clock when it arrives and acquires the joined clocks of all
  // once released (a block cannot arrive at the next phase before every block acquired).
  void releaseClock(const check::sanitizer::VectorClock& clock);
  void acquireClock(check::sanitizer::VectorClock& clock);

  // Lets the other ready blocks run first (a block spinning on what another block writes).
  // False when the launch failed meanwhile: the caller abandons its block.
  bool yield(unsigned rank);

  // The block that rank `rank` of cluster number `cluster` (x fastest) runs.
  static uint3 blockOf(const Launch& launch, std::uint64_t cluster, unsigned rank);

private:
  enum class State { Idle, Queued, Running, Waiting, Ended };
  void dispatch();             // hands free slots to queued blocks, in queue order
  void completeIfAllArrived();  // holds mutex_
  void wakeAll();

  Launch& launch_;
  const Kind kind_;
  const unsigned size_;
  unsigned freeSlots_;
  std::vector<SharedWindow> windows_;
  unsigned published_ = 0;

  mutable std::mutex mutex_;
  std::vector<std::condition_variable> wake_;  // one per rank: no thundering herd
  std::vector<State> state_;
  std::vector<bool> arrivedFlag_;  // arrived in the current phase
  std::deque<unsigned> ready_;
  unsigned arrived_ = 0, ended_ = 0;
  std::uint64_t generation_ = 0;
  bool failed_ = false;
  int endedWithoutArriving_ = -1;
  check::sanitizer::VectorClock arrivingClock_, releasedClock_;  // Kind::Grid: a block that ended while others wait
};

// The shared memory of the block `worker` runs (what its thread publishes).
BlockGroup::SharedWindow sharedWindow(Worker& worker);

// Runs a cooperative launch (one group: the grid) or a cluster launch (one group per cluster).
void runBlockGroups(Launch& launch);

}  // namespace loom::sched
