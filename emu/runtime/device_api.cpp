// Device management: one emulated sm_90 device (an H100), device 0.
#include <atomic>
#include <cstdio>
#include <cstring>

#include "cuda_profiler_api.h"
#include "cuda_runtime_api.h"
#include "loom/runtime/device_properties.h"
#include "mem/device_heap.h"
#include "mem/device_malloc.h"
#include "runtime/device_queue.h"
#include "check/sanitizer/memcheck.h"
#include "runtime/error_state.h"
#include "runtime/memory_pools.h"
#include "runtime/stream_capture.h"
#include "sched/worker.h"

using namespace loom::runtime;

namespace loom::runtime {
extern std::atomic<int> gEmulatedArch;
}

namespace {
thread_local int tDevice = 0;
unsigned gDeviceFlags = 0;
// cudaLimit defaults recorded on an H100 (sm_90), indexed by cudaLimit. The device-runtime
// sync depth (index 3) is not supported on sm_90: cudaDeviceGetLimit returns an error for it.
// cudaLimitMallocHeapSize (index 2) lives with the device malloc heap (mem/device_malloc.h).
size_t gLimits[7] = {1024, 8650752, 8388608, 0, 2048, 64, 9830400};
cudaError_t synchronizeAll(const char* api = __builtin_FUNCTION()) {
  DeviceQueue::instance().waitAll();
  releasePoolsAtSynchronize();
  return stickyOr(cudaSuccess, api);
}
}  // namespace

