// How many passes ncu reports for a set of metrics, for its `==PROF== Profiling` line. ncu
// replays a kernel once per group of hardware counters that fit together, plus its instrumented
// (smsp__sass_*) pass; Loom replays nothing, so this is a model fitted to what ncu 2025.3 printed
// on an H200 for every set recorded in validate/probes/ncu_cli/source_record (each of Loom's 18
// metrics alone, families of them, mixes, all 18): the shared wavefront and bank-conflict
// counters take a pass each, the global sector and request counters another pass each, both run
// side by side, and instrumented metrics add one pass to the first and two to the second.
#pragma once

#include <string>
#include <vector>

namespace loom::ncu {

unsigned passCount(const std::vector<std::string>& metrics);

// Every metric Loom counts (emu/check/counters/metrics.h): what loom-ncu prints without --metrics.
std::vector<std::string> loomMetrics();

}  // namespace loom::ncu
