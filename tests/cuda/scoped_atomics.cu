// libcu++'s scoped atomics (<cuda/atomic>, <cuda/std/atomic>) as kernels use them: counters in
// global and shared memory, min/max, floating-point adds, compare-exchange, fences. Each result is
// checked against what the operations must give whatever the threads' order.
#include <cuda/atomic>
#include <cuda/std/atomic>

#include "conformance.h"

struct Results {
  int deviceCount;
  unsigned blockOr;
  int minValue, maxValue;
  float floatSum;
  long long casCount;
  int blockCounts[4];
};

__device__ cuda::std::atomic<unsigned long long> total{0};

__global__ void scoped(Results* r, const int* values, int n) {
  __shared__ cuda::atomic<int, cuda::thread_scope_block> blockCount;
  if (threadIdx.x == 0) blockCount.store(0, cuda::memory_order_relaxed);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    cuda::atomic_ref<int, cuda::thread_scope_device> count(r->deviceCount);
    count.fetch_add(1, cuda::memory_order_relaxed);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device>(r->blockOr) |= 1u << blockIdx.x;
    cuda::atomic_ref<int, cuda::thread_scope_device>(r->minValue).fetch_min(values[i]);
    cuda::atomic_ref<int, cuda::thread_scope_device>(r->maxValue).fetch_max(values[i]);
    cuda::atomic_ref<float, cuda::thread_scope_device>(r->floatSum).fetch_add(0.5f);
    cuda::atomic_ref<long long, cuda::thread_scope_system> cas(r->casCount);
    long long seen = cas.load();
    while (!cas.compare_exchange_weak(seen, seen + 2)) {
    }
    ++blockCount;
    total.fetch_add(3ull, cuda::std::memory_order_relaxed);
  }
  __syncthreads();
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
  if (threadIdx.x == 0) r->blockCounts[blockIdx.x] = blockCount.load();
}

int main() {
  const int n = 1000, threads = 256, blocks = 4;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = (i * 7919) % 2003 - 1000;
  int* values;
  Results* r;
  CK(cudaMalloc(&values, sizeof h));
  CK(cudaMemcpy(values, h, sizeof h, cudaMemcpyHostToDevice));
  CK(cudaMallocManaged(&r, sizeof(Results)));
  *r = Results{0, 0, 1 << 30, -(1 << 30), 0.0f, 0, {0, 0, 0, 0}};
  scoped<<<blocks, threads>>>(r, values, n);
  CK_LAUNCH();
  int lo = h[0], hi = h[0];
  for (int v : h) lo = v < lo ? v : lo, hi = v > hi ? v : hi;
  check("device_count", r->deviceCount == n, "%d", r->deviceCount);
  check("block_or", r->blockOr == 0xfu, "0x%x", r->blockOr);
  check("fetch_min", r->minValue == lo, "%d against %d", r->minValue, lo);
  check("fetch_max", r->maxValue == hi, "%d against %d", r->maxValue, hi);
  check("float_fetch_add", r->floatSum == 0.5f * n, "%g", r->floatSum);
  check("compare_exchange_loop", r->casCount == 2ll * n, "%lld", r->casCount);
  check("shared_block_counts", r->blockCounts[0] == 256 && r->blockCounts[1] == 256 && r->blockCounts[2] == 256 &&
                                   r->blockCounts[3] == n - 768,
        "%d %d %d %d", r->blockCounts[0], r->blockCounts[1], r->blockCounts[2], r->blockCounts[3]);
  unsigned long long sum = 0;
  CK(cudaMemcpyFromSymbol(&sum, total, sizeof sum));
  check("std_atomic", sum == 3ull * n, "%llu", sum);
  check("lock_free", cuda::atomic<long long>::is_always_lock_free);
  CK(cudaFree(values));
  CK(cudaFree(r));
  return finish("scoped_atomics");
}
