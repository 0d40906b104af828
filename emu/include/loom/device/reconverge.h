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
// In fast mode entering and leaving a region is one test each of the word that counts lockstep
// blocks anywhere: two instructions in an executable (three through the GOT in a shared
// library: loom/core/engine_tls.h), against six for this worker's thread-local flag, which is
// read only when some block is in lockstep (an empty kernel 2.0 -> 1.5 ns per thread, bench (a)
// 34-38 -> 31-35 ms). In lockstep mode it
// is a volatile read of a marker byte, which -fsanitize=thread turns into a memory-access hook
// after g++ has optimized the code (the hook tells the engine, device/tsan_hooks.cpp). Not a
// call: g++ must assume a call writes memory, and would then load again after every `if` what
// it had in a register before it, loads nvcc does not make (a value read before and after a
// branch was two shared loads, one on the device).
#pragma once

#include "loom/core/engine_tls.h"
#include "loom/device/lockstep_blocks.h"

namespace loom::sched {
extern __thread bool tLockstepAccesses;
}

extern "C" char loom_region_enter_marker;
extern "C" char loom_region_leave_marker;

namespace loom::device {
[[gnu::always_inline]] inline bool regionsTracked() {
  // Read through asm: a plain read would reach the memory-access hooks. First the count of
  // lockstep blocks anywhere (lockstep_blocks.h), then this worker's flag.
  bool anywhere;
#if LOOM_ENGINE_GLOBALS_VIA_GOT
  void* word;
  asm("movq loom_access_checks@GOTPCREL(%%rip), %1\n\ttestl %2, (%1)"
      : "=@ccnz"(anywhere), "=r"(word)
      : "i"(kLockstepBlocks));
#else
  asm("testl %1, loom_access_checks(%%rip)" : "=@ccnz"(anywhere) : "i"(kLockstepBlocks));
#endif
  if (__builtin_expect(!anywhere, 1)) return false;
  bool on;
  asm("movb (%1), %0" : "=q"(on) : "r"(&::loom::sched::tLockstepAccesses));
  return on;
}

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
