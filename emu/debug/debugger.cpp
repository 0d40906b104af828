#include "debug/debugger.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstring>

#include <string>

#include "report/symbolize.h"
#include "sched/block_runner.h"

extern "C" {
loom_debug_worker loom_debug_workers[loom_debug_max_workers];
unsigned loom_debug_worker_count = 0;

// noinline and an asm barrier: g++ may neither drop the call nor merge the function with another
// empty one, or gdb's breakpoint on it would never be hit.
[[gnu::noinline, gnu::used]] void loom_debug_fault_stop(const loom::report::Fault* fault, const char* report) {
  asm volatile("" : : "r"(fault), "r"(report) : "memory");
}
}

namespace loom::debug {

namespace {

// A tracer (gdb) is attached: /proc/self/status says so. Read per fault, never per launch, so
// that attaching to a running program counts too.
bool traced() {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  if (!f) return false;
  char line[256];
  bool yes = false;
  while (std::fgets(line, sizeof line, f)) {
    if (std::strncmp(line, "TracerPid:", 10) == 0) {
      yes = std::atoi(line + 10) != 0;
      break;
    }
  }
  std::fclose(f);
  return yes;
}

}  // namespace

void registerWorker(sched::BlockRunner* runner, sched::BlockRunner* const* running) {
  static std::atomic<unsigned> next{0};
  const unsigned slot = next.fetch_add(1, std::memory_order_relaxed);
  if (slot >= loom_debug_max_workers) return;  // beyond: invisible to the debugger, still runs
  loom_debug_workers[slot] = {runner, running, static_cast<int>(syscall(SYS_gettid))};
  // The count is what the debugger trusts: raised only once the entry is written.
  __atomic_fetch_add(&loom_debug_worker_count, 1, __ATOMIC_RELEASE);
}

void faultStop(const report::Fault& fault, const void* kernel) {
  if (!traced()) return;
  const std::string text = report::describe(fault, report::functionName(kernel));
  loom_debug_fault_stop(&fault, text.c_str());
}

}  // namespace loom::debug
