#include "sched/launch.h"

namespace loom::sched {

void Launch::recordFault(report::Fault fault) {
  std::lock_guard lock(faultMutex_);
  if (!fault_) {
    fault_ = std::move(fault);
  } else if (fault_->kind == report::FaultKind::Timeout && fault.kind == report::FaultKind::Timeout) {
    // Every block stuck when the watchdog expired tells where its threads are (a few at most).
    if (++extraTimeoutBlocks_ <= kTimeoutBlocksShown) fault_->detail += "\n  " + fault.detail;
    else if (extraTimeoutBlocks_ == kTimeoutBlocksShown + 1) fault_->detail += "\n  (more blocks)";
  }
  failed.store(true, std::memory_order_relaxed);
}

std::optional<report::Fault> Launch::fault() const {
  std::lock_guard lock(faultMutex_);
  return fault_;
}

}  // namespace loom::sched
