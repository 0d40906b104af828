#include "sched/watchdog.h"

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
  Clock::time_point deadline;
  const void* kernel = nullptr;

  void run() {
    std::unique_lock lock(mutex);
    for (;;) {
      wake.wait(lock, [&] { return armed; });
      std::uint64_t launch = generation;
      auto over = [&] { return !armed || generation != launch; };
      if (wake.wait_until(lock, deadline, over)) continue;
      check::sanitizer::changeAccessChecks(check::sanitizer::kWatchdogExpired, 0);
      setWatchdogMarks(true);
      if (wake.wait_until(lock, deadline + (deadline - start), over)) continue;
      std::fprintf(stderr,
                   "loom: error: kernel %s ran past the watchdog (LOOM_WATCHDOG=%g s) and none of its threads "
                   "reached a memory access, atomic, __nanosleep, or branch or loop of the program's own files in "
                   "another %g s: a loop Loom cannot stop; "
                   "exiting\n",
                   report::functionName(kernel).c_str(), watchdogSeconds(), watchdogSeconds());
      std::fflush(stderr);
      std::_Exit(124);
    }
  }
  Clock::time_point start;
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

double watchdogSeconds() { return options::get().watchdogSeconds; }

WatchdogScope::WatchdogScope(const void* kernel) {
  double seconds = watchdogSeconds();
  if (seconds <= 0) return;
  Timer& t = timer();
  std::lock_guard lock(t.mutex);
  t.armed = armed_ = true;
  ++t.generation;
  t.start = Clock::now();
  t.deadline = t.start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
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
