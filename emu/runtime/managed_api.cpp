// Unified-memory hints: cudaMemAdvise and cudaMemPrefetchAsync (CUDA 13's cudaMemLocation forms).
// Host and device share one memory under Loom, so a hint changes nothing; what remains is what
// the device accepts, answered as the H100 answers (validate/results/h100-sm90/tests.cuda.memory_hints):
// managed memory only, a real location, a known advice, a non-empty range.
#include "cuda_runtime_api.h"
#include "mem/device_heap.h"
#include "runtime/error_state.h"

using namespace loom::runtime;

namespace {

bool isManagedRange(const void* p, size_t count) {
  if (!p || count == 0) return false;
  auto a = loom::mem::DeviceHeap::instance().find(p);
  return a && a->kind == loom::mem::AllocationKind::Managed &&
         reinterpret_cast<std::uintptr_t>(p) + count <= a->base + a->size;
}

// A location an advice or a prefetch may name: the device, or the host.
cudaError_t checkLocation(cudaMemLocation location, cudaError_t badDevice) {
  switch (location.type) {
    case cudaMemLocationTypeDevice: return location.id == 0 ? cudaSuccess : badDevice;
    case cudaMemLocationTypeHost:
    case cudaMemLocationTypeHostNuma:
    case cudaMemLocationTypeHostNumaCurrent: return cudaSuccess;
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace

extern "C" {

cudaError_t cudaMemAdvise(const void* devPtr, size_t count, cudaMemoryAdvise advice, cudaMemLocation location) {
  if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy)
    return recordError(cudaErrorInvalidValue);
  if (!isManagedRange(devPtr, count)) return recordError(cudaErrorInvalidValue);
  if (cudaError_t e = checkLocation(location, cudaErrorInvalidValue); e != cudaSuccess) return recordError(e);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaMemPrefetchAsync(const void* devPtr, size_t count, cudaMemLocation location, unsigned int flags,
                                 cudaStream_t) {
  if (flags != 0) return recordError(cudaErrorInvalidValue);
  if (cudaError_t e = checkLocation(location, cudaErrorInvalidDevice); e != cudaSuccess) return recordError(e);
  if (!isManagedRange(devPtr, count)) return recordError(cudaErrorInvalidValue);
  return stickyOr(cudaSuccess);  // nothing to move
}

}  // extern "C"
