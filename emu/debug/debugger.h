// What a debugger reads to show CUDA threads (tools/loom-gdb): the OS threads that run blocks,
// each with its block runner, and the function it stops at when a kernel faults.
//
// gdb finds these by symbol and reads the runner's lanes, saved contexts and barrier state with
// the debug information of this unit, which is compiled with -g in every build type
// (emu/CMakeLists.txt), so that a Release build of the runtime can still be debugged. Nothing
// here runs per block or per CUDA thread: a worker registers once, when its OS thread first
// runs a block, and the fault hook runs only on a fault.
#pragma once

#include "report/fault.h"

namespace loom::sched {
class BlockRunner;
}

extern "C" {

// One OS thread that runs blocks (sched::Worker).
struct loom_debug_worker {
  loom::sched::BlockRunner* runner;
  // That thread's loom_block_runner: equal to `runner` while it runs a block, null between
  // blocks. A pointer into the thread's TLS, so that a debugger needs no libthread_db to read it.
  loom::sched::BlockRunner* const* running;
  int lwp;  // the thread's kernel id, as gdb lists it (LWP)
};

inline constexpr unsigned loom_debug_max_workers = 4096;
extern loom_debug_worker loom_debug_workers[loom_debug_max_workers];
extern unsigned loom_debug_worker_count;  // entries in use; only grows

// Empty and never inlined: a debugger breaks here to stop at a kernel fault, with the faulting
// CUDA thread's frames below (or, for a fault caught by a signal, below the signal frame).
// `report` is Loom's report of the fault, as the launch will print it.
void loom_debug_fault_stop(const loom::report::Fault* fault, const char* report);
}

namespace loom::debug {

// Called by the worker's OS thread once, before it runs its first block.
void registerWorker(sched::BlockRunner* runner, sched::BlockRunner* const* running);

// A kernel fault about to fail its launch, on the faulting CUDA thread's stack: under a
// debugger (a tracer is attached), calls loom_debug_fault_stop with the report; else nothing.
void faultStop(const report::Fault& fault, const void* kernel);

}  // namespace loom::debug
