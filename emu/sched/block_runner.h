// Runs the threads of one block on the current worker thread, one fiber per CUDA thread.
//
// Threads start in order on a "runner" fiber and run to completion one after another on the
// same stack, so a kernel that never reaches a barrier costs no switch per thread at all. When a
// thread waits (block barrier, warp rendezvous), its runner fiber becomes its own and the worker
// jumps straight to the next runnable thread, or to a fresh runner for the threads not started
// yet. A waiting point releases when every live thread it needs has arrived; exited threads
// never hold a barrier up (sm_70+ semantics). About one switch per thread per barrier.
//
// Lockstep warps (DESIGN.md, "Lockstep warps"; on when counters are): lanes also stop at every
// shared or global access and atomic (access(), from the memory-access hooks). A warp whose live
// lanes have all stopped releases the lanes waiting at its lowest access site together, one
// warp request (sched/lockstep.cpp); fast mode never calls access().
#pragma once

#include <array>
#include <csetjmp>
#include <memory>
#include <cstdint>
#include <string>
#include <vector>

#include "check/counters/warp_access.h"
#include "check/report/launch_record.h"
#include "check/sanitizer/global_races.h"
#include "check/warp_sync_hazards.h"
#include "check/sanitizer/racecheck.h"
#include "check/sanitizer/shared_init.h"
#include "isa/warp/warp_collective.h"
#include "report/fault.h"
#include "sched/lane.h"
#include "sched/region_marks.h"
#include "loom/device/lane_builtins.h"
#include "sched/launch.h"
#include "sched/run_queue.h"
#include "sched/tile_barrier.h"
#include "loom/runtime/launch.h"

namespace loom::mem {
class DeviceHeap;
}

namespace loom::sched {

class Worker;
class BlockGroup;

enum class BarrierReduction { None, Count, And, Or };

// What a runner fiber whose thread is done switches between (BlockRunner::finishThreads).
struct Park {
  void** from = nullptr;  // null: the fiber has a new batch, no park
  void* to = nullptr;
};

class BlockRunner {
public:
  explicit BlockRunner(Worker& worker);

  // Runs block `block` of `launch` to completion. On a fault, records it in the launch and
  // returns early; the block's fibers are abandoned and their stacks reclaimed. `group`: the
  // blocks resident with this one (a cooperative grid or a cluster), where this one is `rank`.
  void run(Launch& launch, uint3 block, BlockGroup* group = nullptr, unsigned rank = 0);
  // LOOM_SCHEDULE=random:<seed> (sched/grid_executor.cpp): the next block run resumes the warps
  // waiting at each barrier in an order drawn from `seed` (otherwise in arrival order).
  void shuffleWarpsOfNextBlock(std::uint64_t seed) {
    nextShuffle_ = true;
    nextWarpSeed_ = seed;
  }

  // The runner of the block executing on this OS thread, or null outside device code.
  static BlockRunner* current();

  // __syncthreads and its _count/_and/_or forms: waits for every live thread of the block.
  // `site` is the caller's code address, for reports.
  int barrier(int predicate, BarrierReduction reduction, const void* site);
  // A warp collective (__syncwarp, shuffles, votes, match, reduce): waits for the live lanes of
  // request.mask in the caller's warp, then returns what isa::resolveWarp gives this lane.
  std::uint64_t warpCollective(const isa::WarpRequest& request, const void* site);
  // The lanes of the caller's warp that reach this point together (coalesced_threads(),
  // __activemask()). Lanes run one after another here, so the caller waits until no thread of
  // the block can run; then the lanes of its warp waiting at the same source file and line
  // form the group (converge.cpp). `site` is for reports. Lockstep warps can answer this
  // without waiting.
  unsigned converge(const void* site, const char* file, unsigned line);

