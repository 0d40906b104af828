// loom-sanitizer's command line: compute-sanitizer's options that make sense for Loom.
#pragma once

#include <string>
#include <vector>

namespace loom::sanitizer {

struct Options {
  std::string tool = "memcheck";
  long printLimit = 100;           // errors printed (all are counted); 0: no limit
  int errorExitCode = -1;          // exit status when errors were found; -1: the program's
  std::string racecheckReport = "analysis";  // analysis | hazard | all
  std::string showBacktrace = "yes";          // accepted; Loom has the access site only
  std::string logFile;             // where the report goes (stdout when empty)
  std::string save;                // the findings as JSON
  bool leakCheck = false;          // --leak-check full
  // --report-api-errors: memcheck reports API calls that return errors (explicit, all) or not (no).
  std::string reportApiErrors = "explicit";
  // --watchdog S: LOOM_WATCHDOG for the program (0: none); unset: the environment's, else the
  // runtime's default (emu/sched/watchdog.h).
  std::string watchdog;
  std::string verdict;             // --verdict LOG: print the normalised verdict of a log
  // --schedule, --memory: LOOM_SCHEDULE and LOOM_MEMORY for the program (unset: the environment's).
  // The report names the schedule in force, so that a finding's seed can be replayed.
  std::string schedule, memory;
  std::vector<std::string> program;  // the program and its arguments
};

// Throws std::invalid_argument with a message for the user on bad input.
Options parseOptions(const std::vector<std::string>& args);

extern const char* const kUsage;

}  // namespace loom::sanitizer
