// Nsight Compute's details page for the command-line metrics, as ncu 2025.3 prints it
// (validate/probes/ncu_cli/record): in CSV, one row per launch and metric, metrics sorted by
// name, every field quoted, numbers with thousands separators, a unit per metric kind; as text,
// one table per launch. The process and device columns hold what ncu prints for a local process
// on device 0 of compute capability 9.0, in context 1.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace loom::ncu {

struct ProfiledLaunch {
  std::string kernel;  // ncu's display name: `void reduce5<int, 256>(const T1 *, T1 *, unsigned int)`
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  unsigned stream = 7;  // as ncu numbers streams (emu/runtime/stream.h)
  std::map<std::string, std::uint64_t> metrics;
  struct Line {
    std::string file;
    unsigned line = 0;
    std::map<std::string, std::uint64_t> metrics;
  };
  std::vector<Line> lines;  // the source lines that made counted accesses
};

struct Process {
  long pid = 0;
  std::string name;  // the executable's file name
};

// ncu's unit of a metric: "sector", "inst" or none.
std::string metricUnit(const std::string& metric);

// 1234567 as ncu prints it: "1,234,567".
std::string withSeparators(std::uint64_t value);

// The page for `launches` of one process; `metrics` sorted and without duplicates as ncu prints
// them, a metric Loom does not count printed as "n/a".
std::string csvPage(const Process& process, const std::vector<ProfiledLaunch>& launches,
                    const std::vector<std::string>& metrics);
// The raw page: a header row, a units row, one row per launch with every metric in a column.
// ncu's raw page also holds ~300 device and launch attributes and each metric's .avg/.max/.min
// over the GPU's units; Loom prints the identity columns and the metrics asked for.
std::string rawPage(const Process& process, const std::vector<ProfiledLaunch>& launches,
                    const std::vector<std::string>& metrics);
std::string textPage(const Process& process, const std::vector<ProfiledLaunch>& launches,
                     const std::vector<std::string>& metrics);

}  // namespace loom::ncu
