#include "sched/grid_executor.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "check/sanitizer/access_checks.h"
#include "loom/schedule.h"
#include "mem/weak_memory.h"
#include "options/options.h"
#include "sched/block_group.h"
#include "sched/seed_mix.h"
#include "sched/worker.h"

namespace loom::sched {

int workerCount() { return options::get().workers; }

namespace {

uint3 blockIndex(const Launch& launch, std::uint64_t linear) {
  std::uint64_t gx = launch.grid.x, gy = launch.grid.y;
  return uint3{static_cast<unsigned>(linear % gx), static_cast<unsigned>((linear / gx) % gy),
               static_cast<unsigned>(linear / (gx * gy))};
}

// The schedule in force: LOOM_SCHEDULE's until loom::setRandomSchedule/setIndexSchedule
// (loom/schedule.h) change it; each change restarts the launch count, so a test body run again
// under one seed gets the same orders.
struct Schedule {
  std::atomic<bool> random{options::get().randomSchedule};
  std::atomic<std::uint64_t> seed{options::get().scheduleSeed};
  std::atomic<std::uint64_t> launches{0};
};
Schedule& schedule() {
  static Schedule s;
  return s;
}

// LOOM_SCHEDULE=random:<seed>: the launch's blocks in an order drawn from the seed and the number
// of the launch among this process's randomly scheduled ones, so that a program's launches each
// get their own order and a rerun with the seed gets the same ones. Blocks run one at a time: an
// order that a program's result depends on shows as a result that changes with the seed (a
// block reading another's result without waiting for it), never as a lucky interleaving.
// LOOM_MEMORY=weak runs here too, in index order unless the schedule is random, with the
// visibility of each block's unreleased stores (mem/weak_memory.h) drawn from the same seed.
void runBlocksShuffled(Launch& launch, std::uint64_t blocks) {
  Schedule& s = schedule();
  std::uint64_t n = s.launches.fetch_add(1, std::memory_order_relaxed);
  std::uint64_t seed = mix64(s.seed.load() ^ (0x9e3779b97f4a7c15ull * (n + 1)));
  std::mt19937_64 random(seed);
  std::vector<std::uint32_t> order(blocks);
  for (std::uint64_t i = 0; i < blocks; ++i) order[i] = static_cast<std::uint32_t>(i);
  if (s.random.load())
    for (std::uint64_t i = blocks; i > 1; --i) std::swap(order[i - 1], order[random() % i]);  // Fisher-Yates
  const bool weak = options::get().weakMemory;
  mem::WeakMemory& memory = mem::WeakMemory::instance();
  if (weak) {
    static const bool hooked = [] {  // the plain store hooks journal from now on
      check::sanitizer::changeAccessChecks(check::sanitizer::kWeakMemory, 0);
      return true;
    }();
    (void)hooked;
    memory.beginLaunch(seed, blocks);
  }
  BlockRunner& runner = Worker::current().runner();
  for (std::uint32_t b : order) {
    if (launch.failed.load(std::memory_order_relaxed)) break;
    if (weak) memory.beforeBlock();
    // Each block's warp order from the launch's seed and the block.
    if (s.random.load()) runner.shuffleWarpsOfNextBlock(mix64(seed + 0x9e3779b97f4a7c15ull * (b + 1)));
    runner.run(launch, blockIndex(launch, b));
    if (weak) memory.endBlock();
  }
  if (weak) memory.endLaunch();
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
  if (schedule().random.load() || options::get().weakMemory) {
    runBlocksShuffled(launch, blocks);
    return;
  }
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

namespace loom {

void setRandomSchedule(std::uint64_t seed) {
  sched::Schedule& s = sched::schedule();
  s.seed = seed;
  s.launches = 0;
  s.random = true;
}

void setIndexSchedule() {
  sched::schedule().random = false;
  sched::schedule().launches = 0;
}

std::optional<std::uint64_t> scheduleSeed() {
  sched::Schedule& s = sched::schedule();
  return s.random.load() ? std::optional<std::uint64_t>(s.seed.load()) : std::nullopt;
}

}  // namespace loom
