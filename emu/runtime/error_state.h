// CUDA's two kinds of error state: the per-host-thread "last error" (cudaGetLastError clears
// it) and the context's sticky error, set by a kernel fault, which every later call returns
// until cudaDeviceReset.
#pragma once

#include "driver_types.h"

namespace loom::runtime {

// Records e as this thread's last error when it is an error; returns e. `api`: the function
// returning it, for memcheck's report of API errors (check/sanitizer/memcheck.h): the calling
// entry point when called from one, as nearly every call is.
cudaError_t recordError(cudaError_t e, const char* api = __builtin_FUNCTION());
cudaError_t takeLastError();   // cudaGetLastError
cudaError_t peekLastError();   // cudaPeekAtLastError

cudaError_t stickyError();
void setStickyError(cudaError_t e);
void clearStickyError();

// The first thing most API calls do: a sticky error is returned before any work.
inline cudaError_t stickyOr(cudaError_t e, const char* api = __builtin_FUNCTION()) {
  cudaError_t s = stickyError();
  return recordError(s != cudaSuccess ? s : e, api);
}

}  // namespace loom::runtime
