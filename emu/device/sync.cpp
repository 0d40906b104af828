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

namespace {
sched::BlockRunner& runner() {
  // Device entry points called from host code are a user error the device cannot even compile;
  // here they would find no block. Treat them as a no-op barrier of one thread.
  return *sched::BlockRunner::current();
}
}  // namespace

void syncthreads() {
  if (sched::BlockRunner::current()) runner().barrier(1, sched::BarrierReduction::None);
}
int syncthreadsCount(int p) {
  return sched::BlockRunner::current() ? runner().barrier(p, sched::BarrierReduction::Count) : p != 0;
}
int syncthreadsAnd(int p) {
  return sched::BlockRunner::current() ? runner().barrier(p, sched::BarrierReduction::And) : p != 0;
}
int syncthreadsOr(int p) {
  return sched::BlockRunner::current() ? runner().barrier(p, sched::BarrierReduction::Or) : p != 0;
}
void syncwarp(unsigned mask) {
  if (sched::BlockRunner::current()) runner().warpSync(mask);
}
void threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
void nanosleep(unsigned) {
  if (sched::BlockRunner::current()) runner().yield();
}
void trap() {
  if (!sched::BlockRunner::current()) __builtin_trap();
  report::Fault f;
  f.kind = report::FaultKind::Trap;
  f.pc = __builtin_return_address(0);
  runner().fault(std::move(f));
}
long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace loom::device
