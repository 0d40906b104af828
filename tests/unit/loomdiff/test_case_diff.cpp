// loom-diff on small synthetic records: it must catch a changed bit, an extra line, a counter off
// by one, accept a listed known divergence (and no more than its rate), and rebaseline only the
// known-divergence file.
#include <catch2/catch.hpp>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "case_diff.h"
#include "report_format.h"

namespace fs = std::filesystem;
using namespace loom::validate;

namespace {

struct Scratch {
  fs::path root;
  Scratch() {
    root = fs::temp_directory_path() / ("loom_diff_test_" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~Scratch() { fs::remove_all(root); }
  fs::path write(const std::string& rel, const std::string& text) {
    fs::path p = root / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
  template <class T> void buffer(const std::string& rel, const std::vector<T>& v) {
    std::string s(v.size() * sizeof(T), '\0');
    std::memcpy(s.data(), v.data(), s.size());
    write(rel, s);
  }
};

std::string launches(int conflicts) {
  return R"j({"launches":[{"kernel":"void transpose(float*, const float*)","grid":[1,1,1],"block":[32,32,1],
    "metrics":{"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum":)j" + std::to_string(conflicts) + "}}]}";
}

// A case with two stdout lines, exit 0, a u32 buffer and one counter, recorded identically on both sides.
struct Fixture : Scratch {
  CaseFile c;
  Fixture() {
    write("case/t.case.json", R"({"name": "t.case", "sources": ["t.cu"]})");
    c = readCaseFile((root / "case/t.case.json").string());
    for (const char* side : {"device", "loom"}) {
      write(std::string(side) + "/stdout.txt", "alpha 1\nbeta 2\n");
      write(std::string(side) + "/exit.txt", "0\n");
      buffer<std::uint32_t>(std::string(side) + "/outputs/out.u32", {10, 20, 30});
    }
    write("device/ncu.json", launches(992));
    write("loom/report.json", launches(992));
  }
  CaseReport diff(const std::string& known = "") {
    return diffCase(c, readRunData((root / "device").string(), "ncu.json"),
                    readRunData((root / "loom").string(), "report.json"), parseDivergences(known, "known.txt"));
  }
};

}  // namespace

TEST_CASE("identical runs compare exact in every kind", "[loomdiff]") {
  Fixture f;
  CaseReport r = f.diff();
  REQUIRE(r.ok());
  Counts t = r.total();
  REQUIRE(t.checks == 5);  // 2 lines, exit, 1 buffer, 1 counter
  REQUIRE(t.exact == 5);
  REQUIRE(r.totalOf("ncu").exact == 1);
}

TEST_CASE("a changed bit in an output buffer is unexpected", "[loomdiff]") {
  Fixture f;
  f.buffer<std::uint32_t>("loom/outputs/out.u32", {10, 20 ^ 4, 30});
  CaseReport r = f.diff();
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.totalOf("output").unexpected == 1);
  REQUIRE(formatText(r).find("first difference at [1]: device 20 / Loom 16") != std::string::npos);
  nlohmann::json j = formatJson(r);
  REQUIRE(j["buffers"][0]["bit_exact"] == 2);
  REQUIRE(j["checks"][0]["data"]["first_diff"]["index"] == 1);
}

TEST_CASE("an extra stdout line, or a missing buffer, is unexpected", "[loomdiff]") {
  Fixture f;
  f.write("loom/stdout.txt", "alpha 1\nbeta 2\ngamma 3\n");
  CaseReport r = f.diff();
  REQUIRE(r.totalOf("stdout").unexpected == 1);
  REQUIRE(r.totalOf("stdout").exact == 2);
  Fixture g;
  fs::remove(g.root / "loom/outputs/out.u32");
  REQUIRE(g.diff().totalOf("output").unexpected == 1);
}

TEST_CASE("a counter off by one is unexpected; no Loom report means not compared", "[loomdiff]") {
  Fixture f;
  f.write("loom/report.json", launches(993));
  CaseReport r = f.diff();
  REQUIRE_FALSE(r.ok());
  REQUIRE(r.totalOf("ncu").unexpected == 1);
  REQUIRE(formatText(r).find("device 992 / Loom 993") != std::string::npos);

  fs::remove(f.root / "loom/report.json");
  CaseReport none = f.diff();
  REQUIRE(none.ok());
  REQUIRE(none.totalOf("ncu").notCompared == 1);
  REQUIRE(none.notes.size() == 1);
  REQUIRE(none.notes[0].find("not compared") != std::string::npos);
}

