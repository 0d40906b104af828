// The byte every region mark in kernel code compares with zero (loom/device/reconverge.h), one
// per thread that runs blocks: bit kMarksLockstep while that thread runs a lockstep block (the
// marks then keep the lanes' places in the nesting of regions), bit kMarksWatchdog on every such
// thread while a launch is past the watchdog (the next mark a stuck thread reaches stops it
// there, sched/watchdog.h). Both only take a mark to its out-of-line call; fast mode pays the
// compare alone.
#pragma once

// This thread's byte (sched/region_marks.cpp); kernel code reads it as a const thread-local.
extern __thread unsigned char tRegionMarks asm("loom_region_marks");

namespace loom::sched {

constexpr unsigned char kMarksLockstep = 1;
constexpr unsigned char kMarksWatchdog = 2;

// True while this worker runs a block in lockstep mode: the memory-access hooks and atomics then
// hand every access to BlockRunner::access (one thread-local test per access in fast mode).
inline bool lockstepAccesses() { return __atomic_load_n(&tRegionMarks, __ATOMIC_RELAXED) & kMarksLockstep; }

// The calling thread's byte joins the set the watchdog writes (a Worker's life: sched/worker.h).
void registerRegionMarks();
void unregisterRegionMarks();
// The calling thread starts or ends a lockstep block.
void setLockstepMarks(bool on);
// Every registered thread's marks stop at the next mark (on), or no longer (off).
void setWatchdogMarks(bool on);

}  // namespace loom::sched
