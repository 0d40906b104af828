#include "sched/block_runner.h"

#include "check/sanitizer/findings.h"
#include "check/sanitizer/initcheck.h"
#include "check/sanitizer/synccheck.h"

#include <pthread.h>

#include <csignal>
#include <exception>
#include <map>
#include <string>

#include "debug/debugger.h"
#include "loom/device/lane_builtins.h"
#include "mem/address_space.h"
#include "report/symbolize.h"
#include "sched/progress.h"
#include "sched/watchdog.h"
#include "sched/worker.h"

// The record device code reads threadIdx & co. from (loom/device/builtins.h): loom_tid, loom_ctaid,
// loom_ntid and loom_nctaid are defined under CUDA's names for the debugger (debug/builtin_names.c).
__thread uint3 loom_clusterdim{1, 1, 1};
__thread unsigned loom_clusterspecified;

namespace loom {
// Base of the running block's dynamic shared memory (extern __shared__), per worker thread;
// kernel code reads it as loom_dynamic_shared (loom/device/memory_access.h).
__thread void* tDynamicSharedBase asm("loom_dynamic_shared") = nullptr;
}  // namespace loom

namespace loom::sched {

__thread BlockRunner* tCurrentRunner asm("loom_block_runner") = nullptr;
__thread unsigned tSpinCountdown = kSpinBudget;

void spinYield(const void* site) {
  tSpinCountdown = kSpinBudget;
  if (BlockRunner* runner = BlockRunner::current()) runner->spinDetected(site);
}

// In lockstep mode every access is a stop where the block's started warps take turns; only the
// threads not yet started would never run, so the lane's next stop starts one. Not yield(),
// which also has the warp run another of its groups next: that would change how ordinary
// atomics and volatile loads group into requests.
void BlockRunner::spinDetected(const void* site) {
  if (lockstep_) {
    startAnother_ = true;
    return;
  }
  yield(site);
}

BlockRunner::BlockRunner(Worker& worker) : worker_(worker) {
  warps_.resize(kMaxThreads / 32);
  fiberStore_ = std::make_unique<RunnerFiber[]>(kMaxThreads);
  for (unsigned i = 0; i < kMaxThreads; ++i) freeFibers_.push_back(&fiberStore_[i]);
}

void BlockRunner::completeBarrier() {
  noteProgress();
  if (unguardedInUse_ != 0) [[unlikely]] checkStackCanaries();
  switch (reduction_) {
    case BarrierReduction::None: barrierResult_ = 0; break;
    case BarrierReduction::Count: barrierResult_ = static_cast<int>(reduceCount_); break;
    case BarrierReduction::And: barrierResult_ = reduceCount_ == arrived_; break;
    case BarrierReduction::Or: barrierResult_ = reduceCount_ != 0; break;
  }
  if (lockstep_) [[unlikely]] {
    for (unsigned i = 0; i < arrived_; ++i) {
      const unsigned l = barrierWaiters_[i];
      LockstepWarp& w = lockstepWarps_[l / 32];
      ++w.pending;
      w.path[l % 32] = 0;  // the whole block met: one path per warp again
      lanes_[l].barrierAhead = false;
    }
  }
  ++barrierEpoch_;
  if (shuffleWarps_) [[unlikely]] shuffleWaitersByWarp();
  if (checks_) [[unlikely]] onBarrierChecks();
  // The waiters become the run queue as they are, in arrival order (Lane::state still says
  // Waiting until each runs: threadStates() tells queued ones apart).
  runnable_.pushAll(barrierWaiters_.data(), arrived_);
  arrived_ = 0;
  reduceCount_ = 0;
  reduction_ = BarrierReduction::None;  // a plain __syncthreads does not set it
}

int BlockRunner::completeOwnBarrier(Lane& lane) {
  completeBarrier();
  runnable_.remove(static_cast<LaneIndex>(lane.linear));
  return barrierResult_;
}

int BlockRunner::slowBarrier(int predicate, BarrierReduction reduction, const void* site) {
  if (batchFiber_) settleBatch();
  if (lockstep_) lockstepLeave(current_->linear / 32);
  return arrive(predicate, reduction, site);
}

int BlockRunner::waitFirst(Lane& lane) {
  bool blockDone = false;  // never: the waiting lane still lives
  suspendLane(lane, idleContext(blockDone));
  return barrierResult_;
}

void* BlockRunner::idleContext(bool& blockDone) {
  blockDone = false;
  if (nextUnstarted_ < threadCount_) return newRunner().context.context();
  if (convergeWaiters_ != 0) [[unlikely]] {
    releaseConverged();
    return popRunnable();
  }
  if (!groupWaiters_.empty()) [[unlikely]] return waitForGroupRelease();
  if (live_ != 0) deadlock();
  blockDone = true;
  return workerContext_.context();
}


void BlockRunner::run(Launch& launch, uint3 block, BlockGroup* group, unsigned rank) {
  launch_ = &launch;
  sequence_ = launch.sequence;
  blockIdx_ = block;
  group_ = group;
  groupRank_ = rank;
  groupWaiters_.clear();
  clusterArrivals_ = 0;
  localGeneration_ = 0;
  tileBarriers_.clear();
  loom_clusterdim = uint3{launch.cluster.x, launch.cluster.y, launch.cluster.z};
  loom_clusterspecified = launch.clusterSpecified;
  syncCheck_ = check::sanitizer::tool() == check::sanitizer::Tool::Synccheck;
  raceCheck_ = check::sanitizer::tool() == check::sanitizer::Tool::Racecheck;
  checks_ = syncCheck_ || raceCheck_;
  if (raceCheck_) [[unlikely]] {
    if (!races_) races_ = std::make_unique<check::sanitizer::SharedRaceDetector>();
    races_->beginBlock();
    globalRaces_ = &check::sanitizer::GlobalRaceDetector::process();
    globalClock_.begin(static_cast<std::uint32_t>(block.x + launch.grid.x * (block.y + launch.grid.y * block.z)));
  }
  if (check::sanitizer::tool() == check::sanitizer::Tool::Initcheck) [[unlikely]] {
    if (!sharedInit_) sharedInit_ = std::make_unique<check::sanitizer::SharedInitShadow>();
    sharedInit_->beginBlock(mem::staticSharedRange(), reinterpret_cast<std::uintptr_t>(worker_.sharedArena().base()),
                            launch.dynamicSharedBytes);
  }
  threadCount_ = launch.threadsPerBlock();
  barrierEpoch_ = 0;
  shuffleWarps_ = nextShuffle_;
  warpSeed_ = nextWarpSeed_;
  nextShuffle_ = false;
  warpEpoch_.assign((threadCount_ + 31) / 32 + 1, 0);
  warpSyncHazards_.beginBlock();
  nextUnstarted_ = 0;
  tSpinCountdown = kSpinBudget;
  if (launch.block.x != numberedShape_.x || launch.block.y != numberedShape_.y ||
      launch.block.z != numberedShape_.z)
    numberLanes(launch.block);
  live_ = threadCount_;
  runnable_.clear();
  arrived_ = 0;
  reduceCount_ = 0;
  reduction_ = BarrierReduction::None;
  convergeWaiters_ = 0;
  unsigned warpCount = (threadCount_ + 31) / 32;
  for (unsigned w = 0; w < warpCount; ++w) {
    warps_[w].arrived = warps_[w].exited = 0;  // requests/results: scratch
    warps_[w].converging = 0;
    // Lanes past the end of a partial last warp count as exited: they never arrive.
    unsigned lanesInWarp = threadCount_ - w * 32 < 32 ? threadCount_ - w * 32 : 32;
    if (lanesInWarp < 32) warps_[w].exited = ~((1u << lanesInWarp) - 1);
  }

  lockstep_ = launch.counters != nullptr;
  if (lockstep_) lockstepBegin();
  // Lockstep and the checkers look at the running thread at every access: settling a batch
  // there each time would cost more than starting threads one by one.
  eagerLanes_ = lockstep_ || checks_ || check::sanitizer::accessChecksOn();
  setBatchFiber(nullptr);

  loom_ctaid = block;
  loom_tid = uint3{0, 0, 0};  // a linear batch writes x alone (thread_batch.h)
  loom_ntid = uint3{launch.block.x, launch.block.y, launch.block.z};
  loom_nctaid = uint3{launch.grid.x, launch.grid.y, launch.grid.z};
  tDynamicSharedBase = worker_.sharedArena().base();
  mem::bindExternShared(tDynamicSharedBase);

  tCurrentRunner = this;
  // No signal mask saved: that would be a system call per block. A fault that arrives through
  // a signal handler leaves its signal blocked, so the fault path unblocks it.
  if (sigsetjmp(faultJump_, 0) == 0) {
    RunnerFiber& first = newRunner();
    Fiber::switchTo(workerContext_, first.context);
    tCurrentRunner = nullptr;
    if (lockstep_) lockstepEnd();
    if (raceCheck_) [[unlikely]] races_->endBlock(report::functionName(launch.kernel), block);
    return;  // the block's fibers are parked, ready for the next block
  } else {
    // A fault abandoned the block mid-flight: no fiber will be resumed again.
    sigset_t faults;
    sigemptyset(&faults);
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE}) sigaddset(&faults, sig);
    pthread_sigmask(SIG_UNBLOCK, &faults, nullptr);
    launch.failed.store(true, std::memory_order_relaxed);
    // An atomic that faulted holds its words' racecheck shadow locked.
    check::sanitizer::GlobalRaceDetector::releaseHeld(globalClock_);
  }
  tCurrentRunner = nullptr;
  if (lockstep_) lockstepEnd();
  // Fibers abandoned mid-kernel cannot be resumed: start over with fresh ones.
  reclaimFibers();
}

