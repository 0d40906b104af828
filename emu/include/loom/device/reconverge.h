// Where a warp's divergent lanes meet again. loom-cc turns every `if`, `switch` and loop
// statement of the user's code, and every loop body, into a region (tools/loom-cc/
// reconvergence.h):
//   { [[maybe_unused, gnu::cleanup(__loom_leave_region)]] int loom_region_7 =
//         ::loom::device::enterRegion(); if ... }
// The cleanup runs on every way out of the scope (the end, break, continue, return), which is
// what nvcc's convergence barriers (BSSY before a divergent branch, BSYNC where its paths join)
// describe. In lockstep mode each lane keeps where it is in the nesting of regions, and a warp
// runs its lanes that are furthest behind first (sched/lockstep.cpp): the lanes that skipped a
// branch inside a loop wait for those that took it instead of running into the next iteration,
// whatever order g++ gives the code (recorded: tests.cuda.reconvergence, kernels.neighbor).
//
// A mark is an asm that compares a byte of the engine's with zero: a const thread-local
// (loom_region_marks below), not zero while this worker runs a lockstep block or a launch is
// past the watchdog (sched/region_marks.h). In fast mode that compare and a branch not taken
// are all a mark costs; otherwise the asm calls the engine (sched/region_marks.cpp), which keeps
// every register, so the asm declares no call and reads only the byte: g++ moves the program's
// loads and stores across marks as nvcc moves them across its convergence barriers, and lockstep
// runs the machine code fast mode runs. Past the watchdog a mark is where a stuck thread stops.
// Why an asm: a volatile read of a marker byte would be a memory-access hook under
// -fsanitize=thread, which makes g++ duplicate the code after every test of the flag and keeps it
// from sinking a load past the mark into the branch that uses it, as nvcc does
// (kernels.threadfence_sum: `return partial[0]` of an inlined helper, used by thread 0 only); a
// call would make g++ reload what it holds in registers (a value read before and after a branch
// would be two shared loads, one on the device).
#pragma once

#include "loom/core/engine_tls.h"

// The engine's mark byte (sched/region_marks.h), read-only here: a const object's loads are not
// instrumented by -fsanitize=thread.
extern "C" __thread const unsigned char loom_region_marks LOOM_ENGINE_TLS;

// A mark: compare the byte, and only when it is set call `routine` (sched/region_marks.cpp),
// from an out-of-line call in subsection 1 that jumps back (see below).
#define LOOM_MARK(routine)                                                                             \
  asm volatile("cmpb $0, %0\n\tjne 2f\n1:\n\t.subsection 1\n2:\tcall " #routine "\n\tjmp 1b\n\t.subsection 0" \
               :                                                                                       \
               : "m"(loom_region_marks)                                                                \
               : "cc")

namespace loom::device {
// Not constexpr (an asm is C++20 there): enterRegion calls these outside constant evaluation.
// The call sits in subsection 1 of the function's own section (its end, in the same COMDAT
// group if any), so that fast mode falls through a branch not taken: with the call jumped over
// in line, the two marks of bench (a)'s `if` cost 12% (32 -> 36 ms, interleaved runs), out of
// line 5%. The out-of-line call has no unwind information, and needs none: nothing unwinds through it (the
// routines neither fault nor throw; past the watchdog they fail the block with a longjmp).
[[gnu::always_inline]] inline void markRegionEnter() {
  LOOM_MARK(loom_region_enter);
}
[[gnu::always_inline]] inline void markRegionLeave() {
  LOOM_MARK(loom_region_leave);
}

// The statements that lead into a __syncthreads begin here: loom-cc puts this in front of them
// (tools/loom-cc/barrier_runs.h). Recorded on the H100 (validate/probes/warpsync_placement.cu):
// when a spin lock's YIELD has split a warp, ptxas's WARPSYNC.ALL for the barrier sits right
// before the shared stores that lead into it, after the loads and global stores there, so
// those run split and the stores converged; sched/lockstep.cpp does the same.
[[gnu::always_inline]] inline void barrierAhead() {
  LOOM_MARK(loom_barrier_ahead);
}

// constexpr so that constexpr functions with an `if` or a loop stay constexpr.
[[gnu::always_inline]] constexpr int enterRegion() {
  if (!__builtin_is_constant_evaluated()) markRegionEnter();
  return 0;
}
}  // namespace loom::device

// The cleanup attribute takes an unqualified name only.
[[gnu::always_inline]] constexpr void __loom_leave_region(int*) {
  if (!__builtin_is_constant_evaluated()) ::loom::device::markRegionLeave();
}