extern "C" {

cudaError_t cudaGetDeviceCount(int* count) {
  if (!count) return recordError(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int* device) {
  if (!device) return recordError(cudaErrorInvalidValue);
  *device = tDevice;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaSetDevice(int device) {
  if (device != 0) return recordError(cudaErrorInvalidDevice);
  tDevice = device;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaInitDevice(int device, unsigned int, unsigned int) {
  return device == 0 ? stickyOr(cudaSuccess) : recordError(cudaErrorInvalidDevice);
}

cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp*) {
  if (!device) return recordError(cudaErrorInvalidValue);
  *device = 0;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* prop, int device) {
  if (!prop) return recordError(cudaErrorInvalidValue);
  if (device != 0) return recordError(cudaErrorInvalidDevice);
  *prop = deviceProperties();
  // The device model is an H100's; the compute capability is the one loom-cc emulates.
  prop->major = gEmulatedArch.load() / 100;
  prop->minor = gEmulatedArch.load() % 100 / 10;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  if (!value) return recordError(cudaErrorInvalidValue);
  if (device != 0) return recordError(cudaErrorInvalidDevice);
  return stickyOr(deviceAttribute(value, attr));
}

cudaError_t cudaDeviceSynchronize(void) {
  if (cudaError_t e = refuseDeviceSynchronize(); e != cudaSuccess) return recordError(e);
  return synchronizeAll();
}

cudaError_t cudaDeviceReset(void) {
  DeviceQueue::instance().waitAll();
  loom::check::sanitizer::checkLeaksAtReset();
  loom::mem::resetDeviceMalloc();
  loom::mem::DeviceHeap::instance().releaseAll();
  resetPools();
  clearStickyError();
  takeLastError();
  return cudaSuccess;
}

// "domain:bus:device.function" of the recorded H100's slot.
cudaError_t cudaDeviceGetPCIBusId(char* pciBusId, int len, int device) {
  if (device != 0) return recordError(cudaErrorInvalidDevice);
  if (!pciBusId || len <= 0) return recordError(cudaErrorInvalidValue);
  const cudaDeviceProp& p = deviceProperties();
  std::snprintf(pciBusId, std::size_t(len), "%04x:%02x:%02x.0", p.pciDomainID, p.pciBusID, p.pciDeviceID);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaDeviceGetByPCIBusId(int* device, const char* pciBusId) {
  if (!device || !pciBusId) return recordError(cudaErrorInvalidValue);
  unsigned domain = 0, bus = 0, slot = 0, function = 0;
  const cudaDeviceProp& p = deviceProperties();
  if (std::sscanf(pciBusId, "%x:%x:%x.%x", &domain, &bus, &slot, &function) != 4 ||
      domain != unsigned(p.pciDomainID) || bus != unsigned(p.pciBusID) || slot != unsigned(p.pciDeviceID))
    return recordError(cudaErrorInvalidDevice);
  *device = 0;
  return stickyOr(cudaSuccess);
}

// Persisting L2 lines: there is no L2 to reset.
cudaError_t cudaCtxResetPersistingL2Cache(void) { return stickyOr(cudaSuccess); }

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  gDeviceFlags = flags;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  if (!flags) return recordError(cudaErrorInvalidValue);
  *flags = gDeviceFlags | cudaDeviceMapHost;  // mapped host memory is always on (unified addressing)
  return stickyOr(cudaSuccess);
}

cudaError_t cudaDriverGetVersion(int* v) {
  if (!v) return recordError(cudaErrorInvalidValue);
  *v = 13000;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int* v) {
  if (!v) return recordError(cudaErrorInvalidValue);
  *v = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
  if (unsigned(limit) >= sizeof gLimits / sizeof gLimits[0]) return stickyOr(cudaErrorUnsupportedLimit);
  // CUDA: the malloc heap's size must be set before a kernel that uses malloc/free is
  // launched, else cudaErrorInvalidValue; Loom fixes it at device code's first malloc/free.
  if (limit == cudaLimitMallocHeapSize) {
    if (!loom::mem::setMallocHeapLimit(value)) return recordError(cudaErrorInvalidValue);
    return stickyOr(cudaSuccess);
  }
  gLimits[limit] = value;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaDeviceGetLimit(size_t* value, cudaLimit limit) {
  if (!value) return recordError(cudaErrorInvalidValue);
  if (unsigned(limit) >= sizeof gLimits / sizeof gLimits[0] || limit == cudaLimitDevRuntimeSyncDepth)
    return stickyOr(cudaErrorUnsupportedLimit);
  *value = limit == cudaLimitMallocHeapSize ? loom::mem::mallocHeapLimit() : gLimits[limit];
  return stickyOr(cudaSuccess);
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return stickyOr(cudaSuccess); }

cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache* config) {
  if (!config) return recordError(cudaErrorInvalidValue);
  *config = cudaFuncCachePreferNone;
  return stickyOr(cudaSuccess);
}

// An error they return is an API error for memcheck too (the records' "Program hit ... on CUDA
// API call to cudaGetLastError").
cudaError_t cudaGetLastError(void) {
  cudaError_t e = takeLastError();
  if (e != cudaSuccess) loom::check::sanitizer::reportApiError(e, __func__);
  return e;
}
cudaError_t cudaPeekAtLastError(void) {
  cudaError_t e = peekLastError();
  if (e != cudaSuccess) loom::check::sanitizer::reportApiError(e, __func__);
  return e;
}

}  // extern "C"

namespace loom::runtime {
// -arch=sm_XX as loom-cc passed it (LOOM_EMULATED_ARCH, __CUDA_ARCH__ numbering: 900).
std::atomic<int> gEmulatedArch{900};
int registerEmulatedArch(int arch) {
  gEmulatedArch.store(arch);
  return arch;
}
}  // namespace loom::runtime

// sm_90's shared-memory banks are four bytes wide; the configuration calls (deprecated since
// CUDA 12) accept a setting and change nothing, as on the H100
// (validate/results/h100-sm90/tests.cuda.memory_hints).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
extern "C" {
cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig* pConfig) {
  if (!pConfig) return recordError(cudaErrorInvalidValue);
  *pConfig = cudaSharedMemBankSizeFourByte;
  return stickyOr(cudaSuccess);
}
cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
  if (config < cudaSharedMemBankSizeDefault || config > cudaSharedMemBankSizeEightByte)
    return recordError(cudaErrorInvalidValue);
  return stickyOr(cudaSuccess);
}
cudaError_t cudaFuncSetSharedMemConfig(const void* func, cudaSharedMemConfig config) {
  if (!func) return recordError(cudaErrorInvalidDeviceFunction);
  return cudaDeviceSetSharedMemConfig(config);
}

// Peer access between devices: with one device there is no peer. The device itself is not its
// own peer (cudaDeviceCanAccessPeer answers 0, enabling answers cudaErrorPeerAccessUnsupported).
cudaError_t cudaDeviceCanAccessPeer(int* canAccessPeer, int device, int peerDevice) {
  if (!canAccessPeer) return recordError(cudaErrorInvalidValue);
  if (device != 0 || peerDevice != 0) return recordError(cudaErrorInvalidDevice);
  *canAccessPeer = 0;
  return stickyOr(cudaSuccess);
}
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int) {
  if (peerDevice != 0) return recordError(cudaErrorInvalidDevice);
  return recordError(cudaErrorPeerAccessUnsupported);
}
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) {
  if (peerDevice != 0) return recordError(cudaErrorInvalidDevice);
  return recordError(cudaErrorPeerAccessNotEnabled);
}

// The profiler's range: Loom's counters have their own switch (LOOM_REPORT, loom/report.h).
cudaError_t cudaProfilerStart(void) { return stickyOr(cudaSuccess); }
cudaError_t cudaProfilerStop(void) { return stickyOr(cudaSuccess); }
}  // extern "C"
#pragma GCC diagnostic pop
