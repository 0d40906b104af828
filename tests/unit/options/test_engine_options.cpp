// The engine's settings (emu/options/options.h): parsed from the environment as documented, a
// malformed value refused with a message naming the variable, and the settings tables (README.md's,
// and loom-ncu's for its launch selection) listing exactly the variables the engine and loom-cc read.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "options/options.h"

namespace {

loom::options::Options parseWith(const std::map<std::string, std::string>& env, unsigned threads = 8) {
  return loom::options::parse(
      [&](const char* name) -> const char* {
        auto it = env.find(name);
        return it == env.end() ? nullptr : it->second.c_str();
      },
      threads);
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("engine options: defaults", "[engine_options]") {
  loom::options::Options o = parseWith({});
  CHECK(o.workers == 8);
  CHECK_FALSE(o.serial);
  CHECK(o.stackSize == 256 * 1024);
  CHECK(o.watchdogSeconds == 30);  // sched/watchdog.h: stop a launch that makes no progress
  CHECK(o.sanitizer == loom::options::Sanitizer::None);
  CHECK(o.sanitizerLog.empty());
  CHECK_FALSE(o.leakCheck);
  CHECK(o.reportPath.empty());
  CHECK_FALSE(o.lockstep);
  // One hardware thread, or one worker asked for, runs blocks serially.
  CHECK(parseWith({}, 1).serial);
  CHECK(parseWith({{"LOOM_WORKERS", "1"}}).serial);
  CHECK(parseWith({{"LOOM_WORKERS", "0"}}).workers == 8);
}

TEST_CASE("engine options: values", "[engine_options]") {
  loom::options::Options o = parseWith({{"LOOM_WORKERS", "3"},
                                        {"LOOM_SERIAL", "1"},
                                        {"LOOM_STACK_SIZE", "64k"},
                                        {"LOOM_WATCHDOG", "2.5"},
                                        {"LOOM_SANITIZER", "racecheck"},
                                        {"LOOM_SANITIZER_LOG", "/tmp/f.jsonl"},
                                        {"LOOM_SANITIZER_LEAK_CHECK", "full"},
                                        {"LOOM_REPORT", "r.json"}});
  CHECK(o.workers == 3);
  CHECK(o.serial);
  CHECK(o.stackSize == 64 * 1024);
  CHECK(o.watchdogSeconds == 2.5);
  CHECK(o.sanitizer == loom::options::Sanitizer::Racecheck);
  CHECK(o.sanitizerLog == "/tmp/f.jsonl");
  CHECK(o.leakCheck);
  CHECK(o.reportPath == "r.json");
  CHECK(o.lockstep);  // a report's counters run warps in lockstep
  CHECK(parseWith({{"LOOM_STACK_SIZE", "2M"}}).stackSize == 2u << 20);
  CHECK(parseWith({{"LOOM_STACK_SIZE", "100"}}).stackSize == 16384);  // the floor
  CHECK(parseWith({{"LOOM_LOCKSTEP", "1"}}).lockstep);
  CHECK_FALSE(parseWith({{"LOOM_LOCKSTEP", "0"}}).lockstep);
  CHECK_FALSE(parseWith({{"LOOM_SANITIZER_LEAK_CHECK", "no"}}).leakCheck);
}

TEST_CASE("engine options: malformed values are refused, naming the variable", "[engine_options]") {
  CHECK_THROWS_WITH(parseWith({{"LOOM_WATCHDOG", "soon"}}), "LOOM_WATCHDOG=soon is not a number of seconds");
  CHECK_THROWS_WITH(parseWith({{"LOOM_WATCHDOG", "-1"}}), "LOOM_WATCHDOG=-1 is not a number of seconds");
  CHECK_THROWS_WITH(parseWith({{"LOOM_SANITIZER", "leakcheck"}}),
                    "LOOM_SANITIZER=leakcheck is not one of memcheck, racecheck, synccheck, initcheck");
}

TEST_CASE("engine options: README's table lists every variable Loom reads", "[engine_options]") {
  const std::filesystem::path root = LOOM_SOURCE_DIR;
  // The variables the sources read: the engine's table, and every getenv("LOOM_...") anywhere.
  std::set<std::string> read;
  for (const loom::options::Variable& v : loom::options::variables()) read.insert(v.name);
  const std::regex getenvCall(R"re(getenv\("(LOOM_[A-Z_]+)"\))re");
  for (const char* dir : {"emu", "tools", "isa"})
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / dir)) {
      const std::string ext = entry.path().extension();
      if (ext != ".cpp" && ext != ".h") continue;
      const std::string text = readFile(entry.path());
      for (std::sregex_iterator m(text.begin(), text.end(), getenvCall), end; m != end; ++m) read.insert((*m)[1]);
    }
  // The settings tables' rows, `| `LOOM_X` | ...`: the README's, and loom-ncu's for the launch
  // selection it sets.
  std::set<std::string> documented;
  const std::regex row(R"(\n\| *`(LOOM_[A-Z_]+)(=[^`]*)?` *\|)");
  for (const char* file : {"README.md", "tools/loom-ncu/README.md"}) {
    const std::string text = readFile(root / file);
    for (std::sregex_iterator m(text.begin(), text.end(), row), end; m != end; ++m) documented.insert((*m)[1]);
  }
  CHECK(read.size() >= 11);
  CHECK(documented == read);
}