RunnerFiber& BlockRunner::newRunner() {
  if (parkedCount_ != 0) {
    RunnerFiber* parked = parked_[--parkedCount_];
    startingFiber_ = parked;  // for resumeRunner
    return *parked;
  }
  StackPool::Stack stack = worker_.stacks().acquire();
  if (!stack.low) [[unlikely]] {
    report::Fault f;
    f.kind = report::FaultKind::OutOfResources;
    f.detail = "cannot map a stack for another CUDA thread (" + std::to_string(fibersInUse_.size()) +
               " held by this worker's block)";
    fault(std::move(f));
  }
  if (!stack.guarded) ++unguardedInUse_;
  RunnerFiber* f = freeFibers_.back();
  freeFibers_.pop_back();
  f->stack = stack;
  f->context.prepare(f->stack.low, f->stack.size, &BlockRunner::runnerEntry, this);
  fibersInUse_.push_back(f);
  return *f;
}

void BlockRunner::checkStackCanaries() {
  for (RunnerFiber* f : fibersInUse_) {
    if (StackPool::intact(f->stack)) continue;
    report::Fault fault;
    fault.kind = report::FaultKind::StackOverflow;
    fault.address = reinterpret_cast<std::uintptr_t>(f->stack.low) - 1;
    fault.detail = "found at a barrier, warp collective or thread end (a stack without a guard page)";
    current_ = nullptr;
    for (unsigned i = 0; i < nextUnstarted_ && i < lanes_.size(); ++i)
      if (lanes_[i].fiber == f && !exited(i)) current_ = &lanes_[i];
    this->fault(std::move(fault));
  }
}