  // Lets another thread of the block run first, if there is one (spin loops: __nanosleep, a
  // failed atomicCAS). Without this, a thread spinning on a lock held by a thread of its own
  // block would spin forever, since threads switch only where they wait. In lockstep mode it
  // marks the warp as spinning: its next step runs another group (sched/lockstep.cpp). `site`:
  // the caller's, for the watchdog's report. `unstartedFirst`: start a thread not yet started
  // before resuming a waiting one (a tile barrier waits for threads that may not have started:
  // two of its waiters would otherwise hand the worker back and forth).
  void yield(const void* site, bool unstartedFirst = false);
  // The running thread did kSpinBudget volatile loads, atomics or fences since the last
  // detection (spinPoint below): it may be waiting for another thread of the block.
  void spinDetected(const void* site);
  // Lockstep mode: the running lane executed an atomicCAS. nvcc begins every try of a CAS loop
  // (a spin lock, an atomic built from CAS) with YIELD, which lets the warp's other paths run,
  // those waiting at the branch's convergence barrier included: the lanes that skipped a branch
  // holding a spin lock go on without its lane (recorded: tests.cuda.reconvergence lock_in_if,
  // SumDoubles). So the warp's next step runs lanes that wait for others behind them.
  void casExecuted();

  // Group barriers (sched/group_sync.cpp). grid.sync() is gridArrive then gridWait: a block
  // barrier, thread (0,0,0) arriving for the block and waiting for the grid, a block barrier
  // (as the device's cooperative groups do it). Returns the token gridWait takes.
  std::uint64_t gridArrive(const void* site);
  void gridWait(std::uint64_t token, const void* site);
  // barrier.cluster.arrive and .wait: each thread arrives; the block arrives at the cluster's
  // barrier once all its live threads have.
  void clusterArrive(const void* site);
  void clusterWait(const void* site);
  // Distributed shared memory: `address` (this block's shared memory) in block `rank` of the
  // cluster, and which block's shared memory holds `address`.
  void* mapSharedRank(const void* address, unsigned rank, const void* site);
  unsigned querySharedRank(const void* address, const void* site);
  // Whether `address` is in the shared memory of a block of this block's cluster.
  bool inClusterShared(const void* address) const;
  // Whether `address` is in the running thread's local memory: its fiber's stack.
  bool inLocal(const void* address) const;

  // Lockstep mode: the running lane is about to access `width` bytes at `address` from code
  // address `site`. Shared and global accesses make the lane stop until its warp request is
  // released; accesses to the lane's own stack (local memory) and to the kernel's parameters
  // return at once. `atomic`: the SASS form of an atomic (op Atomic), for the bank model;
  // `aggregable`: an atomic nvcc warp-aggregates on an address it proves uniform.
  void access(std::uintptr_t address, unsigned width, check::AccessOp op, const void* site,
              check::SharedAtomic atomic = check::SharedAtomic::Native, bool aggregable = false);
  bool lockstep() const { return lockstep_; }
  bool checksOn() const { return checks_; }
  unsigned blockThreads() const { return threadCount_; }
  // Tiles larger than a warp (sched/tile_barrier.h), cleared as each block starts.
  TileBarriers& tileBarriers() { return tileBarriers_; }


  // Records a fault for the running thread and abandons the block. Callable from device code
  // and from a signal handler running on this worker.
  [[noreturn]] void fault(report::Fault fault);

  const Lane& currentLane() const { return *current_; }

