// ncu's `==PROF== Profiling` line: the pass model (tools/loom-ncu/passes.h) against the counts ncu
// printed for the recorded metric sets, and the line's name and form under each launch filter
// (emu/check/report/progress_line.h) against the lines recorded in
// validate/probes/ncu_cli/source_record.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "check/report/progress_line.h"
#include "loom-ncu/passes.h"

using loom::ncu::passCount;

namespace {
const std::string kWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_";
const std::string kConflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_";
}  // namespace

TEST_CASE("loom-ncu pass count: ncu's counts for the recorded metric sets", "[ncu][passes]") {
  // passes_<n>: each metric alone takes one pass; foo__bar.sum (unknown) one too.
  CHECK(passCount({kWavefronts + "ld.sum"}) == 1);
  CHECK(passCount({"smsp__sass_inst_executed_op_global_st.sum"}) == 1);
  CHECK(passCount({"foo__bar.sum"}) == 1);
  // passes_wavefronts, passes_conflicts: 3; passes_sectors (sectors and requests): 4.
  CHECK(passCount({kWavefronts + "ld.sum", kWavefronts + "st.sum", kWavefronts + "atom.sum"}) == 3);
  CHECK(passCount({kConflicts + "ld.sum", kConflicts + "st.sum", kConflicts + "atom.sum"}) == 3);
  const std::vector<std::string> global = {
      "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
      "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"};
  CHECK(passCount(global) == 4);
  // passes_two_sass, three_sass, sass (all 8 instrumented): 1; passes_two_mixed: 3.
  CHECK(passCount({"smsp__sass_inst_executed_op_shared_ld.sum", "smsp__sass_inst_executed_op_shared_st.sum"}) == 1);
  CHECK(passCount({"smsp__sass_inst_executed_op_shared_ld.sum", global[0]}) == 3);
  // passes_hw (the 10 hardware counters): 6; the 12 of the format record: 6; all 18: 7.
  std::vector<std::string> hardware = global;
  for (const char* op : {"ld.sum", "st.sum", "atom.sum"}) {
    hardware.push_back(kWavefronts + op);
    hardware.push_back(kConflicts + op);
  }
  CHECK(passCount(hardware) == 6);
  std::vector<std::string> all = hardware;
  for (const char* m : {"smsp__sass_inst_executed_op_shared_ld.sum", "smsp__sass_inst_executed_op_shared_st.sum",
                        "smsp__sass_inst_executed_op_shared_atom.sum", "smsp__sass_inst_executed_op_global_ld.sum",
                        "smsp__sass_inst_executed_op_global_st.sum",
                        "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                        "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
                        "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"})
    all.push_back(m);
  CHECK(passCount(all) == 7);
  CHECK(passCount(loom::ncu::loomMetrics()) == 7);  // loom-ncu without --metrics prints these 18
  const std::vector<std::string> twelve = {kWavefronts + "ld.sum", kWavefronts + "st.sum", kConflicts + "ld.sum",
                                           kConflicts + "st.sum", global[0], global[1], global[2], global[3],
                                           "smsp__sass_inst_executed_op_shared_ld.sum",
                                           "smsp__sass_inst_executed_op_shared_st.sum",
                                           "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
                                           "smsp__sass_inst_executed_op_global_ld.sum"};
  CHECK(passCount(twelve) == 6);
}

TEST_CASE("ncu's Profiling line: the name and the form under each filter", "[ncu][progress]") {
  using loom::check::progressLine;
  using loom::check::progressName;
  using loom::report::ProfilerNames;
  // names_text: a display name of up to 31 characters is shown whole, else the function name,
  // itself cut to 29 characters and "..." past 31.
  const std::string k24(24, 'x'), k25(25, 'x'), k32(32, 'x');
  CHECK(progressName(ProfilerNames{k24 + "(int *)", k24, "m"}) == k24 + "(int *)");
  CHECK(progressName(ProfilerNames{k25 + "(int *)", k25, "m"}) == k25);
  CHECK(progressName(ProfilerNames{k32 + "(int *)", k32, "m"}) == k32.substr(0, 29) + "...");
  const ProfilerNames naive{"transposeNaive(float *, const float *, int, int)", "transposeNaive", "_Z14transposeNaivePfPKfii"};
  loom::options::Options o;
  o.reportPasses = 7;
  CHECK(progressLine(o, naive, 0, 7) == "==PROF== Profiling \"transposeNaive\" - 0: 0%....50%....100% - 7 passes\n");
  o.reportCount = 2;  // line_count: -c 2
  o.reportPasses = 1;
  CHECK(progressLine(o, naive, 1, 7) == "==PROF== Profiling \"transposeNaive\" - 1 (2/2): 0%....50%....100% - 1 pass\n");
  o.reportKernel = "regex:transpose";  // line_regex_count: -k regex:transpose -c 2
  CHECK(progressLine(o, naive, 1, 7) == "==PROF== Profiling \"transposeNaive\": 0%....50%....100% - 1 pass\n");
  o.reportKernel.clear();
  o.reportKernelId = "::regex:reduce1:2";  // line_kernel_id
  CHECK(progressLine(o, {"void reduce1<int>(const T1 *, T1 *, unsigned int)", "reduce1", "m"}, 0, 7) ==
        "==PROF== Profiling \"1:7:reduce1:2\": 0%....50%....100% - 1 pass\n");
}