void BlockRunner::reclaimFibers() {
  unguardedInUse_ = 0;
  for (RunnerFiber* f : fibersInUse_) {
    worker_.stacks().release(f->stack);
    freeFibers_.push_back(f);
  }
  fibersInUse_.clear();
  parkedCount_ = 0;
}

// startLane and onExit run once per CUDA thread even when nothing ever waits: keep them lean.
[[gnu::always_inline]] inline void BlockRunner::startLane(Lane& lane, RunnerFiber& fiber) {
  lane.fiber = &fiber;
  lane.state = Lane::State::Running;
  current_ = &lane;
  loom_tid = lane.tid;
  ++nextUnstarted_;
}

void BlockRunner::numberLanes(dim3 shape) {
  unsigned linear = 0;
  for (unsigned z = 0; z < shape.z; ++z)
    for (unsigned y = 0; y < shape.y; ++y)
      for (unsigned x = 0; x < shape.x; ++x, ++linear) {
        lanes_[linear].tid = tids_[linear] = uint3{x, y, z};
        lanes_[linear].linear = linear;
      }
  numberedShape_ = shape;
}

[[gnu::always_inline]] inline void BlockRunner::onExit(Lane& lane) {
  lane.state = Lane::State::Exited;
  --live_;
  unsigned warp = lane.linear / 32;
  warps_[warp].exited |= 1u << (lane.linear % 32);
  // An exiting thread can be the one a barrier or warp rendezvous was waiting for.
  if ((arrived_ | warps_[warp].arrived | clusterArrivals_) != 0 || lockstep_) [[unlikely]]
    onExitWhileOthersWait(warp);
}

