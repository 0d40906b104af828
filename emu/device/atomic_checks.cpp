#include "device/atomic_checks.h"

#include "mem/weak_memory.h"
#include "sched/block_runner.h"

namespace loom::device {

void fenceChecks() {
  if (auto* runner = sched::BlockRunner::current()) runner->raceFence();
  if (check::sanitizer::gAccessChecks & check::sanitizer::kWeakMemory) mem::WeakMemory::instance().fence();
}

bool atomicChecksBegin(const volatile void* address, unsigned size, bool releaseOrder, const void* site) {
  using namespace check::sanitizer;
  auto* runner = sched::BlockRunner::current();
  if (!runner) return false;  // host code
  if (gAccessChecks & kWatchdogExpired) runner->watchdogExpired(site);
  // A release atomic orders the block's earlier stores as a fence does (weak memory).
  if ((gAccessChecks & kWeakMemory) && releaseOrder) mem::WeakMemory::instance().fence();
  if (gAccessChecks & kCheckRaces) return runner->raceAtomicBegin(address, size, releaseOrder);
  return false;
}

void atomicChecksEnd(const volatile void* address, unsigned size, bool modifies, bool released, const void* site) {
  using namespace check::sanitizer;
  auto* runner = sched::BlockRunner::current();
  if (!runner) return;
  if (gAccessChecks & kCheckRaces) runner->raceAtomicEnd(address, modifies, released, site);
  // initcheck: an atomic that modifies memory writes it (whether reading unwritten memory
  // atomically is an error the device reports was not recorded: not reported).
  if ((gAccessChecks & kCheckInit) && modifies)
    runner->initAccess(reinterpret_cast<std::uintptr_t>(address), size, true, site);
}

}  // namespace loom::device
