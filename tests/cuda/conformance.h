// What every conformance program shares: a CUDA call check that stops the program, the launch
// check, and check(), which prints one "<name>: PASS" / "<name>: FAIL <detail>" line per check.
// Plain CUDA: nvcc builds these programs too (validate/device_run.sh).
#pragma once

#include <cuda_runtime.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

#define CK(call)                                                                                   \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::printf("cuda_call: FAIL %s returned %s (%s) at %s:%d\n", #call, cudaGetErrorName(err_), \
                  cudaGetErrorString(err_), __FILE__, __LINE__);                                   \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

// After every launch: configuration errors first, then errors of the kernel's execution.
#define CK_LAUNCH()              \
  do {                           \
    CK(cudaGetLastError());      \
    CK(cudaDeviceSynchronize()); \
  } while (0)

static int g_failures = 0;

// Flushed at once, so a check's line is out before a later hang or fault.
static void check(const char* name, bool ok, const char* fmt = "", ...) {
  if (ok) {
    std::printf("%s: PASS\n", name);
    std::fflush(stdout);
    return;
  }
  ++g_failures;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  std::printf("%s: FAIL %s\n", name, msg);
  std::fflush(stdout);
}

// The program's exit status: 0 only when every check passed.
static int finish(const char* program) {
  if (g_failures) std::printf("%s: %d check(s) failed\n", program, g_failures);
  return g_failures ? 1 : 0;
}