void BlockRunner::onExitWhileOthersWait(unsigned warp) {
  noteProgress();
  if (lockstep_) lockstepLeave(warp);
  if (arrived_ != 0) checkBarrierComplete();
  if (warps_[warp].arrived != 0) checkWarpComplete(warp);
  if (clusterArrivals_ != 0 && clusterArrivals_ >= live_) clusterBlockArrives();
}

void BlockRunner::giveBatch(RunnerFiber& fiber) {
  fiber.batch.next = nextUnstarted_;
  if (eagerLanes_) {
    fiber.batch.end = nextUnstarted_ + 1;
    startLane(lanes_[nextUnstarted_], fiber);
    return;
  }
  fiber.batch.end = threadCount_;
  setBatchFiber(&fiber);
  settledUpTo_ = nextUnstarted_;
}

// Threads of a batch that exited while nobody waited: their warps' exit masks in whole words,
// and nothing per lane (a Lane's state is not written: exited() reads the masks; writing 256
// states cost (a) of the bench 13%, every lane another cache line). While a barrier, a
// rendezvous or lockstep waits, each exit is checked as it would have been.
void BlockRunner::exitLanes(unsigned begin, unsigned end) {
  if (begin >= end) return;
  noteProgress();
  bool othersWait = (arrived_ | clusterArrivals_) != 0 || lockstep_;
  for (unsigned w = begin / 32; w <= (end - 1) / 32 && !othersWait; ++w) othersWait = warps_[w].arrived != 0;
  if (othersWait) {
    for (unsigned i = begin; i < end; ++i) onExit(lanes_[i]);
    return;
  }
  live_ -= end - begin;
  for (unsigned w = begin / 32; w <= (end - 1) / 32; ++w) {
    unsigned from = begin > w * 32 ? begin - w * 32 : 0, to = end < w * 32 + 32 ? end - w * 32 : 32;
    unsigned high = to == 32 ? ~0u : (1u << to) - 1;
    warps_[w].exited |= high & ~((1u << from) - 1);
  }
}

// Out of line and cold: the barrier path inlines current(), and kept small it measured faster
// (bench (b)); a block settles a batch at its first waiting thread, then gives one-thread ones.
void BlockRunner::settleBatch() {
  RunnerFiber& fiber = *batchFiber_;
  setBatchFiber(nullptr);
  unsigned running = fiber.batch.next - 1;
  if (settledUpTo_ < running) exitLanes(settledUpTo_, running);
  else eagerLanes_ = true;
  nextUnstarted_ = running;
  startLane(lanes_[running], fiber);
  fiber.batch.end = fiber.batch.next;
}

runtime::ThreadBatch* BlockRunner::startThreads() {
  RunnerFiber& fiber = *startingFiber_;
  fiber.batch.tids = tids_.data();
  fiber.batch.linear = numberedShape_.y == 1 && numberedShape_.z == 1;
  giveBatch(fiber);
  return &fiber.batch;
}

// A runner whose last thread is done parks inside the kernel's run loop and is resumed there
// (one switch) when a block needs a new runner, instead of a fresh fiber being prepared every
// time. Resumed for the same launch, it starts the next thread without leaving the loop:
// returning out of the loop and entering it again cost a thread's first barrier 4-5 ns, and a
// return between the switch and the loop 19 ns more (loom/runtime/context_switch.h).
Park BlockRunner::finishThreads() {
  noteProgress();
  if (unguardedInUse_ != 0) [[unlikely]] checkStackCanaries();
  RunnerFiber* fiber = batchFiber_;
  if (fiber) {  // the whole batch ran without the runtime: each of its threads is done
    setBatchFiber(nullptr);
    exitLanes(settledUpTo_, fiber->batch.next);
    nextUnstarted_ = fiber->batch.next;
  } else {  // settled: the thread started then is done
    Lane& done = *current_;
    onExit(done);
    fiber = done.fiber;
  }
  if (nextUnstarted_ >= threadCount_) [[unlikely]] return park(*fiber);
  giveBatch(*fiber);
  return {};
}

Park BlockRunner::park(RunnerFiber& fiber) {
  fiber.parkedFor = sequence_;
  parked_[parkedCount_++] = &fiber;
  bool blockDone = false;
  void* next = nextContext(blockDone);
  return {fiber.context.slot(), next};
}

// newRunner made the resumed fiber startingFiber_. Parked in this launch, its batch's tids and
// shape are this launch's already.
bool BlockRunner::resumeRunner() {
  RunnerFiber& fiber = *startingFiber_;
  if (fiber.parkedFor != sequence_) return false;
  giveBatch(fiber);
  return true;
}

