#include "runtime/error_state.h"

#include <atomic>

#include "check/sanitizer/memcheck.h"

namespace loom::runtime {

namespace {
thread_local cudaError_t tLastError = cudaSuccess;
std::atomic<cudaError_t> gSticky{cudaSuccess};
// The device hands a sticky error to cudaGetLastError once; every other call keeps returning it
// (validate/results/h100-sm90/probes.kernel_faults.*/stdout.txt: get_last_error, then get_last_error_again).
std::atomic<bool> gStickyDelivered{false};
// A kernel fault happens on a worker while the host runs on; the device's host side learns of it
// only at the next call that checks the context (synchronize, malloc, memcpy, launch), so
// cudaGetLastError() right after the faulting launch returns cudaSuccess there
// (probes.kernel_faults.*: launch cudaSuccess), however fast the fault was. Until such a call has
// seen the sticky error, cudaGetLastError/cudaPeekAtLastError do not report it either.
std::atomic<bool> gStickyObserved{false};
}  // namespace

cudaError_t recordError(cudaError_t e, const char* api) {
  if (e != cudaSuccess) [[unlikely]] {
    tLastError = e;
    check::sanitizer::reportApiError(e, api);
  }
  return e;
}

cudaError_t takeLastError() {
  cudaError_t sticky = gStickyObserved.load() ? gSticky.load() : cudaSuccess;
  if (sticky != cudaSuccess && !gStickyDelivered.exchange(true)) {
    tLastError = cudaSuccess;
    return sticky;
  }
  cudaError_t e = tLastError;
  tLastError = cudaSuccess;
  return e;
}

cudaError_t peekLastError() {
  cudaError_t sticky = gStickyObserved.load() ? gSticky.load() : cudaSuccess;
  return sticky != cudaSuccess && !gStickyDelivered.load() ? sticky : tLastError;
}

cudaError_t stickyError() {
  cudaError_t sticky = gSticky.load();
  if (sticky != cudaSuccess) gStickyObserved.store(true);
  return sticky;
}

void setStickyError(cudaError_t e) {
  cudaError_t expected = cudaSuccess;
  if (gSticky.compare_exchange_strong(expected, e)) {
    gStickyDelivered.store(false);
    gStickyObserved.store(false);
  }
}

void clearStickyError() {
  gSticky.store(cudaSuccess);
  gStickyDelivered.store(false);
  gStickyObserved.store(false);
}

}  // namespace loom::runtime