  // A kernel's run loop (loom::runtime::startThreads/finishThread/resumeRunner, BoundKernel::run).
  runtime::ThreadBatch* startThreads();
  Park finishThreads();
  bool resumeRunner();
  // initcheck: one plain access of the running thread, shared or global (LOOM_SANITIZER=initcheck).
  void initAccess(std::uintptr_t address, unsigned size, bool write, const void* site);
  // racecheck: one plain access of the running thread (tsan hooks, while LOOM_SANITIZER=racecheck),
  // into the block's shared-memory shadow or the launch's global one. `strong`: a volatile one
  // (fence-fence synchronization in global memory, check/sanitizer/global_races.h).
  void raceAccess(const void* address, unsigned size, bool write, const void* site, bool strong);
  // racecheck, global memory (check/sanitizer/global_races.h): an atomic's halves around the
  // operation (device/atomic_checks.h), and __threadfence (a release for the next atomic).
  // The fast mode: a volatile access of the running thread that lies in shared memory, checked
  // for legacy warp-synchronous code (check/warp_sync_hazards.h), which only lockstep computes
  // as the device does; a hazard is a warning, once per pair of sites.
  void volatileShared(const void* address, unsigned size, bool write, const void* site);
  bool raceAtomicBegin(const volatile void* address, unsigned size, bool releaseOrder);
  void raceAtomicEnd(const volatile void* address, bool modifies, bool released, const void* site);
  void raceFence() {
    if (raceCheck_) globalRaces_->fence(globalClock_);
  }
  // racecheck, shared memory: a synchronization that every thread of the block arrived at
  // completed (a phase of a cuda::barrier, a stage of a unified pipeline, the barrier of a tile
  // as large as the block): what each thread accessed before arriving is ordered before what
  // any thread accesses after its wait, as after __syncthreads. `participants` that are fewer
  // than the block's threads order nothing here.
  void blockSyncCompleted(unsigned participants) {
    if (raceCheck_ && participants == threadCount_) ++barrierEpoch_;
  }
  // The launch made no progress for the watchdog's time (sched/watchdog.h): fails it with every thread's state in
  // the report. `site`: where the running thread is.
  [[noreturn]] void watchdogExpired(const void* site);
  uint3 blockIndex() const { return blockIdx_; }
  Launch& launch() const { return *launch_; }

private:
  // The common cases of a plain __syncthreads and of a thread's end, in assembly
  // (sched/fast_paths.cpp): read and write the runner's state by offset.
  friend struct FastPaths;
  // Region entries and exits in lockstep mode, in assembly too (sched/region_marks.cpp).
  friend struct RegionMarks;
  friend struct CountedLoops;
  static void runnerEntry(Fiber* self, void* arg);
  // The fault of the running thread's uncaught exception.
  report::Fault exceptionFault(std::string what) const;
  void startLane(Lane& lane, RunnerFiber& fiber);
  // The threads not yet started, as `fiber`'s next batch: all of them in fast mode, where the
  // runtime learns about them lazily (settleBatch); one at a time, started here, while lockstep
  // or a checker looks at every access. The batch's tids and shape are the launch's, set when its
  // run loop started (startThreads).
  void giveBatch(RunnerFiber& fiber);
  // Brings the block's state up to the running thread of the unsettled batch: the threads before
  // it exited, it is started (current_), and the batch ends after it.
  [[gnu::cold, gnu::noinline]] void settleBatch();
  void exitLanes(unsigned begin, unsigned end);
  // Whether thread `linear` of the block has exited: the warps' masks say, for every thread (a
  // Lane's state is stale for the threads of a batch: exitLanes).
  bool exited(unsigned linear) const { return (warps_[linear / 32].exited >> (linear % 32)) & 1u; }
  void numberLanes(dim3 shape);
  void makeRunnable(Lane& lane);
  // Where the worker goes when the running thread stops: a runnable thread, a new runner for
  // unstarted threads, or (blockDone) back to the worker's own context.
  // Contexts are what a switch resumes (loom/runtime/context_switch.h): a saved stack pointer.
  void* nextContext(bool& blockDone);
  // nextContext when no lane is runnable (out of line: a thread's first wait, or a block whose
  // threads all wait).
  [[gnu::noinline]] void* idleContext(bool& blockDone);
  void* popRunnable();
  // Suspends the running lane, saving its context in its slot, and resumes `next`; returns when
  // the lane is resumed (made the running one by popRunnable).
  void suspendLane(Lane& lane, void* next) {
    runtime::switchContext(&laneContexts_[lane.linear], next);
  }
  void waitHere(Lane& lane);
  void onExit(Lane& lane);
  void onExitWhileOthersWait(unsigned warp);
  // Releases the block barrier if every live thread has arrived; true if it did.
  bool checkBarrierComplete();
  void completeBarrier();  // out of line: runs once per barrier, not once per thread
  // The running lane arrived last: completes the barrier and runs on without a switch (it was
  // queued with the others, last; it takes itself back out). The barrier's result.
  [[gnu::noinline]] int completeOwnBarrier(Lane& lane);
  // The barrier's arrival (barrier() once nothing else is to do first).
  int arrive(int predicate, BarrierReduction reduction, const void* site);
  // A barrier with work first: the unsettled batch is settled; in lockstep mode the lane stops
  // being one its warp waits for. Then it arrives.
  [[gnu::noinline]] int slowBarrier(int predicate, BarrierReduction reduction, const void* site);
  // The barrier's wait when no lane is runnable: a new runner starts the threads not yet started
  // (a thread's first wait), or the block's other waits are released.
  [[gnu::noinline]] int waitFirst(Lane& lane);
  void setBatchFiber(RunnerFiber* fiber) {
    batchFiber_ = fiber;
    slowArrival_ = fiber != nullptr || lockstep_;
  }
  // synccheck (LOOM_SANITIZER=synccheck): reports threads of the completing barrier that arrived
  // at another __syncthreads than their warp or block (check/sanitizer/synccheck.h).
  void checkBarrierSites();
  void onBarrierChecks();  // the sanitizer's work at a barrier release (synccheck, racecheck)
  void checkWarpComplete(unsigned warp);
  void tryCompleteWarp(unsigned warp, unsigned lane);
  [[noreturn]] void deadlock();
  // Each thread's state and line, runs of equal ones merged (watchdog report).
  std::string threadStates() const;
  // converge.cpp: hands every waiting lane its group and makes it runnable.
  void releaseConverged();
  // warp_checks.cpp: warns about shuffles of a completed rendezvous that read a lane that does
  // not take part; and, for deadlock reports, which lanes a waiting collective still needs.
  void reportShuffleMisreads(unsigned warp, unsigned present);
  void reportWarpSyncHazard(const check::WarpSyncHazards::Hazard& hazard);
  std::string warpWaitDetail() const;
  RunnerFiber& newRunner();
  // A runner with no thread left to start: queued to be resumed as a new runner (newRunner);
  // the switch away, to the context that runs next, is the caller's.
  [[gnu::noinline]] Park park(RunnerFiber& fiber);
  void reclaimFibers();
  // Fails the block with a stack overflow if a stack without a guard page (sched/stack_pool.h)
  // was written past its end; called before other threads of the block run again.
  void checkStackCanaries();

