// What the memory-access hooks have to do besides the alignment check, and the masks of the gate
// loom-cc inlines in front of every hook call of kernel code (tools/loom-cc/inline_hooks.h).
//
// gAccessChecks is one word of bits: the tool chosen by LOOM_SANITIZER (findings.h), the
// watchdog's "stop now", and (bits 16-30) the count of blocks running in lockstep mode anywhere
// (sched/lockstep.cpp counts them: a lockstep block needs every access, so the gates stay open
// while one runs). Code that wants a tool tests its bit. Kernel code reads only the masks.
//
// The gate is one instruction per access, `testq %reg, loom_access_masks+8k(%rip)`, and calls
// the hook when the address and the mask share a bit. While gAccessChecks is zero the masks are
// the alignments a plain hook checks (0, 1, 3, 7: a misaligned access still reaches its hook,
// which fails it as the device does); while it is not, every mask is all ones and every access
// with a non-null address reaches its hook (a null one faults in hardware, as it would after the
// hook). The word and the masks change together, under one lock (changeAccessChecks): a worker
// entering lockstep must never see the old masks after its own change.
#pragma once

#include <cstdint>

namespace loom::check::sanitizer {

// kCheckBounds (memcheck): each access against the live allocations and the block's shared size
// (byte-exact, where the pages alone are 4 KiB-granular); kCheckRaces (racecheck): each shared
// access into the block's shadow; kCheckInit (initcheck): each store marks its bytes written,
// each load checks them (global memory and the block's shared memory).
constexpr unsigned kCheckBounds = 1, kCheckRaces = 2, kCheckInit = 4;
// LOOM_MEMORY=weak (mem/weak_memory.h): plain global stores are journaled, fences order them.
constexpr unsigned kWeakMemory = 8;
// Set by the launch watchdog's timer thread while a launch runs past it (sched/watchdog.h): the
// hooks' cold path then stops the running thread. The top bit, clear of the tools' bits.
constexpr unsigned kWatchdogExpired = 1u << 31;
constexpr unsigned kLockstepBlock = 1u << 16;
constexpr unsigned kLockstepBlocks = 0x7fffu << 16;

// Read anywhere in the engine; written only by changeAccessChecks.
extern unsigned gAccessChecks;
// The gate's masks, for the alignment masks 0, 1, 3 and 7 (tools/loom-cc/inline_hooks.h).
extern std::uint64_t gAccessMasks[4] asm("loom_access_masks");

// Sets the bits of `set`, clears those of `clear`, and adds `lockstepBlocks` to the count of
// lockstep blocks; the masks follow.
void changeAccessChecks(unsigned set, unsigned clear, int lockstepBlocks = 0);

// A tool or the watchdog is on (not just lockstep).
inline bool accessChecksOn() { return (gAccessChecks & ~kLockstepBlocks) != 0; }

}  // namespace loom::check::sanitizer
