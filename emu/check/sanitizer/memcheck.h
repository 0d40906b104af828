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

// The error a launch that failed with `fault` returns to the program while the tool runs, given
// the one it returns without (`plain`): compute-sanitizer's memcheck ends a launch in which it
// found an invalid or misaligned access with cudaErrorLaunchFailure, not the hardware's
// cudaErrorIllegalAddress/cudaErrorMisalignedAddress (the records' "Program hit
// cudaErrorLaunchFailure (error 719)" lines, validate/results/h100-sm90/sanitizer.mem_*).
int launchError(const report::Fault& fault, int plain);

// memcheck reports every CUDA API call that returns an error, as compute-sanitizer does
// ("Program hit <error> (error N) due to "<text>" on CUDA API call to <api>."), and counts it in
// the error summary. `api`: the function that returned it; only the runtime's entry points
// (named cuda...) are reported.
void reportApiError(int error, const char* api);

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
// cudaDeviceReset, before it frees everything: compute-sanitizer's leak check runs when the
// context is destroyed, so what is live then is reported as leaked (the H200's record of
// tests/cuda/faults.cu, validate/probes/memcheck_api/faults_*_memcheck.txt).
void checkLeaksAtReset();

}  // namespace loom::check::sanitizer
