// Turns hardware faults in device code (SIGSEGV, SIGBUS, SIGFPE on a fiber) into kernel faults:
// the handler records the fault for the running CUDA thread and abandons its block, so the
// launch fails with a report and the process lives on. Faults outside device code keep their
// usual behaviour (the previous handler, usually a crash).
#pragma once

namespace loom::sched {

void installFaultHandlers();

}  // namespace loom::sched
