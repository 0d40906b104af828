#include "sched/worker.h"

#include <signal.h>

#include <cstdlib>
#include <string>

#include "sched/fault_signals.h"
#include "sched/region_marks.h"

namespace loom::sched {

namespace {
constexpr std::size_t kAltStackSize = 256 * 1024;
}

std::size_t fiberStackSize() {
  static const std::size_t size = [] {
    const char* env = std::getenv("LOOM_STACK_SIZE");
    if (!env || !*env) return std::size_t{256 * 1024};
    char* end = nullptr;
    unsigned long long v = std::strtoull(env, &end, 10);
    if (end && (*end == 'k' || *end == 'K')) v <<= 10;
    if (end && (*end == 'm' || *end == 'M')) v <<= 20;
    return static_cast<std::size_t>(v < 16384 ? 16384 : v);
  }();
  return size;
}

Worker::Worker() : stacks_(fiberStackSize()), runner_(*this) {
  installFaultHandlers();
  altStack_ = std::malloc(kAltStackSize);
  stack_t ss{};
  ss.ss_sp = altStack_;
  ss.ss_size = kAltStackSize;
  sigaltstack(&ss, nullptr);
  registerRegionMarks();
}

Worker::~Worker() {
  unregisterRegionMarks();
  stack_t ss{};
  ss.ss_flags = SS_DISABLE;
  sigaltstack(&ss, nullptr);
  std::free(altStack_);
}

Worker& Worker::current() {
  thread_local std::unique_ptr<Worker> worker(new Worker());
  return *worker;
}

}  // namespace loom::sched
