#include "sched/progress.h"

#include <mutex>
#include <vector>

namespace loom::sched {

namespace {
// Never destroyed: the watchdog's timer may read them while the process exits.
std::mutex& countersMutex() {
  static std::mutex* m = new std::mutex;
  return *m;
}
std::vector<ProgressCounter*>& counters() {
  static auto* all = new std::vector<ProgressCounter*>;
  return *all;
}
}  // namespace

ProgressCounter* registerProgressCounter() {
  auto* c = new ProgressCounter;
  std::lock_guard lock(countersMutex());
  counters().push_back(c);
  return c;
}

std::uint64_t totalProgress() {
  std::lock_guard lock(countersMutex());
  std::uint64_t sum = 0;
  for (const ProgressCounter* c : counters()) sum += c->events.load(std::memory_order_relaxed);
  return sum;
}

}  // namespace loom::sched
