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
  std::size_t stackSize = 256 << 10;  // LOOM_STACK_SIZE: bytes of each CUDA thread's fiber stack
  double watchdogSeconds = 0;         // LOOM_WATCHDOG: a launch's time limit, 0 for none
  Sanitizer sanitizer = Sanitizer::None;  // LOOM_SANITIZER
  std::string sanitizerLog;           // LOOM_SANITIZER_LOG: findings' file, stderr when empty
  bool leakCheck = false;             // LOOM_SANITIZER_LEAK_CHECK=full
  std::string reportPath;             // LOOM_REPORT: the counters' JSON report, none when empty
  bool lockstep = false;              // LOOM_LOCKSTEP (or LOOM_REPORT): warps in lockstep
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
