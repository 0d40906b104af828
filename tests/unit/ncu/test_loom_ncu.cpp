// loom-ncu's pieces: ncu's options as it parses them, its number and unit formats, and the
// engine's launch selection (check/report/launch_filter.h) that its options become. Whole runs
// against ncu's recorded output are tests/ncu/ncu_records_test.sh.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "check/report/launch_filter.h"
#include "loom-ncu/details_page.h"
#include "loom-ncu/options.h"
#include "report/profiler_names.h"

namespace {

loom::ncu::Options parse(std::vector<std::string> args) { return loom::ncu::parseOptions(args); }

}  // namespace

TEST_CASE("loom-ncu: ncu's options", "[ncu]") {
  auto o = parse({"--csv", "--metrics", "a.sum,b.sum", "-k", "regex:red", "-s", "2", "-c", "3",
                  "--kernel-name-base=demangled", "./app", "-x"});
  CHECK(o.csv);
  CHECK(o.metrics == std::vector<std::string>{"a.sum", "b.sum"});
  CHECK(o.kernelName == "regex:red");
  CHECK(o.launchSkip == "2");
  CHECK(o.launchCount == "3");
  CHECK(o.kernelNameBase == "demangled");
  CHECK(o.program == std::vector<std::string>{"./app", "-x"});
  CHECK_THROWS_WITH(parse({"-c", "two", "./app"}), "-c needs a count, not 'two'");
  CHECK_THROWS_WITH(parse({"--kernel-name-base", "short", "./app"}),
                    "--kernel-name-base short: expected one of function, demangled, mangled");
  CHECK_THROWS_WITH(parse({"--page", "raw", "./app"}), Catch::Contains("with --csv"));
  CHECK(parse({"--page", "raw", "--csv", "./app"}).page == "raw");
  CHECK_THROWS_WITH(parse({"--page", "session", "--csv", "./app"}), Catch::Contains("no device attributes"));
  CHECK_THROWS_WITH(parse({"--print-source", "sass", "./app"}), Catch::Contains("no SASS or PTX"));
  auto source = parse({"--page", "source", "--csv", "--print-source", "cuda", "--section", "SourceCounters", "./app"});
  CHECK(source.page == "source");
  CHECK(source.printSource == "cuda");
  CHECK(parse({"-o", "out", "-f", "./app"}).exportName == "out");
  CHECK(parse({"-i", "out.loom-rep", "--csv"}).importFile == "out.loom-rep");
  CHECK_THROWS_WITH(parse({"-i", "out.loom-rep", "./app"}), Catch::Contains("give it no program"));
  CHECK_THROWS_WITH(parse({"--csv"}), "no program to run");
  CHECK_THROWS_WITH(parse({"--frobnicate", "./app"}), "unknown option --frobnicate");
}

TEST_CASE("loom-ncu: numbers and units as ncu prints them", "[ncu]") {
  CHECK(loom::ncu::withSeparators(0) == "0");
  CHECK(loom::ncu::withSeparators(952) == "952");
  CHECK(loom::ncu::withSeparators(3400) == "3,400");
  CHECK(loom::ncu::withSeparators(1234567) == "1,234,567");
  CHECK(loom::ncu::metricUnit("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") == "sector");
  CHECK(loom::ncu::metricUnit("smsp__sass_inst_executed_op_shared_ld.sum") == "inst");
  CHECK(loom::ncu::metricUnit("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum").empty());
  CHECK(loom::ncu::metricUnit("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum").empty());
}

TEST_CASE("loom-ncu: the engine selects launches as ncu does", "[ncu][launch_filter]") {
  using loom::report::profilerNames;
  const auto a = profilerNames("_Z7reduce0IiEvPKT_PS0_j"), b = profilerNames("_Z7reduce1IiEvPKT_PS0_j"),
             t = profilerNames("_Z14transposeNaivePfPKfii");
  auto run = [&](const loom::options::Options& o, const std::vector<loom::report::ProfilerNames>& launches) {
    loom::check::LaunchFilter f(o);
    std::string picked;
    for (std::size_t i = 0; i < launches.size(); ++i)
      if (f.select(launches[i])) picked += std::to_string(i);
    return picked;
  };
  const std::vector<loom::report::ProfilerNames> seq{a, a, t, b, b, t, a};
  loom::options::Options o;
  CHECK_FALSE(loom::check::LaunchFilter(o).active());
  CHECK(run(o, seq) == "0123456");
  o.reportKernel = "reduce1";  // the function base: the name alone, exactly
  CHECK(run(o, seq) == "34");
  o.reportKernel = "regex:^reduce";
  o.reportSkip = 1;
  o.reportCount = 2;
  CHECK(run(o, seq) == "13");
  o = {};
  o.reportSkipBeforeMatch = 3;  // launches of any kernel
  o.reportKernel = "regex:reduce0";
  CHECK(run(o, seq) == "6");
  o = {};
  o.reportKernelBase = "mangled";
  o.reportKernel = "_Z14transposeNaivePfPKfii";
  CHECK(run(o, seq) == "25");
  o = {};
  o.reportKernelBase = "demangled";
  o.reportKernel = "regex:\\(float \\*, const float \\*";
  CHECK(run(o, seq) == "25");
  o = {};
  o.reportKernelId = "::regex:reduce:2";  // the second launch of each matching kernel
  CHECK(run(o, seq) == "14");
  o.reportKernelId = "1:7:transposeNaive:2";
  CHECK(run(o, seq) == "5");
  o.reportKernelId = "reduce0";
  CHECK_THROWS_AS(loom::check::LaunchFilter(o), std::invalid_argument);
}