  // Group barriers (sched/group_sync.cpp).
  std::uint64_t groupGeneration() const;
  // Parks the running lane until the group barrier reaches `generation`.
  void waitForGroup(std::uint64_t generation, const void* site);
  // Nothing of the block can run and lanes wait for the group: sleeps until the barrier moves,
  // then makes the lanes it released runnable.
  void* waitForGroupRelease();
  void releaseGroupWaiters();
  void clusterBlockArrives();
  [[noreturn]] void groupMisuse(const void* site, std::string detail);
  // A spinning thread: another block of the group may be what it waits for, so let the group's
  // other blocks run first.
  void yieldToGroup();
  // Leaves the block without a report of its own (another block's fault failed the launch).
  [[noreturn]] void abandon();

  // Lockstep mode (sched/lockstep.cpp).
  void lockstepBegin();
  void lockstepEnd();
  // The running lane stops being one its warp waits for (it waits elsewhere or exited).
  void lockstepLeave(unsigned warp) {
    if (--lockstepWarps_[warp].pending == 0 && lockstepWarps_[warp].parked != 0) releaseGroup(warp);
  }
  void stopAtAccess(const check::PendingAccess& access);
  struct LockstepWarp;
  std::uint32_t furthestBehind(const LockstepWarp& w, unsigned warp, std::uint32_t parked) const;
  // Chooses the next group of parked lanes of `warp`, scores its request and queues it.
  void releaseGroup(unsigned warp);
  void parkAndSwitch(Lane& lane);

  Worker& worker_;
  Launch* launch_ = nullptr;
  std::uint64_t sequence_ = 0;  // launch_->sequence, what a parked runner is resumed for
  uint3 blockIdx_{0, 0, 0};
  unsigned threadCount_ = 0;