report::Fault BlockRunner::exceptionFault(std::string what) const {
  report::Fault fault;
  fault.kind = report::FaultKind::Exception;
  fault.block = blockIdx_;
  fault.thread = current_->tid;
  fault.detail = std::move(what);
  return fault;
}

void BlockRunner::runnerEntry(Fiber* self, void* arg) {
  auto* runner = static_cast<BlockRunner*>(arg);
  auto* fiber = reinterpret_cast<RunnerFiber*>(self);  // context is RunnerFiber's first member
  for (;;) {
    // The kernel's run loop starts threads on this fiber until none is left to start; a thread
    // that waits keeps the fiber, and returns into the loop when it is resumed and done. The
    // loop parks in itself and returns only when resumed as a runner for another launch.
    Launch& launch = *runner->launch_;
    runner->startingFiber_ = fiber;
    try {
      launch.run(launch.arguments.get(), runner);
    } catch (const std::exception& e) {
      current();  // settles the batch: current_ is the thread that threw
      runner->fault(runner->exceptionFault(e.what()));
    } catch (...) {
      current();
      runner->fault(runner->exceptionFault("unknown exception"));
    }
  }
}

void BlockRunner::yield(const void* site, bool unstartedFirst) {
  current_->waitSite = site;
  if (lockstep_) {
    lockstepWarps_[current_->linear / 32].spinning = true;
    startAnother_ = true;
    yieldToGroup();
    return;  // the lane stops at its next access anyway, and the warp runs another group
  }
  bool othersRunnable = !runnable_.empty();
  if (!othersRunnable && nextUnstarted_ >= threadCount_) {
    if (convergeWaiters_ == 0) {  // nobody else of the block could run
      yieldToGroup();
      return;
    }
    releaseConverged();
    othersRunnable = true;
  }
  Lane& lane = *current_;
  // Choose who runs next before queueing ourselves, or we would pick ourselves.
  const bool start = nextUnstarted_ < threadCount_ && (!othersRunnable || unstartedFirst);
  void* next = start ? newRunner().context.context() : popRunnable();
  makeRunnable(lane);  // to the back of the queue: everyone else runs first
  suspendLane(lane, next);
}

std::uint64_t BlockRunner::warpCollective(const isa::WarpRequest& request, const void* site) {
  Lane& lane = *current_;
  lane.waitSite = site;
  unsigned warp = lane.linear / 32;
  unsigned laneId = lane.linear % 32;
  WarpSync& ws = warps_[warp];
  if (lockstep_) lockstepLeave(warp);
  ws.requests[laneId] = request;
  ws.arrived |= 1u << laneId;
  lane.state = Lane::State::Waiting;
  tryCompleteWarp(warp, laneId);
  if (lane.state == Lane::State::Runnable) {
    // Completed by us: run on. Remove ourselves from the runnable queue.
    runnable_.remove(static_cast<LaneIndex>(lane.linear));
    lane.state = Lane::State::Running;
  } else {
    waitHere(lane);
  }
  return ws.results[laneId];
}

// PTX's shfl/vote/match/redux/bar.warp.sync wait until every non-exited lane of the member mask
// has executed the same instruction with the same mask. So a rendezvous is the lanes waiting with
// the same op and mask; lanes of the warp waiting at other collectives (another tile's, or the
// next one of a lane that ran ahead in a smaller group) are not part of it.
void BlockRunner::tryCompleteWarp(unsigned warp, unsigned lane) {
  WarpSync& ws = warps_[warp];
  const isa::WarpRequest& r = ws.requests[lane];
  unsigned needed = (r.mask | (1u << lane)) & ~ws.exited;
  if ((ws.arrived & needed) != needed) return;
  for (unsigned m = needed; m != 0; m &= m - 1) {
    const isa::WarpRequest& other = ws.requests[__builtin_ctz(m)];
    if (other.mask != r.mask || other.op != r.op) return;  // it waits at another collective
  }
  isa::resolveWarp(ws.requests, needed, ws.results);
  noteProgress();
  if (unguardedInUse_ != 0) [[unlikely]] checkStackCanaries();
  ++warpEpoch_[warp];  // __syncwarp and collectives order the warp
  if (needed != ~0u) [[unlikely]] reportShuffleMisreads(warp, needed);
  unsigned base = warp * 32;
  for (unsigned m = needed; m != 0; m &= m - 1) makeRunnable(lanes_[base + __builtin_ctz(m)]);
  if (lockstep_) {
    LockstepWarp& w = lockstepWarps_[warp];
    w.pending += static_cast<unsigned>(__builtin_popcount(needed));
    const std::uint32_t joined = w.path[__builtin_ctz(needed)];  // the lanes met: one path
    for (unsigned m = needed; m != 0; m &= m - 1) w.path[__builtin_ctz(m)] = joined;
  }
  ws.arrived &= ~needed;
}

