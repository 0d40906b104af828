// loom-sanitizer's report and verdict: the format and the normalisation are checked against
// compute-sanitizer's own output as recorded on the H100 (validate/results/h100-sm90/sanitizer.*).
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "check/sanitizer/findings.h"
#include "report.h"
#include "verdict.h"

namespace {
std::string record(const std::string& caseName, const std::string& tool) {
  std::ifstream in(std::string(LOOM_SOURCE_DIR) + "/validate/results/h100-sm90/" + caseName + "/sanitizer/" + tool + ".txt");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("sanitizer verdict: classes of the device's racecheck and memcheck reports", "[sanitizer]") {
  auto race = loom::sanitizer::verdictClasses(record("sanitizer.race_reduce_barrier.bug", "racecheck"));
  CHECK(race == std::set<std::string>{"Error: race", "Warning: race", "findings: some"});
  auto clean = loom::sanitizer::verdictClasses(record("sanitizer.race_reduce_barrier.fixed", "racecheck"));
  CHECK(clean == std::set<std::string>{"findings: none"});
  auto mem = loom::sanitizer::verdictClasses(record("sanitizer.mem_oob_past.bug", "memcheck"));
  CHECK(mem == std::set<std::string>{"Invalid __global__ write", "Leaked", "findings: some"});
  auto sync = loom::sanitizer::verdictClasses(record("sanitizer.sync_divergent_barrier.bug", "synccheck"));
  CHECK(sync == std::set<std::string>{"Barrier error detected. Divergent thread(s) in warp.", "findings: some"});
}

TEST_CASE("sanitizer report: a finding printed as compute-sanitizer prints it", "[sanitizer]") {
  // The device's record of mem_oob_past: a 4-byte write at the end of a 400-byte allocation is
  // "1 bytes after the nearest allocation ... of size 400 bytes".
  loom::check::sanitizer::Finding f;
  f.kind = "invalid_access";
  f.kernel = "k(int*, int, bool)";
  f.location = "/some/dir/mem_oob_past.cu:6";
  f.space = "global";
  f.access = 1;
  f.size = 4;
  f.thread = {100, 0, 0};
  f.address = 0x7f3854800190;
  f.allocation = 0x7f3854800000;
  f.allocationSize = 400;
  loom::check::sanitizer::Finding leak;
  leak.kind = "leak";
  leak.address = leak.allocation = 0x7f3854800000;
  leak.allocationSize = 400;
  std::vector<nlohmann::json> findings{nlohmann::json::parse(loom::check::sanitizer::toJson(f)),
                                       nlohmann::json::parse(loom::check::sanitizer::toJson(leak))};
  loom::sanitizer::Options o;
  o.tool = "memcheck";
  o.leakCheck = true;
  auto r = loom::sanitizer::formatReport(findings, o);
  CHECK(r.errors == 2);
  CHECK_THAT(r.text, Catch::Contains("========= Invalid __global__ write of size 4 bytes\n"
                                     "=========     at k(int*, int, bool) in mem_oob_past.cu:6\n"
                                     "=========     by thread (100,0,0) in block (0,0,0)\n"
                                     "=========     Access to 0x7f3854800190 is out of bounds\n"
                                     "=========     and is 1 bytes after the nearest allocation at 0x7f3854800000 of size 400 bytes\n"));
  CHECK_THAT(r.text, Catch::Contains("========= LEAK SUMMARY: 400 bytes leaked in 1 allocations\n"));
  CHECK_THAT(r.text, Catch::EndsWith("========= ERROR SUMMARY: 2 errors\n"));
  // The device's own lines classify the same way as Loom's.
  CHECK(loom::sanitizer::verdictClasses(r.text) ==
        loom::sanitizer::verdictClasses(record("sanitizer.mem_oob_past.bug", "memcheck")));
}

TEST_CASE("sanitizer options: bad input is refused with a message", "[sanitizer]") {
  using loom::sanitizer::parseOptions;
  CHECK_THROWS_WITH(parseOptions({"--tool", "leakcheck", "./a"}), Catch::Contains("expected one of"));
  CHECK_THROWS_WITH(parseOptions({"--print-limit", "x", "./a"}), Catch::Contains("needs a number"));
  CHECK_THROWS_WITH(parseOptions({"--tool", "racecheck"}), Catch::Contains("no program"));
  auto o = parseOptions({"--tool=racecheck", "--racecheck-report", "hazard", "--error-exitcode", "9", "./p", "--tool"});
  CHECK(o.tool == "racecheck");
  CHECK(o.errorExitCode == 9);
  CHECK(o.program == std::vector<std::string>{"./p", "--tool"});
}

TEST_CASE("sanitizer report: initcheck's findings printed as compute-sanitizer prints them", "[sanitizer]") {
  // The device's records: init_global (a kernel read) and sync_exit_before_barrier (a copy to the
  // host of bytes the kernel left unwritten); their verdict classes must come back unchanged.
  loom::check::sanitizer::Finding read;
  read.kind = "uninitialized";
  read.kernel = "k(int const*, int*)";
  read.location = "/dir/init_global.cu:3";
  read.space = "global";
  read.access = 0;
  read.size = 4;
  read.thread = {1, 0, 0};
  read.address = 0x7f54b4800004;
  loom::check::sanitizer::Finding shared = read;
  shared.space = "shared";
  shared.address = 0x480;
  loom::check::sanitizer::Finding host;
  host.kind = "host_uninitialized";
  host.address = 0x7fcb2a800040;
  host.allocation = 0x7fcb2a800000;
  host.allocationSize = 128;
  host.detail = "cudaMemcpy source";
  std::vector<nlohmann::json> findings;
  for (const auto& f : {read, shared, host}) findings.push_back(nlohmann::json::parse(loom::check::sanitizer::toJson(f)));
  loom::sanitizer::Options o;
  o.tool = "initcheck";
  auto r = loom::sanitizer::formatReport(findings, o);
  CHECK(r.errors == 3);
  CHECK_THAT(r.text, Catch::Contains("========= Uninitialized __global__ memory read of size 4 bytes\n"
                                     "=========     at k(int const*, int*) in init_global.cu:3\n"
                                     "=========     by thread (1,0,0) in block (0,0,0)\n"
                                     "=========     Address 0x7f54b4800004\n"));
  CHECK_THAT(r.text, Catch::Contains("========= Uninitialized __shared__ memory read of size 4 bytes\n"));
  CHECK_THAT(r.text, Catch::Contains("========= Host API memory access error at host access to 0x7fcb2a800000 of size 128 bytes\n"
                                     "=========     Uninitialized access to 0x7fcb2a800040 on access by cudaMemcpy source\n"));
  CHECK_THAT(r.text, Catch::EndsWith("========= ERROR SUMMARY: 3 errors\n"));
  auto classes = loom::sanitizer::verdictClasses(r.text);
  CHECK(classes == std::set<std::string>{"Uninitialized __global__ memory read", "Uninitialized __shared__ memory read",
                                         "Host API memory access error", "findings: some"});
  CHECK(loom::sanitizer::verdictClasses(record("sanitizer.init_global.bug", "initcheck")) ==
        std::set<std::string>{"Uninitialized __global__ memory read", "findings: some"});
  CHECK(loom::sanitizer::verdictClasses(record("sanitizer.sync_exit_before_barrier.bug", "initcheck")) ==
        std::set<std::string>{"Host API memory access error", "findings: some"});
}

TEST_CASE("sanitizer report: device-heap leaks as the device prints them", "[sanitizer]") {
  // The device's record of mem_device_malloc_leak: four 64-byte in-kernel mallocs never freed.
  std::vector<nlohmann::json> findings;
  for (std::uintptr_t i = 0; i < 4; ++i) {
    loom::check::sanitizer::Finding leak;
    leak.kind = "leak";
    leak.space = "device_heap";
    leak.address = leak.allocation = 0x205dff920 + i * 0xa0;
    leak.allocationSize = 64;
    findings.push_back(nlohmann::json::parse(loom::check::sanitizer::toJson(leak)));
  }
  loom::sanitizer::Options o;
  o.tool = "memcheck";
  o.leakCheck = true;
  auto r = loom::sanitizer::formatReport(findings, o);
  CHECK(r.errors == 4);
  CHECK_THAT(r.text, Catch::Contains("========= Leaked 64 bytes at 0x205dff920 on the device heap\n========= \n"));
  CHECK_THAT(r.text, Catch::Contains("========= LEAK SUMMARY: 256 bytes leaked in 4 allocations\n"));
  auto device = loom::sanitizer::verdictClasses(record("sanitizer.mem_device_malloc_leak.bug", "memcheck"));
  CHECK(device == std::set<std::string>{"Leaked on the device heap", "findings: some"});
  CHECK(loom::sanitizer::verdictClasses(r.text) == device);
}

TEST_CASE("sanitizer report: a barrier after exited threads is a warning, not an error", "[sanitizer]") {
  // Undefined by the guide, silent on the H100 (sync_exit_before_barrier's synccheck record has no
  // finding): Loom's warning must leave the error count, and so the device's verdict, alone.
  loom::check::sanitizer::Finding f;
  f.kind = "warning_barrier_exited";
  f.kernel = "k(int*, bool)";
  f.location = "/some/dir/sync_exit_before_barrier.cu:7";
  f.block = uint3{0, 0, 0};
  f.detail = "16";
  loom::sanitizer::Options o;
  o.tool = "synccheck";
  auto r = loom::sanitizer::formatReport({nlohmann::json::parse(loom::check::sanitizer::toJson(f))}, o);
  CHECK(r.errors == 0);
  CHECK_THAT(r.text, Catch::Contains("========= Warning: Barrier reached after 16 thread(s) of the block exited"));
  CHECK_THAT(r.text, Catch::Contains("=========     at k(int*, bool) in sync_exit_before_barrier.cu:7\n"));
  CHECK_THAT(r.text, Catch::Contains("========= ERROR SUMMARY: 0 errors\n"));
  auto device = loom::sanitizer::verdictClasses(record("sanitizer.sync_exit_before_barrier.bug", "synccheck"));
  CHECK(device == std::set<std::string>{"findings: none"});
  CHECK(loom::sanitizer::verdictClasses(r.text) ==
        std::set<std::string>{"Warning: barrier after exited threads", "findings: none"});
}
