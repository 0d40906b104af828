#include "sched/fault_signals.h"

#include <execinfo.h>
#include <signal.h>
#include <ucontext.h>

#include <cstring>
#include <mutex>

#include "sched/block_runner.h"
#include "sched/worker.h"

namespace loom::sched {

namespace {

struct sigaction gPrevious[NSIG];

void onFault(int sig, siginfo_t* info, void* uctx) {
  BlockRunner* runner = BlockRunner::current();
  if (!runner) {
    // Not device code: restore what was there before Loom and let the fault happen again.
    sigaction(sig, &gPrevious[sig], nullptr);
    return;
  }
  report::Fault fault;
  auto* uc = static_cast<ucontext_t*>(uctx);
  fault.pc = reinterpret_cast<const void*>(uc->uc_mcontext.gregs[REG_RIP]);
  fault.address = reinterpret_cast<std::uintptr_t>(info->si_addr);
  // The frames above the faulting one (the unwinder goes through the signal frame), so that a
  // fault inside a library function is reported at the kernel's line that called it.
  void* frames[48];
  int count = backtrace(frames, 48);
  for (int i = 0; i < count; ++i) {
    if (frames[i] != fault.pc) continue;
    for (int j = i + 1; j < count; ++j) fault.callers.push_back(frames[j]);
    break;
  }
  if (sig == SIGFPE) {
    fault.kind = report::FaultKind::DivideByZero;
    fault.detail = "the GPU would have returned an undefined value; a CPU traps";
  } else if (Worker::current().stacks().isGuardPage(info->si_addr)) {
    fault.kind = report::FaultKind::StackOverflow;
    fault.detail = "raise LOOM_STACK_SIZE if the kernel really needs a deeper stack";
  } else if (sig == SIGBUS) {
    fault.kind = report::FaultKind::MisalignedAddress;
  } else {
    fault.kind = report::FaultKind::IllegalAddress;
    // x86's page-fault error code: bit 1 set for a write (memcheck says "read" or "write").
    fault.access = (uc->uc_mcontext.gregs[REG_ERR] & 2) ? 1 : 0;
  }
  runner->fault(std::move(fault));  // siglongjmp out of the handler, to the worker's context
}

}  // namespace

void installFaultHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = onFault;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGSEGV, SIGBUS, SIGFPE}) sigaction(sig, &sa, &gPrevious[sig]);
    // backtrace loads the unwinder on its first call: here, not inside the signal handler.
    void* frame[1];
    backtrace(frame, 1);
  });
}

}  // namespace loom::sched
