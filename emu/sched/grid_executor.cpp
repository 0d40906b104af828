#include "sched/grid_executor.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <cstdlib>
#include <memory>
#include <thread>

#include "options/options.h"
#include "sched/block_group.h"
#include "sched/worker.h"

namespace loom::sched {

int workerCount() { return options::get().workers; }

namespace {

uint3 blockIndex(const Launch& launch, std::uint64_t linear) {
  std::uint64_t gx = launch.grid.x, gy = launch.grid.y;
  return uint3{static_cast<unsigned>(linear % gx), static_cast<unsigned>((linear / gx) % gy),
               static_cast<unsigned>(linear / (gx * gy))};
}

void runBlocks(Launch& launch, std::uint64_t begin, std::uint64_t end) {
  BlockRunner& runner = Worker::current().runner();
  for (std::uint64_t b = begin; b < end; ++b) {
    if (launch.failed.load(std::memory_order_relaxed)) return;
    runner.run(launch, blockIndex(launch, b));
  }
}

}  // namespace

bool serialMode() { return options::get().serial; }

void runGrid(Launch& launch) {
  if (launch.coResident()) {
    runBlockGroups(launch);
    return;
  }
  std::uint64_t blocks = launch.blockCount();
  if (serialMode() || blocks == 1) {
    runBlocks(launch, 0, blocks);
    return;
  }
  // One arena owned here (oneTBB advice: isolate the waits of a library from its users' TBB).
  // Never destroyed, so work drained at exit still has its arena.
  static tbb::task_arena* arena = new tbb::task_arena(workerCount());
  arena->execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, blocks),
                      [&](const tbb::blocked_range<std::uint64_t>& r) {
                        runBlocks(launch, r.begin(), r.end());
                      });
  });
}

}  // namespace loom::sched
