// Lockstep warps (DESIGN.md, "Lockstep warps"): the part of BlockRunner that runs when counters
// are on.
//
// Every lane of a warp runs until it stops: at a shared or global access or atomic (access()),
// a barrier, a warp collective, or its exit. A warp counts the lanes that have yet to stop
// (`pending`); when none is left, the lanes parked at accesses are grouped by access site and
// one group is released: those lanes are one warp request, scored by the bank or coalescing
// model, and each performs its access and runs to its next stop, one lane after another. Since
// a lane stops *before* each access, every lane of a group performs its access before any lane
// performs its next one: loads of one instruction all happen before the stores of the next, as
// on the device, which is what legacy warp-synchronous code (a volatile reduction tail without
// __syncwarp) relies on.
//
// Which group: the lanes furthest behind in the nesting of regions (loom/device/reconverge.h:
// every if, switch and loop statement and loop body of the user's code), so lanes that skipped
// a branch, left a loop or `continue`d wait where nvcc's convergence barriers would hold them;
// among lanes level there, the lowest access site first. Lanes form one request only when they
// are level, at one site, and on one path. That alone would starve a lock holder while its
// warp's other lanes spin on atomicCAS, which Volta's independent thread scheduling does not:
// after a failed atomicCAS (or __nanosleep) the warp runs the group at another site that waited
// longest (also when a group keeps loading one flag, kSpinRepeats), and any lane that waited
// kStarvationSteps groups runs next whatever its site. And
// nvcc's CAS loops begin with YIELD, after which the lanes waiting for the CAS's lane go on
// without it, as a path of their own until the whole warp meets (casExecuted()): at a barrier or
// a warp collective. The shared stores that lead into a __syncthreads (Lane::barrierAhead) are
// one request of every path, and the paths stay apart after them until the barrier.
#include <algorithm>
#include <bit>

#include "check/sanitizer/findings.h"
#include "mem/address_space.h"
#include "mem/device_heap.h"
#include "sched/block_runner.h"
#include "sched/region_marks.h"
#include "sched/worker.h"

