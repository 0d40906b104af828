#include "options/options.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <stdexcept>
#include <thread>

namespace loom::options {
namespace {

constexpr Variable kVariables[] = {
    {"LOOM_WORKERS", "a count", "the CPU's hardware threads", "threads that run blocks in parallel"},
    {"LOOM_SERIAL", "0 or 1", "0", "1 runs blocks one after another on the launching thread (as with one worker)"},
    {"LOOM_SCHEDULE", "index or random:<seed>", "index", "random:<seed> runs each launch's blocks one after another in an order drawn from the seed, and each block's warps after every barrier in an order drawn from it (the same seed, the same orders)"},
    {"LOOM_MEMORY", "sc or weak", "sc", "weak lets a block's global stores that no fence orders reach other blocks late (blocks run one at a time; with LOOM_SCHEDULE's seed)"},
    {"LOOM_STACK_SIZE", "bytes, with k or M", "256k", "each CUDA thread's fiber stack (at least 16k)"},
    {"LOOM_WATCHDOG", "seconds", "30", "a launch making no progress that long is reported as hung, naming each stuck thread's line (0: never)"},
    {"LOOM_LOCKSTEP", "0 or 1", "0", "1 runs each warp's lanes in lockstep (warp-synchronous code without __syncwarp)"},
    {"LOOM_REPORT", "a file", "none", "counters of every launch as JSON at exit; implies lockstep"},
    {"LOOM_REPORT_QUIET", "0 or 1", "0", "1 writes the report without its summary on stderr (loom-ncu sets it)"},
    {"LOOM_REPORT_KERNEL", "name or regex:expression", "all", "count only launches of matching kernels (ncu's -k)"},
    {"LOOM_REPORT_KERNEL_BASE", "function, demangled, mangled", "function", "the name LOOM_REPORT_KERNEL matches"},
    {"LOOM_REPORT_KERNEL_ID", "context:stream:[regex:]name:invocation", "none", "count one launch (ncu's --kernel-id)"},
    {"LOOM_REPORT_SKIP", "a count", "0", "matching launches not counted first (ncu's -s)"},
    {"LOOM_REPORT_COUNT", "a count", "all", "matching launches counted (ncu's -c)"},
    {"LOOM_REPORT_SKIP_BEFORE_MATCH", "a count", "0", "launches of any kernel not counted first"},
    {"LOOM_REPORT_PROGRESS_FD", "a file descriptor", "none", "ncu's `==PROF== Profiling` line for each counted launch (loom-ncu sets it)"},
    {"LOOM_REPORT_PASSES", "a count", "1", "the pass count those lines give (loom-ncu sets it)"},
    {"LOOM_SANITIZER", "memcheck, racecheck, synccheck, initcheck", "none", "the checker (loom-sanitizer sets it)"},
    {"LOOM_SANITIZER_LOG", "a file", "stderr", "where findings go, one JSON line each"},
    {"LOOM_SANITIZER_LEAK_CHECK", "full", "off", "memcheck lists device allocations never freed"},
};

bool on(const char* v) { return v && *v && *v != '0'; }

[[noreturn]] void bad(const std::string& message) { throw std::invalid_argument(message); }

unsigned long long count(const char* name, const char* v) {
  if (!v || !*v) return 0;
  char* end = nullptr;
  unsigned long long n = std::strtoull(v, &end, 10);
  if (*end != '\0' || *v == '-') bad(std::string(name) + "=" + v + " is not a count");
  return n;
}

void checkRegex(const char* name, const std::string& value, std::size_t at) {
  if (at == std::string::npos) return;
  try {
    std::regex(value.substr(at));
  } catch (const std::regex_error&) {
    bad(std::string(name) + "=" + value + " is not a valid regular expression");
  }
}

}  // namespace

std::span<const Variable> variables() { return kVariables; }

Options parse(const std::function<const char*(const char*)>& lookup, unsigned hardwareThreads) {
  Options o;
  const char* workers = lookup("LOOM_WORKERS");
  int n = workers ? std::atoi(workers) : 0;
  if (n <= 0) n = static_cast<int>(hardwareThreads);
  o.workers = n > 0 ? n : 1;
  o.serial = on(lookup("LOOM_SERIAL")) || o.workers == 1;
  if (const char* v = lookup("LOOM_SCHEDULE"); v && *v && std::strcmp(v, "index") != 0) {
    char* end = nullptr;
    if (std::strncmp(v, "random:", 7) == 0 && v[7] >= '0' && v[7] <= '9') o.scheduleSeed = std::strtoull(v + 7, &end, 10);
    if (!end || *end != '\0') bad(std::string("LOOM_SCHEDULE=") + v + " is not `index` or `random:<seed>`");
    o.randomSchedule = true;
    o.serial = true;  // replayable: one order, nothing run in parallel
  }
  if (const char* v = lookup("LOOM_MEMORY"); v && *v) {
    if (!std::strcmp(v, "weak")) o.weakMemory = o.serial = true;
    else if (std::strcmp(v, "sc") != 0) bad(std::string("LOOM_MEMORY=") + v + " is not `sc` or `weak`");
  }

  if (const char* v = lookup("LOOM_STACK_SIZE"); v && *v) {
    char* end = nullptr;
    unsigned long long bytes = std::strtoull(v, &end, 10);
    if (end && (*end == 'k' || *end == 'K')) bytes <<= 10;
    if (end && (*end == 'm' || *end == 'M')) bytes <<= 20;
    o.stackSize = static_cast<std::size_t>(bytes < 16384 ? 16384 : bytes);
  }

  if (const char* v = lookup("LOOM_WATCHDOG"); v && *v) {
    char* end = nullptr;
    double s = std::strtod(v, &end);
    if (*end != '\0' || s < 0) bad(std::string("LOOM_WATCHDOG=") + v + " is not a number of seconds");
    o.watchdogSeconds = s;
  }

  if (const char* v = lookup("LOOM_SANITIZER"); v && *v) {
    if (!std::strcmp(v, "memcheck")) o.sanitizer = Sanitizer::Memcheck;
    else if (!std::strcmp(v, "racecheck")) o.sanitizer = Sanitizer::Racecheck;
    else if (!std::strcmp(v, "synccheck")) o.sanitizer = Sanitizer::Synccheck;
    else if (!std::strcmp(v, "initcheck")) o.sanitizer = Sanitizer::Initcheck;
    else bad(std::string("LOOM_SANITIZER=") + v + " is not one of memcheck, racecheck, synccheck, initcheck");
  }
  if (const char* v = lookup("LOOM_SANITIZER_LOG")) o.sanitizerLog = v;
  if (const char* v = lookup("LOOM_SANITIZER_LEAK_CHECK")) o.leakCheck = !std::strcmp(v, "full");

  if (const char* v = lookup("LOOM_REPORT")) o.reportPath = v;
  o.lockstep = !o.reportPath.empty() || on(lookup("LOOM_LOCKSTEP"));

  o.reportQuiet = on(lookup("LOOM_REPORT_QUIET"));
  if (const char* v = lookup("LOOM_REPORT_KERNEL")) o.reportKernel = v;
  checkRegex("LOOM_REPORT_KERNEL", o.reportKernel,
             o.reportKernel.rfind("regex:", 0) == 0 ? 6 : std::string::npos);
  if (const char* v = lookup("LOOM_REPORT_KERNEL_BASE"); v && *v) {
    o.reportKernelBase = v;
    if (o.reportKernelBase != "function" && o.reportKernelBase != "demangled" && o.reportKernelBase != "mangled")
      bad(std::string("LOOM_REPORT_KERNEL_BASE=") + v + " is not one of function, demangled, mangled");
  }
  if (const char* v = lookup("LOOM_REPORT_KERNEL_ID")) o.reportKernelId = v;
  o.reportSkip = count("LOOM_REPORT_SKIP", lookup("LOOM_REPORT_SKIP"));
  o.reportCount = count("LOOM_REPORT_COUNT", lookup("LOOM_REPORT_COUNT"));
  o.reportSkipBeforeMatch = count("LOOM_REPORT_SKIP_BEFORE_MATCH", lookup("LOOM_REPORT_SKIP_BEFORE_MATCH"));
  if (const char* fd = lookup("LOOM_REPORT_PROGRESS_FD"); fd && *fd)
    o.reportProgressFd = static_cast<int>(count("LOOM_REPORT_PROGRESS_FD", fd));
  if (const char* p = lookup("LOOM_REPORT_PASSES"); p && *p) o.reportPasses = count("LOOM_REPORT_PASSES", p);
  return o;
}

const Options& get() {
  static const Options options = [] {
    try {
      return parse([](const char* name) { return std::getenv(name); }, std::thread::hardware_concurrency());
    } catch (const std::invalid_argument& e) {
      std::fprintf(stderr, "loom: error: %s\n", e.what());
      std::exit(1);
    }
  }();
  return options;
}

}  // namespace loom::options
