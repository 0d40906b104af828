// The counters Loom keeps per launch and per access site, named as Nsight Compute names them so
// that a report diffs one-to-one against `ncu --metrics ...` (DESIGN.md, "The user's contract").
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace loom::check {

enum class Metric : std::uint8_t {
  SharedLdWavefronts,
  SharedStWavefronts,
  SharedAtomWavefronts,
  SharedLdConflicts,
  SharedStConflicts,
  SharedAtomConflicts,
  SharedLdInstructions,
  SharedStInstructions,
  SharedAtomInstructions,
  GlobalLdSectors,
  GlobalStSectors,
  GlobalLdRequests,
  GlobalStRequests,
  SharedLdSassWavefronts,
  SharedStSassWavefronts,
  SharedAtomSassWavefronts,
};
inline constexpr std::size_t kMetricCount = 16;

// ncu's name of each metric, in the enum's order.
inline constexpr std::array<std::string_view, kMetricCount> kMetricNames = {
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum",
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
    "smsp__sass_inst_executed_op_shared_atom.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
};

// The SASS-attributed wavefronts (smsp__sass_l1tex_*) are counters of their own: they equal the
// raw l1tex__data_* wavefronts except for some 64- and 128-bit loads, which the device counts
// with different groupings in the two (check/bank_model.cpp). On the device the raw counters of a
// whole kernel also count arbitration with concurrent L1 traffic (not repeatable from run to
// run); the SASS-attributed ones count only the instructions' own wavefronts, so they are the
// ones to diff exactly on whole kernels.
//
// ncu's names that are another counter under a second name, reported with the same value: a
// global instruction with an active lane is one request (validate/sweeps/banks), so the executed
// global instructions equal the requests.
struct MetricAlias {
  std::string_view name;
  Metric metric;
};
inline constexpr std::array<MetricAlias, 2> kMetricAliases = {{
    {"smsp__sass_inst_executed_op_global_ld.sum", Metric::GlobalLdRequests},
    {"smsp__sass_inst_executed_op_global_st.sum", Metric::GlobalStRequests},
}};

struct Counters {
  std::array<std::uint64_t, kMetricCount> value{};

  std::uint64_t& operator[](Metric m) { return value[static_cast<std::size_t>(m)]; }
  std::uint64_t operator[](Metric m) const { return value[static_cast<std::size_t>(m)]; }
  Counters& operator+=(const Counters& o) {
    for (std::size_t i = 0; i < kMetricCount; ++i) value[i] += o.value[i];
    return *this;
  }
  std::uint64_t bankConflicts() const {
    return (*this)[Metric::SharedLdConflicts] + (*this)[Metric::SharedStConflicts] +
           (*this)[Metric::SharedAtomConflicts];
  }
};

}  // namespace loom::check
