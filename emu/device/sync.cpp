// Device-side synchronisation entry points: forward to the block runner of this worker.
#include "loom/device/sync.h"

#include <atomic>
#include <chrono>

#include "sched/block_runner.h"

namespace loom {
extern thread_local void* tDynamicSharedBase;
void* dynamicSharedBase() { return tDynamicSharedBase; }
}  // namespace loom

namespace loom::device {

// Called outside a kernel (host code calling a device function, which nvcc would reject) these
// act as for a block of one thread.

namespace {
int barrier(int p, sched::BarrierReduction r) {
  auto* runner = sched::BlockRunner::current();
  return runner ? runner->barrier(p, r) : p != 0;
}
}  // namespace

void syncthreads() { barrier(1, sched::BarrierReduction::None); }
int syncthreadsCount(int p) { return barrier(p, sched::BarrierReduction::Count); }
int syncthreadsAnd(int p) { return barrier(p, sched::BarrierReduction::And); }
int syncthreadsOr(int p) { return barrier(p, sched::BarrierReduction::Or); }
void syncwarp(unsigned mask) {
  if (auto* runner = sched::BlockRunner::current()) runner->warpSync(mask);
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
  f.pc = __builtin_return_address(0);
  runner->fault(std::move(f));
}
long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace loom::device
