// The line Nsight Compute prints while it profiles a launch, `==PROF== Profiling "NAME" - ID:
// 0%....50%....100% - P passes`, printed by the runtime as each counted launch ends, to the
// descriptor loom-ncu gives (LOOM_REPORT_PROGRESS_FD), so that it lands among the program's own
// output where ncu's does. Its form follows the launch filter, as recorded from ncu 2025.3
// (validate/probes/ncu_cli/source_record): with -k only the name, with --kernel-id the id with
// context and stream filled in, else the name, the launch's ID and with -c "(i/N)".
#pragma once

#include <string>

#include "check/report/launch_record.h"
#include "options/options.h"
#include "report/profiler_names.h"

namespace loom::check {

// The name ncu shows: the display name when it has at most 31 characters, else the function's
// name, cut to 29 characters and "..." when that is longer.
std::string progressName(const report::ProfilerNames& names);

std::string progressLine(const options::Options& o, const report::ProfilerNames& names,
                         unsigned long long id, unsigned stream);

// Writes the line for a launch that has ended, when loom-ncu asked for them.
void printProgressLine(const LaunchRecord& record);

}  // namespace loom::check