namespace loom::sched {

namespace {
// The last resort against a livelock the rules below miss. Lanes ahead wait for lanes behind as
// long as those take (a loop of the lane's own length: tests.cuda.divergent_kernels' collatz),
// as at a BSYNC; a smaller bound split such warps where the device did not.
constexpr std::uint32_t kStarvationSteps = 1u << 14;
// A group that loads the same address at the same site this many times in a row, nothing else
// between, spins on a flag: the warp runs another group next, as a YIELD would let it.
constexpr std::uint32_t kSpinRepeats = 4;
// The kernel's parameters are read from the launch's argument block (the constant bank on the
// device, not global memory): accesses within this many bytes of its start are not counted.
constexpr std::uintptr_t kArgumentBlockBytes = 4096;
// Dynamic shared memory's offsets are placed after the static variables' (a multiple of 128,
// so banks are unchanged).
constexpr std::uint64_t kDynamicSharedOffset = 1u << 20;
}  // namespace

void BlockRunner::lockstepBegin() {
  if (lockstepWarps_.empty()) lockstepWarps_.resize(warps_.size());
  unsigned warpCount = (threadCount_ + 31) / 32;
  for (unsigned w = 0; w < warpCount; ++w) {
    LockstepWarp& lw = lockstepWarps_[w];
    lw.pending = static_cast<unsigned>(32 - std::popcount(warps_[w].exited));
    lw.parked = 0;
    lw.spinning = false;
    lw.casExecuted = false;
    lw.nextPath = 0;
    std::fill(std::begin(lw.path), std::end(lw.path), 0u);
    lw.lastSite = nullptr;
    lw.lastAddress = 0;
    lw.repeats = 0;
    lw.step = 0;
  }
  // A lane at depth d reads its counts up to level d + 1, and entering level d resets d + 1:
  // only level 1 needs clearing here.
  for (unsigned t = 0; t < threadCount_; ++t) {
    lanes_[t].regionDepth = 0;
    lanes_[t].regionsEntered[1] = 0;
    lanes_[t].barrierAhead = false;
  }
  startAnother_ = false;
  mem::AddressRange statics = mem::staticSharedRange();
  staticSharedBegin_ = statics.begin & ~std::uintptr_t{127};
  staticSharedSize_ = statics.end - staticSharedBegin_;
  dynamicSharedBegin_ = reinterpret_cast<std::uintptr_t>(worker_.sharedArena().base());
  dynamicSharedSize_ = mem::SharedArena::kCapacity;
  argumentsBegin_ = reinterpret_cast<std::uintptr_t>(launch_->arguments.get());
  heap_ = &mem::DeviceHeap::instance();
  setLockstepMarks(true);
  // Opens the inlined gate of every hook, on every worker: the hooks then test lockstepAccesses().
  check::sanitizer::changeAccessChecks(0, 0, 1);
}

void BlockRunner::lockstepEnd() {
  setLockstepMarks(false);
  check::sanitizer::changeAccessChecks(0, 0, -1);
  if (!sites_.empty()) {
    launch_->counters->add(sites_);
    sites_.clear();
  }
}

void BlockRunner::access(std::uintptr_t address, unsigned width, check::AccessOp op,
                         const void* site, check::SharedAtomic atomic, bool aggregable) {
  check::PendingAccess a;
  a.site = site;
  a.atomic = atomic;
  a.aggregable = aggregable;
  a.width = static_cast<std::uint8_t>(width);
  a.op = op;
  if (address - staticSharedBegin_ < staticSharedSize_) {
    // The pointer of a namespace-scope extern __shared__ is thread-local too, but no shared memory.
    if (width == 8 && mem::isExternSharedSlot(address)) [[unlikely]] return;
    a.space = check::Space::Shared;
    a.address = address - staticSharedBegin_;
  } else if (address - dynamicSharedBegin_ < dynamicSharedSize_) {
    a.space = check::Space::Shared;
    a.address = address - dynamicSharedBegin_ + kDynamicSharedOffset;
  } else if (heap_->inRange(reinterpret_cast<const void*>(address))) {
    a.space = check::Space::Global;  // cudaMalloc'd, managed or pinned memory
    a.address = address;
  } else {
    const StackPool::Stack& stack = current_->fiber->stack;
    if (address - reinterpret_cast<std::uintptr_t>(stack.low) < stack.size) return;  // local
    if (address - argumentsBegin_ < kArgumentBlockBytes) return;  // kernel parameters
    // `__constant__` and `__device__` variables are plain globals of the program: Loom cannot
    // tell them apart by address, and ncu counts constant-bank reads as no global request at all,
    // so loads stay uncounted. A store can only be a `__device__` variable's (device code cannot
    // write constant memory): a global store request on the device (threadfence_sum's `count = 0`).
    a.space = op == check::AccessOp::Store && mem::inExecutableData(address) ? check::Space::Global
                                                                             : check::Space::None;
    a.address = address;
  }
  stopAtAccess(a);
}

void BlockRunner::stopAtAccess(const check::PendingAccess& access) {
  Lane& lane = *current_;
  unsigned warp = lane.linear / 32;
  unsigned l = lane.linear % 32;
  LockstepWarp& w = lockstepWarps_[warp];
  w.access[l] = access;
  w.parkedSince[l] = w.step;
  w.parked |= 1u << l;
  lane.waitSite = access.site;
  if (--w.pending == 0) releaseGroup(warp);
  parkAndSwitch(lane);
}

void BlockRunner::casExecuted() {
  if (lockstep_) lockstepWarps_[current_->linear / 32].casExecuted = true;
}

namespace {
// -1 when lane a is behind lane b in the nesting of regions, 1 when ahead, 0 when level.
int regionOrder(const Lane& a, const Lane& b) {
  const unsigned common = std::min(a.regionDepth, b.regionDepth);
  const unsigned last = std::min(common + 1u, Lane::kRegionLevels - 1);
  for (unsigned d = 1; d <= last; ++d) {
    const auto ahead = static_cast<std::int16_t>(a.regionsEntered[d] - b.regionsEntered[d]);
    if (ahead != 0) return ahead < 0 ? -1 : 1;
  }
  // Same regions entered: the lane still inside one the other has left is behind.
  if (a.regionDepth != b.regionDepth) return a.regionDepth > b.regionDepth ? -1 : 1;
  return 0;
}
}  // namespace

// The lanes of each path that no lane of the same path is behind.
std::uint32_t BlockRunner::furthestBehind(const LockstepWarp& w, unsigned warp, std::uint32_t parked) const {
  const Lane* warpLanes = &lanes_[warp * 32];
  std::uint32_t behind = 0;
  for (std::uint32_t left = parked; left;) {
    const unsigned first = static_cast<unsigned>(std::countr_zero(left));
    const std::uint32_t path = w.path[first];
    unsigned best = first;
    std::uint32_t lanes = 0;
    for (std::uint32_t m = left; m; m &= m - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(m));
      if (w.path[l] != path) continue;
      lanes |= 1u << l;
      if (regionOrder(warpLanes[l], warpLanes[best]) < 0) best = l;
    }
    for (std::uint32_t m = lanes; m; m &= m - 1) {
      const unsigned l = static_cast<unsigned>(std::countr_zero(m));
      if (regionOrder(warpLanes[l], warpLanes[best]) == 0) behind |= 1u << l;
    }
    left &= ~lanes;
  }
  return behind;
}

