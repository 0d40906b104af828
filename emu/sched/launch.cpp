#include "sched/launch.h"

namespace loom::sched {

void Launch::recordFault(report::Fault fault) {
  std::lock_guard lock(faultMutex_);
  if (!fault_) fault_ = std::move(fault);
  failed.store(true, std::memory_order_relaxed);
}

std::optional<report::Fault> Launch::fault() const {
  std::lock_guard lock(faultMutex_);
  return fault_;
}

}  // namespace loom::sched
