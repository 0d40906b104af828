#include "sched/watchdog.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

#include "options/options.h"
#include "check/sanitizer/findings.h"
#include "report/symbolize.h"
#include "sched/progress.h"
#include "sched/region_marks.h"

namespace loom::sched {

namespace {

using Clock = std::chrono::steady_clock;

// Never destroyed: the timer thread may still wait on it while the process exits.
struct Timer {
  std::mutex mutex;
  std::condition_variable wake;
  bool armed = false;
  std::uint64_t generation = 0;  // one per armed launch
  Clock::duration limit{};
  const void* kernel = nullptr;

  // Looks at the progress count a few times per period; the launch expires once a whole period
  // passed in which the count did not move.
  void run() {
    std::unique_lock lock(mutex);
    for (;;) {
      wake.wait(lock, [&] { return armed; });
      std::uint64_t launch = generation;
      auto over = [&] { return !armed || generation != launch; };
      const Clock::duration poll = std::max<Clock::duration>(limit / 8, std::chrono::milliseconds(10));
      std::uint64_t seen = totalProgress();
      Clock::time_point lastMove = Clock::now();
      bool ended = false;
      while (!(ended = wake.wait_for(lock, poll, over))) {
        std::uint64_t now = totalProgress();
        if (now != seen) {
          seen = now;
          lastMove = Clock::now();
        } else if (Clock::now() - lastMove >= limit) {
          break;
        }
      }
      if (ended) continue;
      check::sanitizer::changeAccessChecks(check::sanitizer::kWatchdogExpired, 0);
      setWatchdogMarks(true);
      if (wake.wait_for(lock, limit, over)) continue;
      std::fprintf(stderr,
                   "loom: error: kernel %s made no progress for %g s (LOOM_WATCHDOG) and none of its threads "
                   "reached a memory access, atomic, __nanosleep, or branch or loop of the program's own files in "
                   "another %g s: a loop Loom cannot stop; "
                   "exiting\n",
                   report::functionName(kernel).c_str(), watchdogSeconds(), watchdogSeconds());
      std::fflush(stderr);
      std::_Exit(124);
    }
  }
};

Timer& timer() {
  static Timer* t = [] {
    auto* created = new Timer;
    std::thread([created] { created->run(); }).detach();
    return created;
  }();
  return *t;
}

}  // namespace

std::string timeoutPreamble() {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", watchdogSeconds());
  return std::string("no thread made progress for ") + seconds + " s (LOOM_WATCHDOG); the threads of each block still running:\n  ";
}

double watchdogSeconds() { return options::get().watchdogSeconds; }

WatchdogScope::WatchdogScope(const void* kernel) {
  double seconds = watchdogSeconds();
  if (seconds <= 0) return;
  Timer& t = timer();
  std::lock_guard lock(t.mutex);
  t.armed = armed_ = true;
  ++t.generation;
  t.limit = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  t.kernel = kernel;
  t.wake.notify_one();
}

WatchdogScope::~WatchdogScope() {
  if (!armed_) return;
  Timer& t = timer();
  std::lock_guard lock(t.mutex);
  t.armed = false;
  check::sanitizer::changeAccessChecks(0, check::sanitizer::kWatchdogExpired);
  setWatchdogMarks(false);
  t.wake.notify_one();
}

}  // namespace loom::sched
