#include "options/options.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace loom::options {
namespace {

constexpr Variable kVariables[] = {
    {"LOOM_WORKERS", "a count", "the CPU's hardware threads", "threads that run blocks in parallel"},
    {"LOOM_SERIAL", "0 or 1", "0", "1 runs blocks one after another on the launching thread (as with one worker)"},
    {"LOOM_STACK_SIZE", "bytes, with k or M", "256k", "each CUDA thread's fiber stack (at least 16k)"},
    {"LOOM_WATCHDOG", "seconds", "off", "a launch running longer is reported as hung, naming each stuck thread's line"},
    {"LOOM_LOCKSTEP", "0 or 1", "0", "1 runs each warp's lanes in lockstep (warp-synchronous code without __syncwarp)"},
    {"LOOM_REPORT", "a file", "none", "counters of every launch as JSON at exit; implies lockstep"},
    {"LOOM_SANITIZER", "memcheck, racecheck, synccheck, initcheck", "none", "the checker (loom-sanitizer sets it)"},
    {"LOOM_SANITIZER_LOG", "a file", "stderr", "where findings go, one JSON line each"},
    {"LOOM_SANITIZER_LEAK_CHECK", "full", "off", "memcheck lists device allocations never freed"},
};

bool on(const char* v) { return v && *v && *v != '0'; }

[[noreturn]] void bad(const std::string& message) { throw std::invalid_argument(message); }

}  // namespace

std::span<const Variable> variables() { return kVariables; }

Options parse(const std::function<const char*(const char*)>& lookup, unsigned hardwareThreads) {
  Options o;
  const char* workers = lookup("LOOM_WORKERS");
  int n = workers ? std::atoi(workers) : 0;
  if (n <= 0) n = static_cast<int>(hardwareThreads);
  o.workers = n > 0 ? n : 1;
  o.serial = on(lookup("LOOM_SERIAL")) || o.workers == 1;

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
