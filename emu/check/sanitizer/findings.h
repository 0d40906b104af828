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

#include "check/sanitizer/access_checks.h"
#include "vector_types.h"

namespace loom::check::sanitizer {

enum class Tool : std::uint8_t { None, Memcheck, Racecheck, Synccheck, Initcheck };

// LOOM_SANITIZER, read on first use (the engine asks before a block runs).
Tool tool();
// Set by tool(): the tool's bit of gAccessChecks (access_checks.h).
// Where compute-sanitizer numbers a block's shared memory from: its findings print shared
// addresses as offsets in the block's window plus this (HARDWARE_NOTES.md; the records agree).
constexpr std::uintptr_t kSharedWindowBase = 0x400;

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
