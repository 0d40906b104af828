// Progress of the running launches, for the watchdog (sched/watchdog.h): a count of events that
// only a launch that is getting somewhere produces (a barrier or warp collective completing,
// threads finishing). A spin on a flag, a deadlock across blocks or streams, or a lock that is
// never released produce none. Each worker thread counts into its own cache line with a plain
// store (no locked instruction on the barrier path); the watchdog's timer sums the counters.
#pragma once

#include <atomic>
#include <cstdint>

namespace loom::sched {

struct alignas(64) ProgressCounter {
  std::atomic<std::uint64_t> events{0};
};

// The calling thread's counter, registered on first use and never freed (one per worker).
ProgressCounter* registerProgressCounter();

inline void noteProgress() {
  static thread_local ProgressCounter* counter = registerProgressCounter();
  counter->events.store(counter->events.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

// The sum of every thread's count: it changes while some launch makes progress.
std::uint64_t totalProgress();

}  // namespace loom::sched
