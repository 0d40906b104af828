// The loom-diff command on a synthetic record: exit status 0 / 1 / 2, --json, and --rebaseline
// rewriting the known-divergence file but never the record.
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void put(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

struct Cli {
  fs::path root = fs::temp_directory_path() / ("loom_diff_cli_" + std::to_string(::getpid()));
  Cli() {
    fs::remove_all(root);
    put(root / "c.case.json", R"({"name": "cli.case", "sources": ["c.cu"]})");
    put(root / "rec/cli.case/stdout.txt", "one 1\ntwo 2\n");
    put(root / "rec/cli.case/exit.txt", "0\n");
    put(root / "loom/stdout.txt", "one 1\ntwo 2\n");
    put(root / "loom/exit.txt", "0\n");
  }
  ~Cli() { fs::remove_all(root); }
  int run(const std::string& extra = "") {
    std::string cmd = std::string(LOOM_DIFF_PATH) + " --case " + (root / "c.case.json").string() + " --record " +
                      (root / "rec/cli.case").string() + " --loom-run " + (root / "loom").string() + " " + extra +
                      " > " + (root / "out.txt").string() + " 2>&1";
    int st = std::system(cmd.c_str());
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  }
};

}  // namespace

TEST_CASE("loom-diff exits 0 on a match, 1 on an unexpected difference, 2 on bad input", "[loomdiff]") {
  Cli c;
  REQUIRE(c.run("--json " + (c.root / "r.json").string()) == 0);
  REQUIRE(slurp(c.root / "r.json").find("\"exact\": 3") != std::string::npos);
  put(c.root / "loom/stdout.txt", "one 1\ntwo 3\n");
  REQUIRE(c.run() == 1);
  REQUIRE(slurp(c.root / "out.txt").find("UNEXPECTED: line 2: device 'two 2' / Loom 'two 3'") != std::string::npos);
  put(c.root / "rec/known_divergences.txt", "cli.case stdout:two 1/1 on purpose\n");
  REQUIRE(c.run() == 0);
  REQUIRE(c.run("--known " + (c.root / "nowhere/none.txt").string()) == 1);  // a missing file lists nothing
  fs::remove(c.root / "rec/cli.case/stdout.txt");
  fs::remove(c.root / "rec/cli.case/exit.txt");
  REQUIRE(c.run() == 1);  // nothing left to compare
  REQUIRE(std::system((std::string(LOOM_DIFF_PATH) + " --case /nonexistent.case.json --record /tmp --loom-run /tmp > /dev/null 2>&1").c_str()) != 0);
  Cli bad;
  put(bad.root / "c.case.json", "{\"name\": 3}");
  REQUIRE(bad.run() == 2);
}

TEST_CASE("loom-diff --rebaseline lowers a known rate and leaves the record alone", "[loomdiff]") {
  Cli c;
  put(c.root / "rec/cli.case/stdout.txt", "one 1\ntwo 2\ntwo 4\n");
  put(c.root / "loom/stdout.txt", "one 1\ntwo 3\ntwo 4\n");
  put(c.root / "rec/known_divergences.txt", "# keep me\ncli.case stdout:two 2/2 Loom differs here\nother x 1/1 keep\n");
  std::string record = slurp(c.root / "rec/cli.case/stdout.txt");
  REQUIRE(c.run("--rebaseline") == 0);
  REQUIRE(slurp(c.root / "rec/known_divergences.txt") == "# keep me\ncli.case stdout:two 1/2 Loom differs here\nother x 1/1 keep\n");
  REQUIRE(slurp(c.root / "rec/cli.case/stdout.txt") == record);
  // A new difference gets no entry from --rebaseline: it stays unexpected.
  put(c.root / "loom/stdout.txt", "one 9\ntwo 3\ntwo 4\n");
  REQUIRE(c.run("--rebaseline") == 1);
  REQUIRE(slurp(c.root / "rec/known_divergences.txt").find("stdout:one") == std::string::npos);
}

// A variant's record (isa.float_round.ftz) holds only the buffers that differ from its base
// case's record: the base supplies the others, and each buffer compares with the record that has it.
TEST_CASE("a case with a base record compares the buffers its record lacks with the base's", "[loomdiff]") {
  Cli c;
  const std::string one("\x01\0\0\0", 4), two("\x02\0\0\0", 4), three("\x03\0\0\0", 4);
  put(c.root / "c.case.json", R"({"name": "cli.case", "sources": ["c.cu"], "base": "cli.base"})");
  put(c.root / "rec/cli.base/outputs/a.i32", one);
  put(c.root / "rec/cli.base/outputs/b.i32", two);
  put(c.root / "rec/cli.case/outputs/b.i32", three);  // differs from the base's under the variant's flags
  put(c.root / "loom/outputs/a.i32", one);
  put(c.root / "loom/outputs/b.i32", three);
  REQUIRE(c.run() == 0);
  REQUIRE(slurp(c.root / "out.txt").find("1 of 2 buffers are the base record's (cli.base)") != std::string::npos);
  put(c.root / "loom/outputs/b.i32", two);  // the base's value where the variant's record has its own
  REQUIRE(c.run() == 1);
  put(c.root / "loom/outputs/b.i32", three);
  put(c.root / "loom/outputs/a.i32", three);  // a buffer only the base record holds
  REQUIRE(c.run() == 1);
  REQUIRE(slurp(c.root / "out.txt").find("a.i32") != std::string::npos);
  fs::remove_all(c.root / "rec/cli.base");
  REQUIRE(c.run() == 2);
  REQUIRE(slurp(c.root / "out.txt").find("base record does not exist") != std::string::npos);
}
