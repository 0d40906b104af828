// Device-side synchronisation entry points: forward to the block runner of this worker.
#include "loom/device/sync.h"
#include "loom/device/warp.h"

#include <atomic>
#include <chrono>

#include "report/symbolize.h"
#include "sched/block_runner.h"

namespace loom {
extern thread_local void* tDynamicSharedBase;
void* dynamicSharedBase() { return tDynamicSharedBase; }
}  // namespace loom

namespace loom::device {

// Called outside a kernel (host code calling a device function, which nvcc would reject) these
// act as for a block of one thread.

// The entry points are called straight from kernel code (the CUDA names are inline), so their
// return address is the barrier's site in the kernel, named in deadlock reports.
namespace {
int barrier(int p, sched::BarrierReduction r, const void* site) {
  auto* runner = sched::BlockRunner::current();
  return runner ? runner->barrier(p, r, site) : p != 0;
}
}  // namespace

void syncthreads() { barrier(1, sched::BarrierReduction::None, LOOM_CALL_SITE()); }
int syncthreadsCount(int p) {
  return barrier(p, sched::BarrierReduction::Count, LOOM_CALL_SITE());
}
int syncthreadsAnd(int p) {
  return barrier(p, sched::BarrierReduction::And, LOOM_CALL_SITE());
}
int syncthreadsOr(int p) {
  return barrier(p, sched::BarrierReduction::Or, LOOM_CALL_SITE());
}
void syncwarp(unsigned mask) {
  if (auto* runner = sched::BlockRunner::current())
    runner->warpCollective(isa::WarpRequest{isa::WarpOp::Sync, 0, 0, 32, mask}, LOOM_CALL_SITE());
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
  return runner->warpCollective(request, LOOM_CALL_SITE());
}

unsigned activeMask() {
  auto* runner = sched::BlockRunner::current();
  if (!runner) return 1u;
  // Lockstep: the lanes that arrive here together are the converged ones.
  if (runner->lockstep()) runner->converge(LOOM_CALL_SITE());
  return runner->activeLanesOfWarp();
}
void threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
void nanosleep(unsigned) {
  if (auto* runner = sched::BlockRunner::current()) runner->yield();
}
void trap() {
  auto* runner = sched::BlockRunner::current();
  if (!runner) __builtin_trap();
  report::Fault f;
  f.kind = report::FaultKind::Trap;
  f.pc = LOOM_CALL_SITE();
  runner->fault(std::move(f));
}
long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace loom::device