void BlockRunner::releaseGroup(unsigned warp) {
  LockstepWarp& w = lockstepWarps_[warp];
  const std::uint32_t parked = w.parked;
  const std::uint32_t behind = furthestBehind(w, warp, parked);
  const Lane* warpLanes = &lanes_[warp * 32];
  unsigned lowest = 32, oldest = 32, oldestElsewhere = 32, lowestAhead = 32;
  for (std::uint32_t m = parked; m; m &= m - 1) {
    unsigned l = static_cast<unsigned>(std::countr_zero(m));
    const void* site = w.access[l].site;
    if (behind & (1u << l)) {
      if (lowest == 32 || site < w.access[lowest].site) lowest = l;
    } else if (lowestAhead == 32 || site < w.access[lowestAhead].site) {
      lowestAhead = l;
    }
    if (oldest == 32 || w.parkedSince[l] < w.parkedSince[oldest]) oldest = l;
    if (site != w.lastSite &&
        (oldestElsewhere == 32 || w.parkedSince[l] < w.parkedSince[oldestElsewhere]))
      oldestElsewhere = l;
  }
  unsigned chosenLane = lowest;
  bool split = false;
  if (w.step - w.parkedSince[oldest] > kStarvationSteps) {
    chosenLane = oldest;
  } else if (w.casExecuted && lowestAhead != 32) {
    chosenLane = lowestAhead;  // past the branch's convergence barrier without the CAS's lane
    split = true;
  } else if (w.spinning && oldestElsewhere != 32) {
    chosenLane = oldestElsewhere;
  }
  // A warp that a YIELD split meets again before the shared stores that lead into a
  // __syncthreads (Lane::barrierAhead), where ptxas puts the barrier's WARPSYNC.ALL: such a
  // store is not where a YIELD lets lanes go on without the CAS's lane, it waits while a lane of
  // another path is parked at any other access, and it takes along the lanes of every path
  // parked at it (validate/probes/warpsync_placement.cu). The paths do not join there: a global
  // load after the store, which ptxas issues before the WARPSYNC, runs split (v4's second load,
  // 9 + 9 extra instructions); the __syncthreads joins them.
  bool meet = false;
  if (w.step - w.parkedSince[oldest] <= kStarvationSteps) {  // (a starving lane goes first)
    auto barrierStore = [&](unsigned l) {
      return warpLanes[l].barrierAhead && w.access[l].op == check::AccessOp::Store &&
             w.access[l].space == check::Space::Shared;
    };
    if (barrierStore(chosenLane) && split) {
      chosenLane = lowest;  // the lanes a YIELD would let past wait there for the CAS's lane
      split = false;
    } else if (barrierStore(chosenLane)) {
      unsigned elsewhere = 32;
      for (std::uint32_t m = parked; m; m &= m - 1) {
        unsigned l = static_cast<unsigned>(std::countr_zero(m));
        if (w.path[l] == w.path[chosenLane] || barrierStore(l)) continue;
        if (elsewhere == 32 || w.parkedSince[l] < w.parkedSince[elsewhere]) elsewhere = l;
      }
      if (elsewhere != 32) chosenLane = elsewhere;
      else meet = true;
    }
  }
  const void* chosen = w.access[chosenLane].site;
  const std::uint32_t path = w.path[chosenLane];
  std::uint32_t group = 0;
  for (std::uint32_t m = parked; m; m &= m - 1) {
    unsigned l = static_cast<unsigned>(std::countr_zero(m));
    if (w.access[l].site == chosen && (w.path[l] == path || (meet && warpLanes[l].barrierAhead)) &&
        regionOrder(warpLanes[l], warpLanes[chosenLane]) == 0)
      group |= 1u << l;
  }
  if (split) {
    const std::uint32_t own = ++w.nextPath;
    for (std::uint32_t m = group; m; m &= m - 1) w.path[std::countr_zero(m)] = own;
  }
  const check::PendingAccess& first = w.access[chosenLane];
  const bool again = chosen == w.lastSite && first.op == check::AccessOp::Load && first.address == w.lastAddress;
  w.repeats = again ? w.repeats + 1 : 0;
  w.lastAddress = first.address;
  w.spinning = w.repeats >= kSpinRepeats;
  w.casExecuted = false;
  w.lastSite = chosen;
  check::scoreRequest(w.access, group, warp, sites_);
  w.parked = parked & ~group;
  w.pending += static_cast<unsigned>(std::popcount(group));
  ++w.step;
  unsigned base = warp * 32;
  for (std::uint32_t m = group; m; m &= m - 1) {
    Lane& lane = lanes_[base + static_cast<unsigned>(std::countr_zero(m))];
    makeRunnable(lane);
  }
}

void BlockRunner::parkAndSwitch(Lane& lane) {
  lane.state = Lane::State::Waiting;
  void* next;
  if (startAnother_ && nextUnstarted_ < threadCount_) {
    // A lane spins: a thread not yet started may be the one it waits for.
    startAnother_ = false;
    next = newRunner().context.context();
  } else if (!runnable_.empty()) {
    if (runnable_.at(0) == lane.linear) {  // released first: run on without a switch
      popRunnable();
      return;
    }
    next = popRunnable();
  } else {
    bool blockDone = false;
    next = nextContext(blockDone);  // a new runner for unstarted threads, or a deadlock report
  }
  suspendLane(lane, next);
}

}  // namespace loom::sched
