// Entering and leaving a region of structured control flow (loom/device/reconverge.h).
#include "loom/device/reconverge.h"

#include "sched/block_runner.h"

namespace loom::device {

void enterRegionInLockstep() {
  if (auto* runner = sched::BlockRunner::current()) runner->enterRegion();
}

void leaveRegionInLockstep() {
  if (auto* runner = sched::BlockRunner::current()) runner->leaveRegion();
}

}  // namespace loom::device
