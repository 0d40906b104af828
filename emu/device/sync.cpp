// Device-side synchronisation entry points: forward to the block runner of this worker.
#include "loom/device/sync.h"
#include "loom/device/warp.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>

#include "check/sanitizer/findings.h"
#include "device/atomic_checks.h"
#include "report/symbolize.h"
#include "report/warning.h"
#include "sched/block_runner.h"
#include "sched/progress.h"

namespace loom::device {

// Called outside a kernel (host code calling a device function, which nvcc would reject) these
// act as for a block of one thread.

// The entry points are called straight from kernel code (the CUDA names are inline), so their
// return address is the barrier's site in the kernel, named in deadlock reports. The kernel
// hands them its worker's runner (loom_block_runner, null in host code). The arrival is inlined
// into each: a call level between a kernel and the fiber switch costs a push and pop of the
// callee-saved registers and a return per thread and barrier.
namespace {
[[gnu::always_inline]] inline int barrier(void* r, int p, sched::BarrierReduction reduction, const void* site) {
  auto* runner = static_cast<sched::BlockRunner*>(r);
  return runner ? runner->barrier(p, reduction, site) : p != 0;
}
}  // namespace

// syncthreads(void*) is sched/fast_paths.cpp's, in assembly; what it does not handle it
// jumps to here, with the kernel's return address where a call would have left it.
extern "C" [[gnu::visibility("hidden")]] void loom_syncthreads_slow(void* runner) {
  barrier(runner, 1, sched::BarrierReduction::None, LOOM_CALL_SITE());
}
int syncthreadsCount(void* runner, int p) {
  return barrier(runner, p, sched::BarrierReduction::Count, LOOM_CALL_SITE());
}
int syncthreadsAnd(void* runner, int p) {
  return barrier(runner, p, sched::BarrierReduction::And, LOOM_CALL_SITE());
}
int syncthreadsOr(void* runner, int p) {
  return barrier(runner, p, sched::BarrierReduction::Or, LOOM_CALL_SITE());
}
namespace {
// Calls CUDA declares undefined and the device does not diagnose: Loom fails the launch with a
// report naming the lane and the call's line (README, "Warp collectives").
[[noreturn]] void misuse(sched::BlockRunner& runner, const void* site, const std::string& detail) {
  report::Fault f;
  f.kind = report::FaultKind::WarpMisuse;
  f.pc = site;
  f.detail = detail;
  runner.fault(std::move(f));
}

std::string hexMask(unsigned mask) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", mask);
  return text;
}

// Runs on every warp collective: the report's text is only built once a check has failed.
void checkRequest(sched::BlockRunner& runner, const isa::WarpRequest& r, const void* site) {
  unsigned linear = runner.currentLane().linear;
  unsigned lane = linear % 32;
  auto who = [&] {
    return std::string(isa::warpOpName(r.op)) + " called by lane " + std::to_string(lane) +
           " of warp " + std::to_string(linear / 32);
  };
  if (!(r.mask & (1u << lane)))
    misuse(runner, site,
           who() + " with mask " + hexMask(r.mask) + ", which does not include the calling lane");
  if (isa::isShuffle(r.op) && (r.width == 0 || r.width > 32 || (r.width & (r.width - 1)) != 0))
    misuse(runner, site,
           who() + " with width " +
               std::to_string(static_cast<int>(r.width)) +
               ", which is not a power of two from 1 to 32");
}

// __syncwarp with a mask that leaves out the calling lane: undefined by the guide; the H100 runs
// on (tests/sanitizer/sync_syncwarp_mask: the plain run succeeds, synccheck reports "Invalid
// arguments" per lane, racecheck the hazards it leaves unordered). So the lane does not wait:
// synccheck gets its finding, a plain run a warning once per line.
[[gnu::cold, gnu::noinline]] void syncwarpWithoutCaller(sched::BlockRunner& runner, unsigned mask, const void* site) {
  const sched::Lane& lane = runner.currentLane();
  if (check::sanitizer::tool() == check::sanitizer::Tool::Synccheck) {
    check::sanitizer::Finding f;
    f.kind = "barrier_invalid_arguments";
    f.kernel = report::functionName(runner.launch().kernel);
    f.location = report::sourceLine(site);
    f.block = runner.blockIndex();
    f.thread = lane.tid;
    check::sanitizer::record(f);
  } else if (report::firstWarningAt(site)) {
    report::warn(site, "kernel " + report::functionName(runner.launch().kernel) + ": __syncwarp called by lane " +
                           std::to_string(lane.linear % 32) + " of warp " + std::to_string(lane.linear / 32) +
                           " with mask " + hexMask(mask) +
                           ", which does not include the calling lane (undefined): the lane goes on "
                           "without waiting, as on the H100");
  }
}
}  // namespace

