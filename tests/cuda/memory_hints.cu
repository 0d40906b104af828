// Conformance test: the runtime calls that tune rather than compute. Unified-memory advice and
// prefetch (CUDA 13's cudaMemLocation forms), peer access and peer copies on a one-GPU machine,
// the shared-memory bank configuration, and the profiler's start/stop. With one device none of
// them changes a result, so what matters is what each call accepts and what it answers. Every
// probe prints "<probe>: <error name>" (and values); validate/ compares the lines with the H100's.
// The checks (PASS/FAIL) are the data: peer copies move the bytes, advice keeps managed memory
// usable.
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <device_functions.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "conformance.h"

__global__ void incrementKernel(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1;
}

static void probe(const char* name, cudaError_t e) {
  std::printf("%s: %s\n", name, cudaGetErrorName(e));
  cudaGetLastError();  // these errors are not sticky: the next probe answers for itself
}

static cudaMemLocation device(int id) {
  cudaMemLocation l = {};
  l.type = cudaMemLocationTypeDevice;
  l.id = id;
  return l;
}

static cudaMemLocation host() {
  cudaMemLocation l = {};
  l.type = cudaMemLocationTypeHost;
  return l;
}

static void testManagedHints() {
  const int n = 4096;
  int *managed, *plain;
  CK(cudaMallocManaged(&managed, n * sizeof(int)));
  CK(cudaMalloc(&plain, n * sizeof(int)));
  int* pageable = static_cast<int*>(std::malloc(n * sizeof(int)));
  for (int i = 0; i < n; ++i) managed[i] = i;
  size_t bytes = n * sizeof(int);

  probe("advise_read_mostly_managed", cudaMemAdvise(managed, bytes, cudaMemAdviseSetReadMostly, device(0)));
  probe("advise_unset_read_mostly_managed", cudaMemAdvise(managed, bytes, cudaMemAdviseUnsetReadMostly, device(0)));
  probe("advise_preferred_device_managed",
        cudaMemAdvise(managed, bytes, cudaMemAdviseSetPreferredLocation, device(0)));
  probe("advise_preferred_host_managed", cudaMemAdvise(managed, bytes, cudaMemAdviseSetPreferredLocation, host()));
  probe("advise_accessed_by_managed", cudaMemAdvise(managed, bytes, cudaMemAdviseSetAccessedBy, device(0)));
  probe("advise_preferred_bad_device",
        cudaMemAdvise(managed, bytes, cudaMemAdviseSetPreferredLocation, device(7)));
  probe("advise_bad_advice", cudaMemAdvise(managed, bytes, static_cast<cudaMemoryAdvise>(99), device(0)));
  probe("advise_zero_bytes", cudaMemAdvise(managed, 0, cudaMemAdviseSetReadMostly, device(0)));
  probe("advise_null", cudaMemAdvise(nullptr, bytes, cudaMemAdviseSetReadMostly, device(0)));
  probe("advise_read_mostly_device_memory", cudaMemAdvise(plain, bytes, cudaMemAdviseSetReadMostly, device(0)));
  probe("advise_read_mostly_pageable", cudaMemAdvise(pageable, bytes, cudaMemAdviseSetReadMostly, device(0)));

  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  probe("prefetch_managed_to_device", cudaMemPrefetchAsync(managed, bytes, device(0), 0, s));
  incrementKernel<<<n / 256, 256, 0, s>>>(managed, n);
  probe("prefetch_managed_to_host", cudaMemPrefetchAsync(managed, bytes, host(), 0, s));
  probe("prefetch_bad_device", cudaMemPrefetchAsync(managed, bytes, device(7), 0, s));
  probe("prefetch_bad_flags", cudaMemPrefetchAsync(managed, bytes, device(0), 1, s));
  probe("prefetch_zero_bytes", cudaMemPrefetchAsync(managed, 0, device(0), 0, s));
  probe("prefetch_device_memory", cudaMemPrefetchAsync(plain, bytes, device(0), 0, s));
  probe("prefetch_pageable", cudaMemPrefetchAsync(pageable, bytes, device(0), 0, s));
  CK(cudaStreamSynchronize(s));
  bool ok = true;
  int bad = -1;
  for (int i = 0; i < n && ok; ++i)
    if (managed[i] != i + 1) ok = false, bad = i;
  check("advised_managed_memory_computes", ok, "managed[%d]=%d", bad, bad >= 0 ? managed[bad] : 0);

  CK(cudaStreamDestroy(s));
  CK(cudaFree(managed));
  CK(cudaFree(plain));
  std::free(pageable);
}

