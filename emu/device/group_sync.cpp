// Device-side entry points of the grid barrier and thread block clusters
// (loom/device/cluster.h): forward to the block runner of this worker. Outside a kernel (host
// code calling device code, which nvcc would reject) they act as for a cluster of one block.
#include "loom/device/cluster.h"

#include "report/symbolize.h"
#include "sched/block_runner.h"

namespace loom::device {

unsigned long long gridArrive() {
  auto* runner = sched::BlockRunner::current();
  return runner ? runner->gridArrive(LOOM_CALL_SITE()) : 0;
}

void gridWait(unsigned long long token) {
  if (auto* runner = sched::BlockRunner::current()) runner->gridWait(token, LOOM_CALL_SITE());
}

// The H100 with CUDA 13 answers true in every launch (tests.cuda.cooperative_launch): the grid
// barrier's workspace always exists, cooperative launch or not.
bool gridValid() { return sched::BlockRunner::current() != nullptr; }

void clusterArrive() {
  if (auto* runner = sched::BlockRunner::current()) runner->clusterArrive(LOOM_CALL_SITE());
}

void clusterWait() {
  if (auto* runner = sched::BlockRunner::current()) runner->clusterWait(LOOM_CALL_SITE());
}

void* clusterMapSharedRank(const void* address, unsigned rank) {
  auto* runner = sched::BlockRunner::current();
  return runner ? runner->mapSharedRank(address, rank, LOOM_CALL_SITE()) : const_cast<void*>(address);
}

unsigned clusterQuerySharedRank(const void* address) {
  auto* runner = sched::BlockRunner::current();
  return runner ? runner->querySharedRank(address, LOOM_CALL_SITE()) : 0;
}

}  // namespace loom::device
