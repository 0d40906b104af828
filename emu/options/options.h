// Every setting the engine takes from the environment, parsed once into one object, and the table
// of those variables (README.md's table of settings is checked against it, tests/unit/options).
// Loom's programs are the user's own executables, whose command line is the user's, so the
// environment is the engine's only input; loom-sanitizer and loom-diff set these variables for
// the program they run. loom-cc's own variables (LOOM_CC_CONF, LOOM_CC_VERBOSE) are loom-cc's.
#pragma once

#include <cstddef>
#include <functional>
#include <span>
#include <string>

namespace loom::options {

enum class Sanitizer { None, Memcheck, Racecheck, Synccheck, Initcheck };

struct Options {
  int workers = 1;                    // LOOM_WORKERS: TBB workers running blocks
  bool serial = false;                // LOOM_SERIAL: blocks one after another on the calling thread
  // LOOM_SCHEDULE=random:<seed>: blocks one after another, in an order drawn from the seed and the
  // launch's number (sched/grid_executor.cpp); implies serial.
  bool randomSchedule = false;
  unsigned long long scheduleSeed = 0;
  // LOOM_MEMORY=weak: unreleased global stores reach other blocks late (mem/weak_memory.h);
  // implies serial.
  bool weakMemory = false;
  std::size_t stackSize = 256 << 10;  // LOOM_STACK_SIZE: bytes of each CUDA thread's fiber stack
  double watchdogSeconds = 30;        // LOOM_WATCHDOG: seconds a launch may go without progress, 0: forever
  Sanitizer sanitizer = Sanitizer::None;  // LOOM_SANITIZER
  std::string sanitizerLog;           // LOOM_SANITIZER_LOG: findings' file, stderr when empty
  bool leakCheck = false;             // LOOM_SANITIZER_LEAK_CHECK=full
  std::string reportPath;             // LOOM_REPORT: the counters' JSON report, none when empty
  bool reportQuiet = false;           // LOOM_REPORT_QUIET: no summary of the report on stderr
  bool lockstep = false;              // LOOM_LOCKSTEP (or LOOM_REPORT): warps in lockstep
  // Which launches are counted, as ncu selects them (check/report/launch_filter.h); the others
  // run in the fast mode.
  std::string reportKernel;                  // LOOM_REPORT_KERNEL: `name` or `regex:expression`
  std::string reportKernelBase = "function"; // LOOM_REPORT_KERNEL_BASE: function, demangled, mangled
  std::string reportKernelId;                // LOOM_REPORT_KERNEL_ID: context:stream:[regex:]name:invocation
  unsigned long long reportSkip = 0;         // LOOM_REPORT_SKIP: matching launches skipped first
  unsigned long long reportCount = 0;        // LOOM_REPORT_COUNT: matching launches counted, 0 for all
  unsigned long long reportSkipBeforeMatch = 0;  // LOOM_REPORT_SKIP_BEFORE_MATCH: launches skipped first
  // loom-ncu's progress lines (check/report/progress_line.h): the descriptor they go to (-1: none)
  // and the pass count ncu would print for the chosen metrics.
  int reportProgressFd = -1;                 // LOOM_REPORT_PROGRESS_FD
  unsigned long long reportPasses = 1;      // LOOM_REPORT_PASSES
};

// One environment variable: its name, the values it takes, its default and what it changes.
struct Variable {
  const char* name;
  const char* values;
  const char* fallback;
  const char* effect;
};

std::span<const Variable> variables();

// The options that `lookup` (getenv, or a test's map) gives; a malformed value throws
// std::invalid_argument with a message that names the variable. `hardwareThreads` is the
// default worker count.
Options parse(const std::function<const char*(const char*)>& lookup, unsigned hardwareThreads);

// The process's options, parsed from the environment on first use; a malformed value ends the
// process with its message (exit status 1) before any kernel runs.
const Options& get();

}  // namespace loom::options
