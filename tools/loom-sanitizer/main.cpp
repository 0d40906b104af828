// loom-sanitizer: compute-sanitizer's front end for programs built with loom-cc. Runs the program
// with one of Loom's checkers on (LOOM_SANITIZER, read by the runtime), collects the findings it
// writes (LOOM_SANITIZER_LOG) and prints them in compute-sanitizer's format (README "Sanitizer").
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "options.h"
#include "report.h"
#include "verdict.h"

namespace fs = std::filesystem;
using namespace loom::sanitizer;

namespace {

int runProgram(const Options& o, const fs::path& log) {
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    setenv("LOOM_SANITIZER", o.tool.c_str(), 1);
    setenv("LOOM_SANITIZER_LOG", log.c_str(), 1);
    if (o.leakCheck) setenv("LOOM_SANITIZER_LEAK_CHECK", "full", 1);
    if (!o.watchdog.empty()) setenv("LOOM_WATCHDOG", o.watchdog.c_str(), 1);
    if (!o.schedule.empty()) setenv("LOOM_SCHEDULE", o.schedule.c_str(), 1);
    if (!o.memory.empty()) setenv("LOOM_MEMORY", o.memory.c_str(), 1);
    std::vector<char*> argv;
    for (const auto& a : o.program) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "loom-sanitizer: cannot run %s\n", argv[0]);
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

std::vector<nlohmann::json> readFindings(const fs::path& log) {
  std::vector<nlohmann::json> findings;
  std::ifstream in(log);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    try {
      findings.push_back(nlohmann::json::parse(line));
    } catch (const std::exception&) {
      std::cerr << "loom-sanitizer: unreadable finding: " << line << "\n";
    }
  }
  return findings;
}

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read " + path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  try {
    o = parseOptions(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::invalid_argument& e) {
    if (*e.what()) std::cerr << "loom-sanitizer: " << e.what() << "\n";
    std::cerr << kUsage;
    return *e.what() ? 2 : 0;
  }
  try {
    if (!o.verdict.empty()) {
      for (const auto& c : verdictClasses(readFile(o.verdict))) std::cout << c << "\n";
      return 0;
    }
    char dir[] = "/tmp/loom-sanitizer-XXXXXX";
    if (!mkdtemp(dir)) throw std::runtime_error("cannot make a temporary folder");
    fs::path log = fs::path(dir) / "findings.jsonl";
    int rc = runProgram(o, log);
    std::vector<nlohmann::json> findings = readFindings(log);
    fs::remove_all(dir);
    Report r = formatReport(findings, o);
    if (o.logFile.empty()) {
      std::cout << std::flush;
      std::fputs(r.text.c_str(), stdout);
    } else {
      std::ofstream(o.logFile) << r.text;
    }
    if (!o.save.empty()) std::ofstream(o.save) << nlohmann::json{{"tool", o.tool}, {"findings", findings}}.dump(1) << "\n";
    if (r.errors > 0 && o.errorExitCode >= 0) return o.errorExitCode;
    return rc;
  } catch (const std::exception& e) {
    std::cerr << "loom-sanitizer: " << e.what() << "\n";
    return 2;
  }
}
