// loom-ncu's command line: Nsight Compute's options for choosing launches and printing metrics.
#pragma once

#include <string>
#include <vector>

namespace loom::ncu {

struct Options {
  std::vector<std::string> metrics;      // --metrics a,b,...; empty: every metric Loom counts
  std::string kernelName;                // -k/--kernel-name: `name` or `regex:expression`
  std::string kernelNameBase = "function";  // --kernel-name-base function|demangled|mangled
  std::string kernelId;                  // --kernel-id context:stream:[regex:]name:invocation
  std::string launchSkip;                // -s/--launch-skip N
  std::string launchCount;               // -c/--launch-count N
  std::string launchSkipBeforeMatch;     // --launch-skip-before-match N
  bool csv = false;                      // --csv
  std::string printUnits = "base";       // --print-units base (Loom's counters are counts)
  std::string logFile;                   // --log-file F: ncu's output to F, the program's stays
  std::string page = "details";          // --page details|raw|source
  std::string printSource = "cuda,sass"; // --print-source cuda|cuda,sass (Loom has no SASS or PTX)
  std::string exportName;                // -o/--export NAME: write NAME.loom-rep instead of a page
  bool force = false;                    // -f/--force-overwrite
  std::string importFile;                // -i/--import F: print the pages of an exported run
  std::string html;                      // --html F: the source page as a self-contained HTML view
  std::vector<std::string> program;      // the program and its arguments (none with --import)
};

// Throws std::invalid_argument with a message for the user on bad input (an empty message: --help).
Options parseOptions(const std::vector<std::string>& args);

extern const char* const kUsage;

}  // namespace loom::ncu