  // The block's threads by linear index, and (runQueue, laneContexts_, barrierWaiters_) the
  // scheduler's lists of them: inside the runner, so that the barrier reaches each at an offset
  // from `this`, with no pointer to load first.
  static constexpr unsigned kMaxThreads = RunQueue::kCapacity;
  std::array<Lane, kMaxThreads> lanes_;
  unsigned nextUnstarted_ = 0;
  // The block shape lanes_[i].tid and .linear were last numbered for: they depend on nothing
  // else, so a launch numbers them once, not every thread start (counting (x, y, z) up per start
  // cost a store-forwarding stall on every thread).
  dim3 numberedShape_{0, 0, 0};
  unsigned live_ = 0;       // threads not exited (started or not)
  Lane* current_ = nullptr;
  // The fiber whose batch started threads the block's state does not know about yet
  // (thread_batch.h): lanes settledUpTo_ .. batch.next - 1. Null when settled.
  RunnerFiber* batchFiber_ = nullptr;
  bool slowArrival_ = false;  // batchFiber_ or lockstep_: a barrier has work before it arrives
  unsigned settledUpTo_ = 0;
  // Batches of one thread, started as they are given: under lockstep or a checker, and once a
  // batch of the block was settled at its first thread (its threads wait: a barrier in every
  // thread settles each batch at once, which cost (b) of the benchmark 4 ns per thread).
  bool eagerLanes_ = false;
  std::array<uint3, kMaxThreads> tids_{};  // lanes_[i].tid, packed for the run loop
  RunnerFiber* startingFiber_ = nullptr;  // the runner fiber whose run loop starts next

  RunQueue runnable_;
  // Where each waiting lane's fiber is saved (suspendLane), by linear index: a runner fiber's own
  // slot holds it only while it is parked without a lane. Dense, so that the barrier finds the
  // next lanes' stacks to prefetch with two loads that hit (a lane's RunnerFiber, reached
  // through its Lane, was two misses in a row on every barrier: perf, bench (b)).
  std::array<void*, kMaxThreads> laneContexts_{};

  // Block barrier in progress: barrierWaiters_[0 .. arrived_ - 1], in arrival order.
  unsigned arrived_ = 0;
  std::array<LaneIndex, kMaxThreads> barrierWaiters_{};
  unsigned reduceCount_ = 0;  // arrivals with a true predicate
  BarrierReduction reduction_ = BarrierReduction::None;
  int barrierResult_ = 0;  // __syncthreads_count/_and/_or of the barrier released last
  bool checks_ = false;     // a sanitizer tool that watches barriers is on
  bool syncCheck_ = false;  // synccheck: barrier sites are compared at each release
  bool raceCheck_ = false;  // racecheck: shared accesses go into races_ with these epochs
  // Synchronization intervals, counted in every mode: the block's barriers (racecheck also
  // counts its block-wide phases), each warp's collectives.
  std::uint32_t barrierEpoch_ = 0;
  // Random warp order (shuffleWarpsOfNextBlock): on for the running block, its generator state.
  bool nextShuffle_ = false, shuffleWarps_ = false;
  std::uint64_t nextWarpSeed_ = 0, warpSeed_ = 0;
  void shuffleWaitersByWarp();
  TileBarriers tileBarriers_;
  std::vector<std::uint32_t> warpEpoch_;
  check::WarpSyncHazards warpSyncHazards_;
  std::unique_ptr<check::sanitizer::SharedRaceDetector> races_;
  std::unique_ptr<check::sanitizer::SharedInitShadow> sharedInit_;  // initcheck only
  check::sanitizer::GlobalRaceDetector* globalRaces_ = nullptr;
  check::sanitizer::BlockClock globalClock_;

  // Warp rendezvous in progress, per warp.
  struct WarpSync {
    unsigned arrived = 0;   // lanes waiting, as a mask
    unsigned exited = 0;    // lanes of the warp that exited
    isa::WarpRequest requests[32];
    // Written for the lanes of a completed rendezvous before any of them runs again; a lane
    // reads its own before it can take part in the next one.
    std::uint64_t results[32] = {};
    // Lanes waiting in converge(), and where.
    unsigned converging = 0;
    const char* convergeFile[32] = {};
    unsigned convergeLine[32] = {};
  };
  std::vector<WarpSync> warps_;
  unsigned convergeWaiters_ = 0;  // lanes of the block waiting in converge()