void syncwarp(unsigned mask) {
  if (auto* runner = sched::BlockRunner::current()) {
    const void* site = LOOM_CALL_SITE();
    if (!(mask & (1u << (runner->currentLane().linear % 32)))) [[unlikely]]
      return syncwarpWithoutCaller(*runner, mask, site);
    isa::WarpRequest request{isa::WarpOp::Sync, 0, 0, 32, mask};
    checkRequest(*runner, request, site);
    runner->warpCollective(request, site);
  }
}

std::uint64_t warpCollective(isa::WarpOp op, unsigned mask, std::uint64_t value, unsigned param,
                             unsigned width) {
  auto* runner = sched::BlockRunner::current();
  isa::WarpRequest request{op, value, param, width, mask};
  if (!runner) {  // host code: a warp of one lane
    std::uint64_t result[32];
    isa::WarpRequest requests[32];
    requests[0] = request;
    isa::resolveWarp(requests, 1u, result);
    return result[0];
  }
  checkRequest(*runner, request, LOOM_CALL_SITE());
  return runner->warpCollective(request, LOOM_CALL_SITE());
}

void groupMisuse(const char* detail) {
  auto* runner = sched::BlockRunner::current();
  if (!runner) {
    std::fprintf(stderr, "loom: error: %s\n", detail);
    std::abort();
  }
  misuse(*runner, LOOM_CALL_SITE(), detail);
}

unsigned convergedLanes(const char* file, unsigned line) {
  auto* runner = sched::BlockRunner::current();
  return runner ? runner->converge(LOOM_CALL_SITE(), file, line) : 1u;
}
// A spin loop may wait on __nanosleep or clock64 alone: both reach the watchdog (sched/watchdog.h).
namespace {
void checkWatchdog(const void* site) {
  if (check::sanitizer::gAccessChecks & check::sanitizer::kWatchdogExpired) [[unlikely]]
    if (auto* runner = sched::BlockRunner::current()) runner->watchdogExpired(site);
}
}  // namespace

// __threadfence and __threadfence_system order a block's accesses for the device: racecheck
// takes the next atomic of the block for a release. __threadfence_block orders nothing across
// blocks.
// Both count towards fast mode's spin detector (sched/block_runner.h): a loop waiting on a plain
// load behind a fence is a spin too.
void threadfence() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  sched::spinPoint(LOOM_CALL_SITE());
  if (check::sanitizer::accessChecksOn()) [[unlikely]] fenceChecks();
}
void threadfenceBlock() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  sched::spinPoint(LOOM_CALL_SITE());
}
void nanosleep(unsigned) {
  checkWatchdog(LOOM_CALL_SITE());
  if (auto* runner = sched::BlockRunner::current()) runner->yield(LOOM_CALL_SITE());
}
void tileSync(unsigned size, unsigned index) {
  auto* runner = sched::BlockRunner::current();
  if (!runner) return;
  const void* site = LOOM_CALL_SITE();
  const unsigned members = std::min(size, runner->blockThreads() - index * size);  // a last tile may be partial
  std::uint32_t awaited = 0;
  const std::uint32_t* generation = runner->tileBarriers().arrive(size, index, members, &awaited);
  if (!generation) {
    sched::noteProgress();
    runner->blockSyncCompleted(members);
    return;
  }
  // Yield until the tile's last thread arrives. In lockstep mode a yield only marks the warp as
  // spinning: the lane must stop somewhere for the warp's other lanes to run, so each try is an
  // unscored stop at the generation (Loom's memory, neither shared nor global).
  while (__atomic_load_n(generation, __ATOMIC_ACQUIRE) == awaited) {
    checkWatchdog(site);
    runner->yield(site, true);
    if (runner->lockstep())
      runner->access(reinterpret_cast<std::uintptr_t>(generation), 4, check::AccessOp::Load, site);
  }
}
void syncCompleted(unsigned participants) {
  sched::noteProgress();
  if (auto* runner = sched::BlockRunner::current()) runner->blockSyncCompleted(participants);
}
void trap() {
  auto* runner = sched::BlockRunner::current();
  if (!runner) __builtin_trap();
  report::Fault f;
  f.kind = report::FaultKind::Trap;
  f.pc = LOOM_CALL_SITE();
  runner->fault(std::move(f));
}
void unsupported(const char* what, const char* file, unsigned line) {
  auto* runner = sched::BlockRunner::current();
  if (!runner) __builtin_trap();
  report::Fault f;
  f.kind = report::FaultKind::Unsupported;
  f.pc = LOOM_CALL_SITE();
  f.detail = what;
  f.sourceLocation = std::string(file) + ":" + std::to_string(line);
  runner->fault(std::move(f));
}
long long clock64() {
  checkWatchdog(LOOM_CALL_SITE());
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace loom::device