TEST_CASE("a listed divergence is accepted up to its rate", "[loomdiff]") {
  Fixture f;
  f.write("loom/stdout.txt", "alpha 1\nbeta 3\n");
  std::string known = "# comment\nt.case stdout:beta 1/1 Loom prints 3 on purpose\n";
  CaseReport r = f.diff(known);
  REQUIRE(r.ok());
  REQUIRE(r.total().known == 1);
  REQUIRE(formatText(r).find("reason: Loom prints 3 on purpose") != std::string::npos);

  // The same key for another case does not apply; a higher measured rate is a regression.
  REQUIRE_FALSE(f.diff("other.case stdout:beta 1/1 not this case\n").ok());
  f.buffer<std::uint32_t>("loom/outputs/out.u32", {11, 21, 30});
  REQUIRE_FALSE(f.diff(known + "t.case output:out 1/3 one element differs\n").ok());
  REQUIRE(f.diff(known + "t.case output:out 2/3 two elements differ\n").ok());
}

TEST_CASE("stale or lower divergences are noted, and --rebaseline rewrites only their rates", "[loomdiff]") {
  Fixture f;
  f.write("loom/stdout.txt", "alpha 1\nbeta 3\n");
  std::string known =
      "# header\n"
      "t.case stdout:beta 1/1 differs\n"
      "t.case stdout:alpha 1/1 used to differ\n"
      "t.case output:out 2/3 used to differ more\n"
      "other.case exit 1/1 untouched\n";
  DivergenceFile file = parseDivergences(known, "known.txt");
  CaseReport r = f.diff(known);
  REQUIRE(r.ok());
  REQUIRE(r.notes.size() == 2);  // alpha and out no longer differ
  std::string rewritten = rebaselined(file, "t.case", r.measured);
  REQUIRE(rewritten == "# header\nt.case stdout:beta 1/1 differs\nother.case exit 1/1 untouched\n");

  f.buffer<std::uint32_t>("loom/outputs/out.u32", {11, 20, 30});
  r = f.diff(known);
  REQUIRE(rebaselined(file, "t.case", r.measured).find("t.case output:out 1/3 used to differ more") != std::string::npos);
}

TEST_CASE("a run-dependent divergence counts as known whether this run differs or not", "[loomdiff]") {
  Fixture f;
  const std::string known = "t.case ncu:transpose:l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum ~1/1 "
                            "set by the order of atomics\n";
  // This run matches: known all the same, no note to remove it, and --rebaseline keeps it.
  CaseReport r = f.diff(known);
  REQUIRE(r.ok());
  CHECK(r.totalOf("ncu").known == 1);
  CHECK(r.totalOf("ncu").exact == 0);
  CHECK(r.notes.empty());
  CHECK(rebaselined(parseDivergences(known, "known.txt"), "t.case", r.measured) == known);
  // This run differs: known, up to the rate.
  f.write("loom/report.json", launches(993));
  r = f.diff(known);
  REQUIRE(r.ok());
  CHECK(r.totalOf("ncu").known == 1);
  // A plain entry that matches is exact, and noted as stale.
  f.write("loom/report.json", launches(992));
  r = f.diff("t.case ncu:transpose:l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum 1/1 differs\n");
  CHECK(r.totalOf("ncu").exact == 1);
  CHECK(r.notes.size() == 1);
}