  // Lockstep state, per warp.
  struct LockstepWarp {
    unsigned pending = 0;   // lanes still to stop: not started, running or runnable
    unsigned parked = 0;    // lanes stopped at an access, as a mask
    bool spinning = false;  // a lane of the last group failed an atomicCAS or slept
    bool casExecuted = false;  // a lane of the last group executed an atomicCAS (YIELD)
    // The device's paths: lanes that a YIELD let past a convergence barrier without the others
    // run as a path of their own, and the next convergence barriers are set up by each path
    // alone, so the paths meet again only where the whole warp does (a __syncthreads, a warp
    // collective). Lanes form one request only if they share a path.
    std::uint32_t path[32] = {};
    std::uint32_t nextPath = 0;
    const void* lastSite = nullptr;
    std::uint64_t lastAddress = 0;  // the first lane's address in the last group released
    std::uint32_t repeats = 0;      // releases in a row of one load at one site and address
    std::uint32_t step = 0;  // groups released so far
    std::uint32_t parkedSince[32] = {};
    check::PendingAccess access[32];
  };
  bool lockstep_ = false;
  bool startAnother_ = false;  // a spinning lane: let a not yet started thread run first
  std::vector<LockstepWarp> lockstepWarps_;
  check::SiteTable sites_;     // this block's counters, merged into the launch at its end
  std::uintptr_t staticSharedBegin_ = 0, staticSharedSize_ = 0;
  std::uintptr_t dynamicSharedBegin_ = 0, dynamicSharedSize_ = 0;
  std::uintptr_t argumentsBegin_ = 0;
  const mem::DeviceHeap* heap_ = nullptr;

  std::vector<RunnerFiber*> fibersInUse_;   // prepared: running, waiting or parked
  unsigned unguardedInUse_ = 0;             // of those, stacks without a guard page
  // Finished their threads; resumable as runners: parked_[0 .. parkedCount_ - 1].
  std::array<RunnerFiber*, kMaxThreads> parked_{};
  unsigned parkedCount_ = 0;
  std::unique_ptr<RunnerFiber[]> fiberStore_;  // 1024 fibers, allocated once
  std::vector<RunnerFiber*> freeFibers_;

  // The blocks resident with this one, and group barrier state (sched/group_sync.cpp).
  BlockGroup* group_ = nullptr;
  unsigned groupRank_ = 0;
  std::vector<Lane*> groupWaiters_;
  std::uint64_t localGeneration_ = 0;  // barrier.cluster of a block that is a cluster of one
  unsigned clusterArrivals_ = 0;       // threads arrived at the current phase
  std::uint64_t clusterTarget_ = 0;    // the generation that completes the current phase

