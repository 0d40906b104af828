// memcheck's view of what the engine already detects: a launch's fault (illegal or misaligned
// address) becomes a finding with the nearest allocation, and live cudaMalloc allocations at exit
// become leaks (LOOM_SANITIZER_LEAK_CHECK=full).
#pragma once

#include <cstdint>
#include <string>

#include "report/fault.h"

namespace loom::check::sanitizer {

// Records the finding a launch's fault means for the active tool (none when the tool does not
// report that kind of fault). Called once per failed launch.
void reportFault(const report::Fault& fault, const std::string& kernel);

// An access of `size` bytes at `at` by the running CUDA thread that overruns its block's static
// __shared__ variables: past the executable's thread-local block (mem::staticSharedWindow) and
// in no other space that may be mapped there (device memory and the 64 bytes below it, the
// worker's dynamic shared arena, the lane's fiber stack).
bool isStaticSharedOverrun(std::uintptr_t at, unsigned size);

// Host code (of a .cu file: only those are instrumented) accessing `size` bytes at `at` from code
// address `pc`: device memory (cudaMalloc, the device malloc heap) is what the GPU's host cannot
// dereference (its process faults; compute-sanitizer has nothing to say, tests/sanitizer/
// mem_host_deref): reported once per source line, "Invalid host read/write". The access goes on.
void checkHostAccess(std::uintptr_t at, const void* pc, unsigned size, int write);

// Arms the leak check at exit when memcheck runs with the leak check on; idempotent and cheap.
void armLeakCheck();

}  // namespace loom::check::sanitizer
