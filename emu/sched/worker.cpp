#include "sched/worker.h"

#include <signal.h>

#include <cstdlib>
#include <string>

#include "debug/debugger.h"
#include "options/options.h"
#include "sched/fault_signals.h"
#include "sched/region_marks.h"

namespace loom::sched {

namespace {
constexpr std::size_t kAltStackSize = 256 * 1024;
}

std::size_t fiberStackSize() { return options::get().stackSize; }

Worker::Worker() : stacks_(fiberStackSize()), runner_(*this) {
  installFaultHandlers();
  altStack_ = std::malloc(kAltStackSize);
  stack_t ss{};
  ss.ss_sp = altStack_;
  ss.ss_size = kAltStackSize;
  sigaltstack(&ss, nullptr);
  registerRegionMarks();
  debug::registerWorker(&runner_, &tCurrentRunner);
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
