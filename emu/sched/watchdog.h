// The launch watchdog: LOOM_WATCHDOG=<seconds> (default 30; 0: none). A launch in which no thread
// makes progress for that long (sched/progress.h: no barrier or warp collective completes and no
// thread finishes; a spin, a deadlock across blocks or streams, a lock never released) fails with
// cudaErrorLaunchTimeout, and the report says, for every block still running, where each of its
// threads is (BlockRunner::watchdogExpired). A long kernel that keeps finishing threads or
// passing barriers is never stopped; the GPU driver's watchdog, the model, stops any kernel that
// runs for seconds on a display GPU, where Loom runs kernels a hundred times slower.
//
// A timer thread sets kWatchdogExpired in gAccessChecks, the word every memory-access hook, atomic,
// __nanosleep and clock64 already tests before its cold path, and kMarksWatchdog in every
// worker's region-mark byte, which the marks of each `if` and loop of the program's own files
// test (sched/region_marks.h); the first thread of a stuck block to pass one of them fails the
// block there. So a launch pays nothing for the watchdog while it runs, and a thread can only be
// stopped where it is safe to (in a hook or a mark, holding no lock). A loop that reaches none
// of them (no memory access the compiler kept, and its code in a system header) cannot be
// stopped: if the launch has not ended after a second watchdog period, the process prints which
// kernel hung and exits with status 124, rather than hang.
#pragma once

#include <string>

namespace loom::sched {

// LOOM_WATCHDOG, read once; 0: no watchdog.
double watchdogSeconds();

// What a timeout report says before the blocks' states: "no thread made progress for S s
// (LOOM_WATCHDOG); the threads of each block still running:\n  ".
std::string timeoutPreamble();

// Arms the watchdog for one launch (a no-op when it is off) and disarms it when destroyed.
class WatchdogScope {
public:
  explicit WatchdogScope(const void* kernel);
  ~WatchdogScope();
  WatchdogScope(const WatchdogScope&) = delete;
  WatchdogScope& operator=(const WatchdogScope&) = delete;

private:
  bool armed_ = false;
};

}  // namespace loom::sched
