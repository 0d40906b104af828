// assert(), interposed at __assert_fail (what glibc's assert macro calls), so a kernel's assert
// works whatever order the user includes <cassert> in. In device code a failed assertion prints
// the device's message and fails the launch with cudaErrorAssert; in host code it behaves as
// glibc's does.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "sched/block_runner.h"

extern "C" [[noreturn]] void __assert_fail(const char* assertion, const char* file,
                                           unsigned int line, const char* function) noexcept {
  auto* runner = loom::sched::BlockRunner::current();
  if (!runner) {
    extern const char* __progname;
    std::fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", __progname, file, line,
                 function, assertion);
    std::abort();
  }
  uint3 b = runner->blockIndex();
  uint3 t = runner->currentLane().tid;
  // The device's format for a failed device-side assert.
  std::fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
               file, line, function, b.x, b.y, b.z, t.x, t.y, t.z, assertion);
  loom::report::Fault fault;
  fault.kind = loom::report::FaultKind::AssertFailed;
  fault.detail = std::string("`") + assertion + "`";
  fault.sourceLocation = std::string(file) + ":" + std::to_string(line);
  runner->fault(std::move(fault));
}
