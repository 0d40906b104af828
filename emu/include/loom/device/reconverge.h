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
// In fast mode entering and leaving a region is a test of this worker's lockstep flag, which
// kernel code reads as a const thread-local (loom_lockstep_lanes below): the engine sets it only
// between blocks, so within a call of a kernel (one CUDA thread, on one worker) it cannot change,
// and g++ loads it once per function and keeps it in a register, as it does threadIdx. Until
// session 14 each test read a global word through asm (two instructions and a load per region
// entered or left, four per iteration of a loop holding an `if`). In lockstep mode it
// is a volatile read of a marker byte, which -fsanitize=thread turns into a memory-access hook
// after g++ has optimized the code (the hook tells the engine, device/tsan_hooks.cpp). Not a
// call: g++ must assume a call writes memory, and would then load again after every `if` what
// it had in a register before it, loads nvcc does not make (a value read before and after a
// branch was two shared loads, one on the device).
#pragma once

#include "loom/core/engine_tls.h"

// The engine's tLockstepAccesses (sched/block_runner.h), read-only here: a const object's loads
// are neither instrumented by -fsanitize=thread nor repeated by g++.
extern "C" __thread const bool loom_lockstep_lanes LOOM_ENGINE_TLS;

extern "C" char loom_region_enter_marker;
extern "C" char loom_region_leave_marker;

namespace loom::device {
[[gnu::always_inline]] inline bool regionsTracked() { return __builtin_expect(loom_lockstep_lanes, 0); }

// constexpr so that constexpr functions with an `if` or a loop stay constexpr.
[[gnu::always_inline]] constexpr int enterRegion() {
  if (!__builtin_is_constant_evaluated() && regionsTracked())
    (void)*static_cast<volatile char*>(&loom_region_enter_marker);
  return 0;
}
}  // namespace loom::device

// The cleanup attribute takes an unqualified name only.
[[gnu::always_inline]] constexpr void __loom_leave_region(int*) {
  if (!__builtin_is_constant_evaluated() && ::loom::device::regionsTracked())
    (void)*static_cast<volatile char*>(&loom_region_leave_marker);
}
