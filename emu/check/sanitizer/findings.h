// What Loom's checkers found, for loom-sanitizer (tools/loom-sanitizer) and tests.
//
// The tool is chosen once per process by LOOM_SANITIZER (memcheck, racecheck, synccheck,
// initcheck; unset: none, and every check costs one predictable branch). Each finding is one JSON
// line appended to LOOM_SANITIZER_LOG (stderr when unset), so the front end, which runs the
// program as a child, reads them back after it exits, whatever the program did.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "loom/device/lockstep_blocks.h"
#include "vector_types.h"

namespace loom::check::sanitizer {

enum class Tool : std::uint8_t { None, Memcheck, Racecheck, Synccheck, Initcheck };

// LOOM_SANITIZER, read on first use (the engine asks before a block runs).
Tool tool();
// Set by tool(): what the access hooks do besides the alignment check, one load on the fast
// path. kCheckBounds (memcheck): each access against the live allocations and the block's
// shared size (byte-exact, where the pages alone are 4 KiB-granular); kCheckRaces (racecheck):
// each shared access into the block's shadow; kCheckInit (initcheck): each store marks its bytes
// written, each load checks them (global memory and the block's shared memory).
constexpr unsigned kCheckBounds = 1, kCheckRaces = 2, kCheckInit = 4;
// Set by the launch watchdog's timer thread while a launch runs past it (sched/watchdog.h): the
// hooks' cold path then stops the running thread. The top bit, clear of the tools' bits.
constexpr unsigned kWatchdogExpired = 1u << 31;
// Where compute-sanitizer numbers a block's shared memory from: its findings print shared
// addresses as offsets in the block's window plus this (HARDWARE_NOTES.md; the records agree).
constexpr std::uintptr_t kSharedWindowBase = 0x400;
// Bits 16-30 count the blocks running in lockstep mode (loom/device/lockstep_blocks.h), whose
// every access is a stop. They are here so that one word says whether an access hook has more to
// do than the alignment check: loom-cc inlines that test in front of every hook call of kernel
// code, by the word's assembly name (tools/loom-cc/inline_hooks.h). Code that wants a tool tests
// its bit.
using device::kLockstepBlock;
using device::kLockstepBlocks;
extern unsigned gAccessChecks asm("loom_access_checks");
// A tool or the watchdog is on (not just lockstep).
inline bool accessChecksOn() { return (gAccessChecks & ~kLockstepBlocks) != 0; }

struct Finding {
  std::string kind;       // "invalid_access", "misaligned", "leak", "uninitialized", "barrier_divergent_warp", ...
  std::string kernel;     // demangled kernel name, "" for host-side findings (leaks)
  std::string location;   // "file.cu:line", or ""
  std::string space;      // "global", "shared" or "" (memory findings); "device_heap" (a leaked in-kernel malloc block)
  int access = -1;        // 0 read, 1 write, -1 unknown
  std::size_t size = 0;   // access size in bytes, 0 unknown
  uint3 block{0, 0, 0};
  uint3 thread{0, 0, 0};
  std::uintptr_t address = 0;
  // The allocation nearest to address (memcheck), or the leaked one, or the host API's whole
  // access (initcheck's host_uninitialized, where address is the first unwritten byte).
  std::uintptr_t allocation = 0;
  std::size_t allocationSize = 0;
  std::string detail;
};

// Appends one finding to the log (thread-safe).
void record(const Finding& finding);
// The JSON line of a finding (no newline); exposed for the unit tests.
std::string toJson(const Finding& finding);

}  // namespace loom::check::sanitizer