// After an exit, any collective waiting in the warp may have become complete.
void BlockRunner::checkWarpComplete(unsigned warp) {
  WarpSync& ws = warps_[warp];
  for (unsigned pending = ws.arrived; pending != 0; pending &= ws.arrived) {
    unsigned lane = static_cast<unsigned>(__builtin_ctz(pending));
    pending &= ~(1u << lane);
    tryCompleteWarp(warp, lane);
  }
}

void BlockRunner::onBarrierChecks() {
  if (syncCheck_) checkBarrierSites();
}

void BlockRunner::raceAccess(const void* address, unsigned size, bool write, const void* site, bool strong) {
  auto begin = reinterpret_cast<std::uintptr_t>(worker_.sharedArena().base());
  auto at = reinterpret_cast<std::uintptr_t>(address);
  if (!check::sanitizer::isSharedAddress(at, size, begin, begin + launch_->dynamicSharedBytes)) {
    if (globalRaces_->watched(at)) globalRaces_->access(globalClock_, at, size, write, site, current_->tid, strong);
    return;
  }
  const Lane& lane = *current_;
  check::sanitizer::SharedAccess a{site, lane.linear, barrierEpoch_, warpEpoch_[lane.linear / 32], write};
  for (std::uintptr_t word = at >> 2; word <= (at + size - 1) >> 2; ++word) races_->access(word, a);
}

void BlockRunner::initAccess(std::uintptr_t address, unsigned size, bool write, const void* site) {
  using Access = check::sanitizer::SharedInitShadow::Access;
  Access a = sharedInit_->access(address, size, write);
  if (a == Access::NotShared) check::sanitizer::initcheck::globalAccess(address, size, write, site);
  else if (a == Access::Unwritten) check::sanitizer::initcheck::reportRead("shared", sharedInit_->windowAddress(address), size, site);
}

bool BlockRunner::raceAtomicBegin(const volatile void* address, unsigned size, bool releaseOrder) {
  auto at = reinterpret_cast<std::uintptr_t>(address);
  if (!raceCheck_ || !globalRaces_->watched(at)) return false;  // shared atomics never race
  return globalRaces_->atomicBefore(globalClock_, at, size, releaseOrder);
}

void BlockRunner::raceAtomicEnd(const volatile void* address, bool modifies, bool released, const void* site) {
  auto at = reinterpret_cast<std::uintptr_t>(address);
  if (!raceCheck_ || !globalRaces_->watched(at)) return;
  globalRaces_->atomicAfter(globalClock_, at, modifies, released, site, current_->tid);
}

void BlockRunner::checkBarrierSites() {
  std::vector<check::sanitizer::BarrierArrival> arrivals;
  arrivals.reserve(arrived_);
  for (unsigned i = 0; i < arrived_; ++i) {
    const Lane& l = lanes_[barrierWaiters_[i]];
    arrivals.push_back({l.waitSite, l.linear, l.tid});
  }
  std::string kernel = report::functionName(launch_->kernel);
  check::sanitizer::checkBarrierSites(arrivals, kernel, blockIdx_);
  if (live_ < threadCount_ && arrived_ != 0) [[unlikely]]
    check::sanitizer::warnBarrierAfterExit(kernel, lanes_[barrierWaiters_[0]].waitSite, threadCount_ - live_, blockIdx_);
}