TEST_CASE("case files and known-divergence files reject bad input with a message", "[loomdiff]") {
  Scratch s;
  auto bad = [&](const std::string& text) {
    try {
      readCaseFile(s.write("bad.case.json", text).string());
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  REQUIRE(bad(R"({"sources": ["a.cu"]})").find("\"name\"") != std::string::npos);
  REQUIRE(bad(R"({"name": "x", "sources": ["a.cu"], "srcs": 1})").find("unknown field \"srcs\"") != std::string::npos);
  REQUIRE(bad(R"({"name": "x", "sources": ["a.cu"], "flags": ["-arch=sm_80"]})").find("architecture") != std::string::npos);
  REQUIRE(bad(R"({"name": "x", "sources": ["a.cu"], "outputs": {"y": {"compare": "exact", "max_ulp": 2}}})")
              .find("max_ulp") != std::string::npos);
  REQUIRE(bad("{") .find("not valid JSON") != std::string::npos);
  REQUIRE(bad(R"({"name": "x", "sources": ["a.cu"], "base": "x"})").find("\"base\"") != std::string::npos);
  REQUIRE(bad(R"({"name": "x", "sources": ["a.cu"], "base": 1})").find("\"base\"") != std::string::npos);
  CaseFile ok = readCaseFile(s.write("d/ok.case.json",
      R"({"name": "x.y", "sources": ["a.cu"], "args": ["q"], "outputs": {"*": {"compare": "ulp", "max_ulp": 2}}})").string());
  REQUIRE(ok.sources[0] == (s.root / "d/a.cu").string());
  REQUIRE(ok.ruleFor("anything").maxUlp == 2);
  REQUIRE(caseNameMatches("kernels", "kernels.add.add"));
  REQUIRE_FALSE(caseNameMatches("kernels", "kernelsx.add"));
  REQUIRE(caseNameMatches("tests.cuda.faults.*", "tests.cuda.faults.trap"));
  REQUIRE_THROWS_WITH(parseDivergences("t.case stdout:x 2/1 bad\n", "k.txt"), Catch::Contains("k.txt:1"));
  REQUIRE_THROWS(parseDivergences("t.case stdout:x 1/1\n", "k.txt"));  // no reason
}

TEST_CASE("kernel names from ncu and Loom meet; the table sums cases per suite", "[loomdiff]") {
  REQUIRE(normaliseKernelName("void transpose<32>(float*, const float*)") == "transpose<32>");
  REQUIRE(normaliseKernelName("transpose") == "transpose");
  // g++'s demangler writes typed template constants, ncu plain numbers.
  REQUIRE(normaliseKernelName("void shared_probe<(loom_sweep::Access)0, 1u>()") == "shared_probe<0, 1>");
  REQUIRE(normaliseKernelName("void shared_probe<0, 1>()") == "shared_probe<0, 1>");
  REQUIRE(normaliseKernelName("void k<(E)-2, 16ul>(int)") == "k<-2, 16>");
  REQUIRE(normaliseKernelName("void global_probe<8u, false>(unsigned char*)") == "global_probe<8, 0>");
  REQUIRE(normaliseKernelName("void g<true, truex>()") == "g<1, truex>");
  std::vector<nlohmann::json> cases = {
      {{"case", "kernels.a"}, {"counts", {{"checks", 4}, {"exact", 3}, {"known", 1}}}},
      {{"case", "kernels.b"}, {"counts", {{"checks", 2}, {"exact", 1}, {"not_compared", 1}}}},
      {{"case", "probes.c"}, {"counts", {{"checks", 1}, {"exact", 1}}}}};
  std::string table = tableMarkdown(cases);
  REQUIRE(table.find("| kernels | 2 | 6 | 4 | 1 | 1 | 0 |") != std::string::npos);
  REQUIRE(table.find("| **total** | 3 | 7 | 5 | 1 | 1 | 0 |") != std::string::npos);
  bool found = false;
  std::string readme = std::string("intro\n") + kTableBegin + "\nold\n" + kTableEnd + "\nrest\n";
  REQUIRE(replaceTable(readme, "new\n", &found) == std::string("intro\n") + kTableBegin + "\nnew\n" + kTableEnd + "\nrest\n");
  REQUIRE(found);
}

TEST_CASE("a record without stdout.txt or exit.txt compares the rest; an empty one fails", "[loomdiff]") {
  Fixture f;
  fs::remove(f.root / "device/stdout.txt");
  fs::remove(f.root / "device/exit.txt");
  CaseReport r = f.diff();
  REQUIRE(r.ok());
  REQUIRE(r.total().notCompared == 2);
  REQUIRE(r.total().exact == 2);  // the buffer and the counter
  REQUIRE(r.notes.size() == 2);
  fs::remove_all(f.root / "device/outputs");
  fs::remove(f.root / "device/ncu.json");
  REQUIRE_FALSE(f.diff().ok());
}

TEST_CASE("a glob entry covers every matching key of its case, its rate summed over them", "[loomdiff]") {
  Fixture f;
  f.write("device/ncu.json", R"({"launches":[
      {"kernel":"a","metrics":{"raw.sum":10,"sass.sum":32}},
      {"kernel":"b","metrics":{"raw.sum":20,"sass.sum":32}}]})");
  f.write("loom/report.json", R"({"launches":[
      {"kernel":"a","metrics":{"raw.sum":0,"sass.sum":32}},
      {"kernel":"b","metrics":{"raw.sum":0,"sass.sum":32}}]})");
  std::string glob = "t.case ncu:*:raw.sum 2/2 the raw counter also counts arbitration\n";
  CaseReport r = f.diff(glob);
  REQUIRE(r.ok());
  REQUIRE(r.totalOf("ncu").known == 2);
  REQUIRE(r.totalOf("ncu").exact == 2);
  bool aggregated = false;
  for (const auto& [what, rate] : r.measured) aggregated = aggregated || (what == "ncu:*:raw.sum" && rate.text() == "2/2");
  REQUIRE(aggregated);
  // The glob does not reach the other metric, and an exact entry wins over it.
  f.write("loom/report.json", R"({"launches":[
      {"kernel":"a","metrics":{"raw.sum":0,"sass.sum":31}},
      {"kernel":"b","metrics":{"raw.sum":0,"sass.sum":32}}]})");
  REQUIRE_FALSE(f.diff(glob).ok());
  f.write("loom/report.json", R"({"launches":[
      {"kernel":"a","metrics":{"raw.sum":0,"sass.sum":32}},
      {"kernel":"b","metrics":{"raw.sum":0,"sass.sum":32}}]})");
  REQUIRE_FALSE(f.diff(glob + "t.case ncu:a:raw.sum 0/1 the exact entry wins\n").ok());
  REQUIRE_FALSE(f.diff("t.case ncu:*:raw.sum 1/2 one of two\n").ok());
}
