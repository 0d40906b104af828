// The stream-ordered allocator's memory pools (CUDA Runtime API, "Stream Ordered Memory
// Allocator"): the device's default pool, a pool of one's own, their attributes as the device
// counts them (reserved and used bytes, their high-water marks, the release threshold), trimming,
// and the errors of misuse. The values are printed, not judged: the H100's record is the answer.
#include <cstdint>
#include <vector>

#include "conformance.h"

__global__ void fill(int* p, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = value + i;
}

static unsigned long long attribute(cudaMemPool_t pool, cudaMemPoolAttr attr) {
  std::uint64_t v = 0;
  CK(cudaMemPoolGetAttribute(pool, attr, &v));
  return static_cast<unsigned long long>(v);
}

static void show(const char* when, cudaMemPool_t pool) {
  std::printf("%s: reserved %llu used %llu reserved_high %llu used_high %llu\n", when,
              attribute(pool, cudaMemPoolAttrReservedMemCurrent), attribute(pool, cudaMemPoolAttrUsedMemCurrent),
              attribute(pool, cudaMemPoolAttrReservedMemHigh), attribute(pool, cudaMemPoolAttrUsedMemHigh));
}

static bool filled(const int* d, int n, int value) {
  std::vector<int> h(n);
  CK(cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (h[i] != value + i) return false;
  return true;
}

int main() {
  int supported = 0;
  CK(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0));
  std::printf("pools_supported %d\n", supported);

  cudaMemPool_t pool, current;
  CK(cudaDeviceGetDefaultMemPool(&pool, 0));
  CK(cudaDeviceGetMemPool(&current, 0));
  check("default_pool_is_current", pool == current);
  int reuse = -1;
  CK(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseFollowEventDependencies, &reuse));
  std::printf("reuse_follow_event_dependencies %d\n", reuse);
  CK(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse));
  std::printf("reuse_allow_opportunistic %d\n", reuse);
  CK(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowInternalDependencies, &reuse));
  std::printf("reuse_allow_internal_dependencies %d\n", reuse);
  std::printf("release_threshold %llu\n", attribute(pool, cudaMemPoolAttrReleaseThreshold));
  show("start", pool);

  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  const int n = 1000;
  int *a, *b;
  CK(cudaMallocAsync(reinterpret_cast<void**>(&a), n * sizeof(int), s));
  show("alloc_4000", pool);
  CK(cudaMallocAsync(reinterpret_cast<void**>(&b), 3 << 20, s));
  show("alloc_3MiB", pool);
  fill<<<(n + 255) / 256, 256, 0, s>>>(a, n, 7);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(s));
  check("default_pool_memory", filled(a, n, 7));
  CK(cudaFreeAsync(a, s));
  CK(cudaStreamSynchronize(s));
  show("free_4000_synced", pool);
  CK(cudaFreeAsync(b, s));
  show("free_3MiB_queued", pool);
  CK(cudaStreamSynchronize(s));
  show("free_3MiB_synced", pool);

  // A threshold keeps freed memory reserved across synchronizations; trimming gives it back.
  std::uint64_t keep = UINT64_MAX;
  CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));
  std::printf("release_threshold %llu\n", attribute(pool, cudaMemPoolAttrReleaseThreshold));
  CK(cudaMallocAsync(reinterpret_cast<void**>(&a), 5 << 20, s));
  CK(cudaFreeAsync(a, s));
  CK(cudaStreamSynchronize(s));
  show("kept_5MiB", pool);
  CK(cudaMemPoolTrimTo(pool, 1 << 20));
  show("trimmed_to_1MiB", pool);
  CK(cudaMemPoolTrimTo(pool, 0));
  show("trimmed_to_0", pool);
  std::uint64_t zero = 0;
  CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &zero));
  CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero));
  CK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReservedMemHigh, &zero));
  show("highs_reset", pool);

  // A pool of one's own, used by cudaMallocFromPoolAsync and, once set, by cudaMallocAsync.
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypeNone;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t own;
  CK(cudaMemPoolCreate(&own, &props));
  check("own_pool_differs", own != pool);
  show("own_start", own);
  CK(cudaMallocFromPoolAsync(reinterpret_cast<void**>(&a), n * sizeof(int), own, s));
  fill<<<(n + 255) / 256, 256, 0, s>>>(a, n, 11);
  CK(cudaGetLastError());
  CK(cudaStreamSynchronize(s));
  check("own_pool_memory", filled(a, n, 11));
  show("own_alloc_4000", own);
  show("default_untouched", pool);
  CK(cudaDeviceSetMemPool(0, own));
  CK(cudaDeviceGetMemPool(&current, 0));
  check("own_pool_is_current", current == own);
  CK(cudaMallocAsync(reinterpret_cast<void**>(&b), 2 << 20, s));
  show("own_after_malloc_async", own);
  CK(cudaFreeAsync(b, s));
  CK(cudaFreeAsync(a, s));
  CK(cudaStreamSynchronize(s));
  show("own_freed", own);
  CK(cudaDeviceSetMemPool(0, pool));

  // The C++ overload of cudaMallocAsync with a pool, and the pool's access from the device.
  int* c;
  CK(cudaMallocAsync(&c, 4096, own, s));
  show("own_cpp_overload", own);
  CK(cudaFreeAsync(c, s));
  CK(cudaStreamSynchronize(s));
  cudaMemAccessDesc access = {};
  access.location.type = cudaMemLocationTypeDevice;
  access.location.id = 0;
  access.flags = cudaMemAccessFlagsProtReadWrite;
  CK(cudaMemPoolSetAccess(own, &access, 1));
  cudaMemAccessFlags flags = cudaMemAccessFlagsProtNone;
  cudaMemLocation here = access.location;
  CK(cudaMemPoolGetAccess(&flags, own, &here));
  std::printf("own_access %d\n", int(flags));
  access.location.id = 3;
  std::printf("set_access_bad_device %s\n", cudaGetErrorName(cudaMemPoolSetAccess(own, &access, 1)));
  cudaGetLastError();

  // Misuse.
  std::uint64_t one = 1;
  std::printf("set_used_current %s\n",
              cudaGetErrorName(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &one)));
  std::printf("set_used_high_nonzero %s\n",
              cudaGetErrorName(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &one)));
  cudaGetLastError();
  cudaMemPoolProps bad = props;
  bad.location.id = 7;
  cudaMemPool_t unused;
  std::printf("create_bad_device %s\n", cudaGetErrorName(cudaMemPoolCreate(&unused, &bad)));
  cudaGetLastError();
  bad = props;
  bad.allocType = cudaMemAllocationTypeInvalid;
  std::printf("create_bad_type %s\n", cudaGetErrorName(cudaMemPoolCreate(&unused, &bad)));
  cudaGetLastError();
  std::printf("default_pool_of_bad_device %s\n", cudaGetErrorName(cudaDeviceGetDefaultMemPool(&unused, 5)));
  cudaGetLastError();
  std::printf("destroy_own %s\n", cudaGetErrorName(cudaMemPoolDestroy(own)));
  std::printf("destroy_default %s\n", cudaGetErrorName(cudaMemPoolDestroy(pool)));
  cudaGetLastError();
  CK(cudaStreamDestroy(s));
  return finish("memory_pools");
}
