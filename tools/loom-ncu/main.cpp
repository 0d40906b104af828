// loom-ncu: Nsight Compute's command line for programs built with loom-cc. Runs the program with
// Loom's counters on for the launches ncu's options select (LOOM_REPORT and the LOOM_REPORT_*
// selection, read by the runtime; the others run in the fast mode), then prints ncu's details
// page from the report, so that `diff <(ncu --csv ...) <(loom-ncu --csv ...)` on the same
// program shows only the values that differ (and the process ID).
#include <limits.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "details_page.h"
#include "options.h"

namespace fs = std::filesystem;
using namespace loom::ncu;

namespace {

// The program's absolute path, as ncu names it: found on PATH when its name has no slash.
std::string executablePath(const std::string& program) {
  std::string found = program;
  if (program.find('/') == std::string::npos) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    for (std::size_t start = 0; start <= dirs.size();) {
      std::size_t colon = dirs.find(':', start);
      std::string dir = dirs.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
      fs::path candidate = fs::path(dir.empty() ? "." : dir) / program;
      if (access(candidate.c_str(), X_OK) == 0) {
        found = candidate.string();
        break;
      }
      if (colon == std::string::npos) break;
      start = colon + 1;
    }
  }
  char resolved[PATH_MAX];
  return realpath(found.c_str(), resolved) ? std::string(resolved) : found;
}

void setSelection(const Options& o) {
  auto set = [](const char* name, const std::string& v) {
    if (!v.empty()) setenv(name, v.c_str(), 1);
    else unsetenv(name);
  };
  set("LOOM_REPORT_KERNEL", o.kernelName);
  set("LOOM_REPORT_KERNEL_BASE", o.kernelNameBase);
  set("LOOM_REPORT_KERNEL_ID", o.kernelId);
  set("LOOM_REPORT_SKIP", o.launchSkip);
  set("LOOM_REPORT_COUNT", o.launchCount);
  set("LOOM_REPORT_SKIP_BEFORE_MATCH", o.launchSkipBeforeMatch);
}

// Runs the program with the report on; ncu's ==PROF== lines go to `prof`. The child prints the
// first, so that it comes before anything the program prints.
int runProgram(const Options& o, const fs::path& report, std::FILE* prof, long& pid) {
  const std::string path = executablePath(o.program[0]);
  std::fflush(nullptr);
  pid_t child = fork();
  if (child < 0) throw std::runtime_error("fork failed");
  if (child == 0) {
    setenv("LOOM_REPORT", report.c_str(), 1);
    setenv("LOOM_REPORT_QUIET", "1", 1);
    setSelection(o);
    std::fprintf(prof, "==PROF== Connected to process %ld (%s)\n", static_cast<long>(getpid()), path.c_str());
    std::fflush(prof);
    std::vector<char*> argv;
    for (const auto& a : o.program) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "==ERROR== Failed to launch process: %s\n", argv[0]);
    _exit(127);
  }
  pid = child;
  int status = 0;
  waitpid(child, &status, 0);
  std::fprintf(prof, "==PROF== Disconnected from process %ld\n", pid);
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

std::vector<ProfiledLaunch> readLaunches(const fs::path& report) {
  std::vector<ProfiledLaunch> launches;
  std::ifstream in(report);
  if (!in) return launches;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.contains("launches")) return launches;
  for (const auto& l : j["launches"]) {
    ProfiledLaunch p;
    p.kernel = l.value("profiler_name", l.value("kernel", std::string("?")));
    for (int i = 0; i < 3; ++i) {
      p.grid[i] = l["grid"][i].get<unsigned>();
      p.block[i] = l["block"][i].get<unsigned>();
    }
    for (const auto& [name, value] : l["metrics"].items()) p.metrics[name] = value.get<std::uint64_t>();
    launches.push_back(std::move(p));
  }
  return launches;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  try {
    o = parseOptions(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::invalid_argument& e) {
    if (*e.what()) std::cerr << "==ERROR== " << e.what() << "\n";
    std::cerr << kUsage;
    return *e.what() ? 1 : 0;
  }
  std::FILE* prof = stdout;
  if (!o.logFile.empty() && !(prof = std::fopen(o.logFile.c_str(), "w"))) {
    std::cerr << "==ERROR== cannot write " << o.logFile << "\n";
    return 1;
  }
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/loom-ncu-XXXXXX";
  int fd = mkstemp(pattern.data());
  if (fd < 0) {
    std::cerr << "==ERROR== cannot create a temporary file in " << pattern << "\n";
    return 1;
  }
  close(fd);
  const fs::path report = pattern;
  long pid = 0;
  int status = 0;
  try {
    status = runProgram(o, report, prof, pid);
  } catch (const std::exception& e) {
    std::cerr << "==ERROR== " << e.what() << "\n";
    return 1;
  }
  std::vector<ProfiledLaunch> launches = readLaunches(report);
  std::error_code ignored;
  fs::remove(report, ignored);
  std::vector<std::string> metrics = o.metrics;
  if (metrics.empty() && !launches.empty())
    for (const auto& [name, value] : launches.front().metrics) metrics.push_back(name);
  if (launches.empty()) {
    std::fprintf(prof, "==WARNING== No kernels were profiled.\n");
  } else {
    Process process{pid, fs::path(o.program[0]).filename().string()};
    std::string page = o.csv ? csvPage(process, launches, metrics) : textPage(process, launches, metrics);
    std::fputs(page.c_str(), prof);
  }
  if (prof != stdout) std::fclose(prof);
  return status;
}