void BlockRunner::deadlock() {
  report::Fault f;
  f.kind = report::FaultKind::Deadlock;
  f.block = blockIdx_;
  std::string waiting;
  unsigned shown = 0;
  for (unsigned i = 0; i < threadCount_ && shown < 8; ++i) {
    const Lane& l = lanes_[i];
    if (i >= nextUnstarted_ || exited(i) || l.state != Lane::State::Waiting) continue;
    std::string where = report::sourceLine(l.waitSite);
    waiting += (shown ? ", " : "") + std::string("(") + std::to_string(l.tid.x) + "," +
               std::to_string(l.tid.y) + "," + std::to_string(l.tid.z) + ") at " +
               (where.empty() ? "?" : where);
    ++shown;
  }
  f.detail = std::to_string(live_) + " live threads wait at a barrier or __syncwarp that can "
             "never complete; waiting threads include " + waiting + warpWaitDetail();
  f.thread = current_ ? current_->tid : uint3{0, 0, 0};
  f.pc = current_ ? current_->waitSite : nullptr;
  fault(std::move(f));
}

std::string BlockRunner::threadStates() const {
  std::map<const void*, std::string> lines;  // symbolizing is slow: once per site
  // A completed barrier's waiters keep their state until they run (completeBarrier): queued,
  // they are ready to run.
  std::vector<bool> queued(threadCount_, false);
  for (unsigned q = 0; q < runnable_.size(); ++q) queued[runnable_.at(q)] = true;
  auto stateOf = [&](unsigned i) -> std::string {
    if (i >= nextUnstarted_) return "not started";
    if (exited(i)) return "exited";
    const Lane& l = lanes_[i];
    auto known = lines.find(l.waitSite);
    if (known == lines.end()) known = lines.emplace(l.waitSite, report::sourceLine(l.waitSite)).first;
    std::string where = known->second.empty() ? "?" : known->second;
    switch (l.state) {
      case Lane::State::Running: return "running at " + where;
      case Lane::State::Exited: return "exited";
      case Lane::State::Runnable: return "ready to run, last stopped at " + where;
      case Lane::State::Waiting: {
        if (queued[i]) return "ready to run, last stopped at " + where;
        const WarpSync& ws = warps_[i / 32];
        if (ws.converging & (1u << (i % 32))) return "converging at " + where;
        if (ws.arrived & (1u << (i % 32))) return "waiting in a warp collective at " + where;
        return "waiting at a barrier at " + where;
      }
      case Lane::State::NotStarted: break;
    }
    return "not started";
  };
  auto tid = [&](unsigned i) {
    return report::indexText(lanes_[i].tid);  // numbered for the block shape (numberLanes)
  };
  std::vector<std::string> states(threadCount_);
  for (unsigned i = 0; i < threadCount_; ++i) states[i] = stateOf(i);
  std::string out;
  for (unsigned i = 0; i < threadCount_;) {
    unsigned j = i + 1;
    while (j < threadCount_ && states[j] == states[i]) ++j;
    out += (out.empty() ? "" : "; ") + tid(i) + (j - i > 1 ? ".." + tid(j - 1) : "") + " " + states[i];
    i = j;
  }
  return out;
}

void BlockRunner::watchdogExpired(const void* site) {
  current_->waitSite = site;
  report::Fault f;
  f.kind = report::FaultKind::Timeout;
  f.pc = site;
  f.detail = "block " + report::indexText(blockIdx_) + ": " + threadStates();
  fault(std::move(f));
}

void BlockRunner::fault(report::Fault f) {
  f.block = blockIdx_;
  if (current_ && f.kind != report::FaultKind::Deadlock) f.thread = current_->tid;
  if (f.kind == report::FaultKind::Timeout) {  // the launch's report adds the preamble to all blocks
    report::Fault shown = f;
    shown.detail = timeoutPreamble() + shown.detail;
    debug::faultStop(shown, launch_->kernel);  // under gdb: stops here, on the faulting thread's stack
  } else {
    debug::faultStop(f, launch_->kernel);
  }
  launch_->recordFault(std::move(f));
  siglongjmp(faultJump_, 1);
}

}  // namespace loom::sched

namespace loom::runtime {
ThreadBatch* startThreads(sched::BlockRunner* runner) { return runner->startThreads(); }
bool resumeRunner(sched::BlockRunner* runner) { return runner->resumeRunner(); }
}  // namespace loom::runtime

// What loom::runtime::finishThread's assembly (sched/fast_paths.cpp) does not handle, entered
// by a jump with the run loop's return address in place. Parked here, the run loop is resumed
// by this function's return: once per block at most (its last thread, or a batch that ran
// without waiting), not once per thread.
extern "C" [[gnu::visibility("hidden")]] void loom_finish_thread_slow(loom::sched::BlockRunner* runner) {
  const loom::sched::Park park = runner->finishThreads();
  if (park.from != nullptr) loom::runtime::switchContext(park.from, park.to);
}
