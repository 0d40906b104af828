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
#include <stdexcept>
#include <string>

#include "details_page.h"
#include "options.h"
#include "passes.h"
#include "report_io.h"
#include "source_html.h"
#include "source_page.h"

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
// first, so that it comes before anything the program prints, and the runtime writes each
// launch's Profiling line to the same descriptor as the launch ends (not in CSV mode, as ncu).
int runProgram(const Options& o, const fs::path& report, std::FILE* prof, long& pid) {
  const std::string path = executablePath(o.program[0]);
  const unsigned passes = passCount(o.metrics.empty() ? loomMetrics() : o.metrics);
  std::fflush(nullptr);
  pid_t child = fork();
  if (child < 0) throw std::runtime_error("fork failed");
  if (child == 0) {
    setenv("LOOM_REPORT", report.c_str(), 1);
    setenv("LOOM_REPORT_QUIET", "1", 1);
    setSelection(o);
    if (!o.csv) {
      setenv("LOOM_REPORT_PROGRESS_FD", std::to_string(fileno(prof)).c_str(), 1);
      setenv("LOOM_REPORT_PASSES", std::to_string(passes).c_str(), 1);
    } else {
      unsetenv("LOOM_REPORT_PROGRESS_FD");
    }
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

// The page the options ask for, of a run made now or imported.
void printPage(const Options& o, const ProfiledRun& run, std::FILE* prof) {
  if (!o.html.empty()) {
    std::ofstream out(o.html);
    out << sourceHtml(run.launches, run.sources);
    if (!out) std::fprintf(stderr, "==ERROR== cannot write %s\n", o.html.c_str());
    if (o.page != "source" || !o.csv) return;
  }
  if (run.launches.empty()) {
    std::fprintf(prof, "==WARNING== No kernels were profiled.\n");
    return;
  }
  std::vector<std::string> metrics = o.metrics;
  if (metrics.empty())
    for (const auto& [name, value] : run.launches.front().metrics) metrics.push_back(name);
  std::string page;
  if (o.page == "source")
    page = o.printSource == "cuda" ? sourcePageCuda(run.launches, run.sources) : sourcePageCorrelated(run.launches, run.sources);
  else if (o.page == "raw")
    page = rawPage(run.process, run.launches, metrics);
  else
    page = o.csv ? csvPage(run.process, run.launches, metrics) : textPage(run.process, run.launches, metrics);
  std::fputs(page.c_str(), prof);
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
  if (!o.importFile.empty()) {
    try {
      printPage(o, readRun(o.importFile), prof);
    } catch (const std::exception& e) {
      std::cerr << "==ERROR== " << e.what() << "\n";
      return 1;
    }
    if (prof != stdout) std::fclose(prof);
    return 0;
  }
  fs::path exported;
  if (!o.exportName.empty()) {
    exported = fs::absolute(exportPath(o.exportName));
    if (fs::exists(exported) && !o.force) {
      std::cerr << "==ERROR== Report file " << exported.string() << " already exists. Use -f to overwrite it.\n";
      return 1;
    }
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
  ProfiledRun run;
  run.launches = readReport(report);
  run.process = Process{pid, fs::path(o.program[0]).filename().string()};
  run.sources = readSources(run.launches);
  std::error_code ignored;
  fs::remove(report, ignored);
  if (!exported.empty()) {
    try {
      writeRun(exported, run);
    } catch (const std::exception& e) {
      std::cerr << "==ERROR== " << e.what() << "\n";
      return 1;
    }
    std::fprintf(prof, "==PROF== Report: %s\n", exported.c_str());
  } else {
    printPage(o, run, prof);
  }
  if (prof != stdout) std::fclose(prof);
  return status;
}
