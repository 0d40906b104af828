// Loom's counters from a test or a program: Nsight Compute's shared- and global-memory metrics
// per launch and per source line (README, "Counters and lockstep warps").
//
//   loom::setCountersEnabled(true);          // or run with LOOM_REPORT=report.json
//   kernel<<<grid, block>>>(...);
//   auto launches = loom::launchReports();   // waits for the device, launch order
//   launches[0].metric(loom::metric::sharedLoadBankConflicts)
//
// Counting runs warps in lockstep (lanes stop at every shared or global access), which is slower
// than the default fast mode; it applies to launches issued while counters are on.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace loom {

namespace metric {
inline constexpr const char* sharedLoadWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
inline constexpr const char* sharedStoreWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
inline constexpr const char* sharedAtomicWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum";
inline constexpr const char* sharedLoadBankConflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
inline constexpr const char* sharedStoreBankConflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
inline constexpr const char* sharedAtomicBankConflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum";
inline constexpr const char* sharedLoadInstructions = "smsp__sass_inst_executed_op_shared_ld.sum";
inline constexpr const char* sharedStoreInstructions = "smsp__sass_inst_executed_op_shared_st.sum";
inline constexpr const char* sharedAtomicInstructions = "smsp__sass_inst_executed_op_shared_atom.sum";
inline constexpr const char* globalLoadSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
inline constexpr const char* globalStoreSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
inline constexpr const char* globalLoadRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
inline constexpr const char* globalStoreRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";
}  // namespace metric

// ncu metric name -> value. Every metric above is present (0 when nothing counted).
using Metrics = std::map<std::string, std::uint64_t>;

struct LineReport {
  std::string file;  // as the line tables name it ("?" when unknown)
  unsigned line = 0;
  Metrics metrics;
  std::uint64_t metric(const std::string& name) const {
    auto it = metrics.find(name);
    return it == metrics.end() ? 0 : it->second;
  }
};

struct LaunchReport {
  std::string kernel;  // demangled: "transpose(float const*, float*, int)"
  std::string mangled; // "_Z9transposePKfPfi"
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  unsigned stream = 7;  // as Nsight Compute numbers streams: 7 the default one, 13, 14, ... created ones
  Metrics metrics;
  std::vector<LineReport> lines;  // by file, then line

  std::uint64_t metric(const std::string& name) const {
    auto it = metrics.find(name);
    return it == metrics.end() ? 0 : it->second;
  }
  // The line `line` of a file whose path ends with `fileSuffix` ("" matches any), or null.
  const LineReport* findLine(unsigned line, const std::string& fileSuffix = "") const {
    for (const LineReport& l : lines) {
      if (l.line != line) continue;
      if (l.file.size() >= fileSuffix.size() &&
          l.file.compare(l.file.size() - fileSuffix.size(), fileSuffix.size(), fileSuffix) == 0)
        return &l;
    }
    return nullptr;
  }
  std::uint64_t bankConflicts() const {
    return metric(metric::sharedLoadBankConflicts) + metric(metric::sharedStoreBankConflicts) +
           metric(metric::sharedAtomicBankConflicts);
  }
};

// Counters on or off for the launches issued from now on. LOOM_REPORT turns them on at start.
void setCountersEnabled(bool on);
bool countersEnabled();
// Every launch counted so far, in launch order. Waits for the device to finish first.
std::vector<LaunchReport> launchReports();
void clearLaunchReports();
// The JSON report of launchReports() (the format LOOM_REPORT writes), and writing it to a file.
std::string reportJson();
bool writeReport(const std::string& path);

}  // namespace loom
