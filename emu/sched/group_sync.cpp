// Barriers between blocks (grid.sync(), barrier.cluster) and distributed shared memory, on the
// block runner's side: which lanes wait for the group, and when the block's OS thread sleeps
// (sched/block_group.h has the group's side).
#include <string>

#include "report/fault.h"
#include "report/symbolize.h"
#include "sched/block_group.h"
#include "sched/block_runner.h"
#include "sched/worker.h"

namespace loom::sched {

void BlockRunner::groupMisuse(const void* site, std::string detail) {
  report::Fault f;
  f.kind = report::FaultKind::Trap;
  f.pc = site;
  f.detail = std::move(detail);
  fault(std::move(f));
}

void BlockRunner::abandon() { siglongjmp(faultJump_, 1); }

void BlockRunner::yieldToGroup() {
  if (group_ && !group_->yield(groupRank_)) abandon();
}

std::uint64_t BlockRunner::groupGeneration() const { return group_ ? group_->generation() : localGeneration_; }

void BlockRunner::waitForGroup(std::uint64_t generation, const void* site) {
  if (groupGeneration() >= generation) return;
  Lane& lane = *current_;
  lane.waitSite = site;
  lane.waitGeneration = generation;
  if (lockstep_) lockstepLeave(lane.linear / 32);
  groupWaiters_.push_back(&lane);
  waitHere(lane);
}

void BlockRunner::releaseGroupWaiters() {
  std::uint64_t reached = groupGeneration();
  std::size_t kept = 0;
  for (Lane* lane : groupWaiters_) {
    if (lane->waitGeneration > reached) {
      groupWaiters_[kept++] = lane;
      continue;
    }
    if (lockstep_) ++lockstepWarps_[lane->linear / 32].pending;
    makeRunnable(*lane);
  }
  groupWaiters_.resize(kept);
}

void* BlockRunner::waitForGroupRelease() {
  // Lanes of a phase the barrier has passed already (the block that completed it ran on).
  releaseGroupWaiters();
  if (!runnable_.empty()) return popRunnable();
  // Some threads arrived at the cluster barrier and the others wait elsewhere: the block never
  // arrives, so nothing can move.
  if (clusterArrivals_ != 0) deadlock();
  std::uint64_t lowest = groupWaiters_.front()->waitGeneration;
  for (const Lane* lane : groupWaiters_) lowest = lane->waitGeneration < lowest ? lane->waitGeneration : lowest;
  if (group_) {
    switch (group_->wait(groupRank_, lowest)) {
      case BlockGroup::Wait::Done: break;
      case BlockGroup::Wait::Failed: abandon();
      case BlockGroup::Wait::Timeout: watchdogExpired(groupWaiters_.front()->waitSite);
      case BlockGroup::Wait::Deadlock: {
        int ended = group_->endedWithoutArriving();
        report::Fault f;
        f.kind = report::FaultKind::Deadlock;
        f.thread = groupWaiters_.front()->tid;
        f.pc = groupWaiters_.front()->waitSite;
        f.detail = "grid.sync() can never complete: block " +
                   report::indexText(BlockGroup::blockOf(*launch_, 0, static_cast<unsigned>(ended))) +
                   " ended without reaching it, and the grid barrier waits for every block";
        fault(std::move(f));
      }
    }
  }
  releaseGroupWaiters();
  return popRunnable();
}

std::uint64_t BlockRunner::gridArrive(const void* site) {
  if (!group_ || group_->kind() != BlockGroup::Kind::Grid)
    groupMisuse(site, "grid.sync() in a launch that is not cooperative: CUDA requires cudaLaunchCooperativeKernel "
                      "(or cudaLaunchKernelEx with cudaLaunchAttributeCooperative), and Loom runs the blocks of "
                      "any other launch one after another; the H100 completes it only while every block happens "
                      "to be resident");
  barrier(0, BarrierReduction::None, site);
  if (exited(0)) {
    report::Fault f;
    f.kind = report::FaultKind::Deadlock;
    f.pc = site;
    f.detail = "grid.sync() can never complete: thread (0,0,0) of block " + report::indexText(blockIdx_) +
               " exited before it, and on the device that thread alone arrives at the grid barrier for "
               "its block";
    fault(std::move(f));
  }
  if (current_->linear != 0) return 0;
  if (raceCheck_) [[unlikely]] {
    group_->releaseClock(globalClock_.clock);
    globalClock_.advance();
  }
  return group_->arrive(groupRank_);
}

void BlockRunner::gridWait(std::uint64_t token, const void* site) {
  if (!group_ || group_->kind() != BlockGroup::Kind::Grid)
    groupMisuse(site, "grid.barrier_wait() in a kernel not launched cooperatively");
  if (current_->linear == 0) {
    waitForGroup(token, site);
    if (raceCheck_) [[unlikely]] group_->acquireClock(globalClock_.clock);
  }
  barrier(0, BarrierReduction::None, site);
}

void BlockRunner::clusterArrive(const void* site) {
  Lane& lane = *current_;
  lane.waitSite = site;
  if (lane.clusterArrived) return;  // arrived twice without waiting: undefined on the device
  if (clusterArrivals_ == 0) {
    // The phase cannot complete before this block arrives, so its target is known now.
    clusterTarget_ = groupGeneration() + 1;
  }
  lane.clusterArrived = true;
  lane.waitGeneration = clusterTarget_;
  if (++clusterArrivals_ >= live_) clusterBlockArrives();
}

void BlockRunner::clusterBlockArrives() {
  clusterArrivals_ = 0;
  if (group_) {
    if (raceCheck_) [[unlikely]] {
      group_->releaseClock(globalClock_.clock);
      globalClock_.advance();
    }
    group_->arrive(groupRank_);
    return;  // the waiters run again when the block has nothing else to run (nextContext)
  }
  ++localGeneration_;
  releaseGroupWaiters();
}

void BlockRunner::clusterWait(const void* site) {
  Lane& lane = *current_;
  if (!lane.clusterArrived) clusterArrive(site);
  lane.clusterArrived = false;
  waitForGroup(lane.waitGeneration, site);
  if (raceCheck_ && group_) [[unlikely]] group_->acquireClock(globalClock_.clock);
}

void* BlockRunner::mapSharedRank(const void* address, unsigned rank, const void* site) {
  unsigned size = group_ ? group_->size() : 1;
  if (rank >= size)
    groupMisuse(site, "map_shared_rank(address, " + std::to_string(rank) + ") in a cluster of " +
                          std::to_string(size) + " block(s)");
  auto a = reinterpret_cast<std::uintptr_t>(address);
  BlockGroup::SharedWindow own = sharedWindow(worker_);
  BlockGroup::SharedWindow to = group_ ? group_->window(rank) : own;
  if (a >= own.staticBegin && a < own.staticEnd) return reinterpret_cast<void*>(to.staticBegin + (a - own.staticBegin));
  if (own.holdsDynamic(a)) return reinterpret_cast<void*>(to.dynamicBase + (a - own.dynamicBase));
  groupMisuse(site, "map_shared_rank() of an address that is not in the block's shared memory");
}

bool BlockRunner::inClusterShared(const void* address) const {
  auto a = reinterpret_cast<std::uintptr_t>(address);
  unsigned size = group_ ? group_->size() : 1;
  for (unsigned r = 0; r < size; ++r) {
    BlockGroup::SharedWindow w = group_ ? group_->window(r) : sharedWindow(worker_);
    if ((a >= w.staticBegin && a < w.staticEnd) || w.holdsDynamic(a)) return true;
  }
  return false;
}

bool BlockRunner::inLocal(const void* address) const {
  if (!current_ || !current_->fiber) return false;
  const StackPool::Stack& stack = current_->fiber->stack;
  return reinterpret_cast<std::uintptr_t>(address) - reinterpret_cast<std::uintptr_t>(stack.low) < stack.size;
}

unsigned BlockRunner::querySharedRank(const void* address, const void* site) {
  auto a = reinterpret_cast<std::uintptr_t>(address);
  unsigned size = group_ ? group_->size() : 1;
  for (unsigned r = 0; r < size; ++r) {
    BlockGroup::SharedWindow w = group_ ? group_->window(r) : sharedWindow(worker_);
    if ((a >= w.staticBegin && a < w.staticEnd) || w.holdsDynamic(a)) return r;
  }
  groupMisuse(site, "query_shared_rank() of an address in no block's shared memory");
}

}  // namespace loom::sched