  Fiber workerContext_;
  sigjmp_buf faultJump_;
};

// The barrier path is inline (included where the device entry points are defined), so that
// kernel code reaches the fiber switch through a single call: every call level between a kernel
// and the jump costs a mispredicted return after each switch (fiber.h). Measured with
// tools/bench: 47 ns per thread and barrier with the levels out of line.

extern __thread BlockRunner* tCurrentRunner asm("loom_block_runner");  // const to kernel code (loom/device/sync.h)

// Fast mode's spin detector. A thread runs until it waits, so one spinning on what a thread of
// another warp of its block will write (a flag, a counter) would spin forever, where the
// device's warps run independently. Volatile loads, atomics and fences count down this budget;
// at zero the running thread yields (spinYield), and the block's other threads run first. The
// count starts afresh with each block, so serial runs stay deterministic.
inline constexpr unsigned kSpinBudget = 256;
extern __thread unsigned tSpinCountdown;
[[gnu::cold, gnu::noinline]] void spinYield(const void* site);
[[gnu::always_inline]] inline void spinPoint(const void* site) {
  if (--tSpinCountdown == 0) [[unlikely]] spinYield(site);
}

// A volatile access of kernel code (device/tsan_hooks.cpp): in the fast mode, one to shared
// memory is checked for legacy warp-synchronous code (BlockRunner::volatileShared).
void volatileAccess(const void* address, unsigned size, bool write, const void* site);

// Whoever asks for the runner is about to look at the running thread: the batch is settled first.
inline BlockRunner* BlockRunner::current() {
  BlockRunner* runner = tCurrentRunner;
  if (runner && runner->batchFiber_) [[unlikely]] runner->settleBatch();
  return runner;
}

inline void BlockRunner::makeRunnable(Lane& lane) {
  lane.state = Lane::State::Runnable;
  runnable_.push(static_cast<LaneIndex>(lane.linear));
}

// The lane that runs next, made the running one here: the side that switches sets the block's
// state up for the side it resumes, so a lane resumed in a barrier returns at once. The one
// path that resumes lanes, whoever calls it.
inline void* BlockRunner::popRunnable() {
  const LaneIndex index = runnable_.pop();
  {
    // The lane after this one runs next: its saved registers, out of L1 since its last switch
    // (a block's stacks do not fit), are loaded while this one runs. Two lines measured best on
    // session 13's EPYC (bare barriers 101 -> 94 ns per thread, serial); four or eight no better,
    // the next lane's fiber object as well worse. Unguarded: past the queue's end the slot holds
    // a stale lane, whose context is a stack address or null, and a prefetch never faults.
    const char* sp = static_cast<const char*>(laneContexts_[runnable_.at(0)]);
    for (int line = 0; line < 2; ++line) __builtin_prefetch(sp + 64 * line);
  }
  Lane& lane = lanes_[index];
  current_ = &lane;
  lane.state = Lane::State::Running;
  loom_tid = lane.tid;
  return laneContexts_[index];
}

inline void* BlockRunner::nextContext(bool& blockDone) {
  blockDone = false;
  if (!runnable_.empty()) return popRunnable();
  return idleContext(blockDone);
}

// Every arriving thread asks; only the last one completes the barrier.
[[gnu::always_inline]] inline bool BlockRunner::checkBarrierComplete() {
  if (arrived_ == 0 || arrived_ != live_) return false;
  completeBarrier();
  return true;
}

// Parks the running lane and resumes the next; returns when someone made it the running lane
// again (popRunnable).
inline void BlockRunner::waitHere(Lane& lane) {
  lane.state = Lane::State::Waiting;
  bool blockDone = false;
  suspendLane(lane, nextContext(blockDone));
}

// Inlined into each __syncthreads entry point (device/sync.cpp), which the kernel calls: one call
// level between the kernel and the switch, and `reduction` a constant there. Every path off the
// common one (an unsettled batch or lockstep, the last arrival, a thread's first wait) leaves by
// a tail call, and the common one ends in the switch with nothing live across it: the entry
// point saves no register of its own.
[[gnu::always_inline]] inline int BlockRunner::barrier(int predicate, BarrierReduction reduction,
                                                       const void* site) {
  if (slowArrival_) [[unlikely]] return slowBarrier(predicate, reduction, site);
  return arrive(predicate, reduction, site);
}

[[gnu::always_inline]] inline int BlockRunner::arrive(int predicate, BarrierReduction reduction,
                                                      const void* site) {
  Lane& lane = *current_;
  const unsigned me = lane.linear;  // read once: the stores below may alias it, for g++
  lane.waitSite = site;
  if (reduction != BarrierReduction::None) {
    // _count, _and and _or all follow from the number of true predicates (completeBarrier).
    reduction_ = reduction;
    reduceCount_ += predicate != 0;
  }
  const unsigned arrived = arrived_ + 1;
  barrierWaiters_[arrived - 1] = static_cast<LaneIndex>(me);
  arrived_ = arrived;
  if (arrived == live_) [[unlikely]] return completeOwnBarrier(lane);
  lane.state = Lane::State::Waiting;
  if (runnable_.empty()) [[unlikely]] return waitFirst(lane);
  void* next = popRunnable();
  runtime::switchContext(&laneContexts_[me], next);
  // barrierResult_ is still this barrier's: the next one cannot complete before we arrive.
  return barrierResult_;
}

}  // namespace loom::sched
