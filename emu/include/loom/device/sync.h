// Barriers, warp synchronisation, fences and thread yielding in device code.
// Each forwards to the engine (out of line: the scheduler decides who runs next).
#pragma once

#include "loom/core/engine_call.h"
#include "loom/core/engine_tls.h"

// The block runner of this worker (sched::BlockRunner*), null outside a block: read-only here.
// The engine sets it between blocks only, so a kernel loads it once per call and hands it to
// each barrier, which then reads no thread-local of its own.
extern "C" __thread void* const loom_block_runner LOOM_ENGINE_TLS;

namespace loom::device {
LOOM_ENGINE_CALL void syncthreads(void* runner);
LOOM_ENGINE_CALL int syncthreadsCount(void* runner, int predicate);
LOOM_ENGINE_CALL int syncthreadsAnd(void* runner, int predicate);
LOOM_ENGINE_CALL int syncthreadsOr(void* runner, int predicate);
LOOM_ENGINE_CALL void syncwarp(unsigned mask);
LOOM_ENGINE_CALL void threadfence();
LOOM_ENGINE_CALL void threadfenceBlock();
LOOM_ENGINE_CALL void nanosleep(unsigned ns);
// thread_block_tile<size>::sync() for size > 32: waits for the live threads of tile `index`.
LOOM_ENGINE_CALL void tileSync(unsigned size, unsigned index);
// A split barrier's phase, or a shared pipeline's stage, that `participants` threads arrived at
// completed (for racecheck: BlockRunner::blockSyncCompleted).
LOOM_ENGINE_CALL void syncCompleted(unsigned participants);
[[noreturn]] LOOM_ENGINE_CALL void trap();
// Fails the launch: device code reached `what`, which Loom cannot run (an inline PTX instruction
// in a system header that loom-cc does not translate), at file:line.
[[noreturn]] LOOM_ENGINE_CALL void unsupported(const char* what, const char* file, unsigned line);
LOOM_ENGINE_CALL long long clock64();
}  // namespace loom::device

// The empty asm after each call keeps it from being a tail call: the engine reads the call's
// return address to name the barrier's line in deadlock reports.
#define LOOM_NO_TAIL_CALL() asm volatile("" ::: "memory")
[[gnu::always_inline]] inline void __syncthreads() {
  ::loom::device::syncthreads(loom_block_runner);
  LOOM_NO_TAIL_CALL();
}
[[gnu::always_inline]] inline int __syncthreads_count(int predicate) {
  int r = ::loom::device::syncthreadsCount(loom_block_runner, predicate);
  LOOM_NO_TAIL_CALL();
  return r;
}
[[gnu::always_inline]] inline int __syncthreads_and(int predicate) {
  int r = ::loom::device::syncthreadsAnd(loom_block_runner, predicate);
  LOOM_NO_TAIL_CALL();
  return r;
}
[[gnu::always_inline]] inline int __syncthreads_or(int predicate) {
  int r = ::loom::device::syncthreadsOr(loom_block_runner, predicate);
  LOOM_NO_TAIL_CALL();
  return r;
}
[[gnu::always_inline]] inline void __syncwarp(unsigned mask = 0xffffffffu) {
  ::loom::device::syncwarp(mask);
  LOOM_NO_TAIL_CALL();
}
#undef LOOM_NO_TAIL_CALL
// The device implements all three as fence.sc at cta/gpu/sys scope (HARDWARE_NOTES.md); on a
// CPU every scope is the same sequentially consistent fence.
inline void __threadfence_block() { ::loom::device::threadfenceBlock(); }
inline void __threadfence() { ::loom::device::threadfence(); }
inline void __threadfence_system() { ::loom::device::threadfence(); }
inline void __nanosleep(unsigned ns) { ::loom::device::nanosleep(ns); }
[[noreturn]] inline void __trap() { ::loom::device::trap(); }
[[noreturn]] inline void __brkpt() { ::loom::device::trap(); }
// clock() stays the C library's (same name and signature); clock64() counts nanoseconds.
inline long long clock64() { return ::loom::device::clock64(); }