static void testPeer() {
  int can = -1;
  probe("can_access_peer_self", cudaDeviceCanAccessPeer(&can, 0, 0));
  std::printf("can_access_peer_self.value: %d\n", can);
  can = -1;
  probe("can_access_peer_missing_device", cudaDeviceCanAccessPeer(&can, 0, 1));
  std::printf("can_access_peer_missing_device.value: %d\n", can);
  probe("enable_peer_access_self", cudaDeviceEnablePeerAccess(0, 0));
  probe("enable_peer_access_missing_device", cudaDeviceEnablePeerAccess(1, 0));
  probe("disable_peer_access_self", cudaDeviceDisablePeerAccess(0));
  probe("disable_peer_access_missing_device", cudaDeviceDisablePeerAccess(1));

  const int n = 1000;
  int *a, *b, *h;
  CK(cudaMalloc(&a, n * sizeof(int)));
  CK(cudaMalloc(&b, n * sizeof(int)));
  CK(cudaMallocHost((void**)&h, n * sizeof(int)));
  for (int i = 0; i < n; ++i) h[i] = 3 * i + 1;
  CK(cudaMemcpy(a, h, n * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemset(b, 0, n * sizeof(int)));
  probe("memcpy_peer_same_device", cudaMemcpyPeer(b, 0, a, 0, n * sizeof(int)));
  std::memset(h, 0, n * sizeof(int));
  CK(cudaMemcpy(h, b, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  int bad = -1;
  for (int i = 0; i < n && ok; ++i)
    if (h[i] != 3 * i + 1) ok = false, bad = i;
  check("memcpy_peer_copies", ok, "b[%d]=%d", bad, bad >= 0 ? h[bad] : 0);

  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  CK(cudaMemsetAsync(a, 0, n * sizeof(int), s));
  probe("memcpy_peer_async_same_device", cudaMemcpyPeerAsync(a + 10, 0, b, 0, 16 * sizeof(int), s));
  CK(cudaStreamSynchronize(s));
  CK(cudaMemcpy(h, a, n * sizeof(int), cudaMemcpyDeviceToHost));
  ok = h[9] == 0 && h[26] == 0;
  for (int i = 0; i < 16 && ok; ++i)
    if (h[10 + i] != 3 * i + 1) ok = false;
  check("memcpy_peer_async_in_stream_order", ok, "a[9..26] = %d %d .. %d", h[9], h[10], h[26]);
  probe("memcpy_peer_missing_device", cudaMemcpyPeer(b, 1, a, 0, n * sizeof(int)));
  probe("memcpy_peer_zero_bytes", cudaMemcpyPeer(b, 0, a, 0, 0));
  probe("memcpy_peer_async_missing_device", cudaMemcpyPeerAsync(b, 0, a, 3, 16, s));
  CK(cudaStreamDestroy(s));
  CK(cudaFree(a));
  CK(cudaFree(b));
  CK(cudaFreeHost(h));
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static void testSharedMemConfig() {
  cudaSharedMemConfig c = static_cast<cudaSharedMemConfig>(-1);
  probe("get_shared_mem_config", cudaDeviceGetSharedMemConfig(&c));
  std::printf("get_shared_mem_config.value: %d\n", (int)c);
  probe("set_shared_mem_config_eight_byte", cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte));
  c = static_cast<cudaSharedMemConfig>(-1);
  cudaDeviceGetSharedMemConfig(&c);
  std::printf("get_shared_mem_config_after_set.value: %d\n", (int)c);
  probe("set_shared_mem_config_bad", cudaDeviceSetSharedMemConfig(static_cast<cudaSharedMemConfig>(7)));
  probe("func_set_shared_mem_config",
        cudaFuncSetSharedMemConfig((const void*)incrementKernel, cudaSharedMemBankSizeFourByte));
  CK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeDefault));
}
#pragma GCC diagnostic pop

int main() {
  testManagedHints();
  testPeer();
  testSharedMemConfig();
  probe("profiler_start", cudaProfilerStart());
  probe("profiler_stop", cudaProfilerStop());
  return finish("memory_hints");
}
