// A spin lock around a global total: each block's thread 0 takes the lock with atomicCAS, adds
// its block's sum, and releases it with atomicExch. Fixed as SumDoubles does it: a
// __threadfence() after taking the lock and one before releasing it. Bug: no fence before the
// release, so the next holder may read the total without this block's addition.
#include "case.h"
constexpr int kBlocks = 12, kThreads = 32;
__global__ void add(const int* in, int* lock, int* total, bool bug) {
  __shared__ int s;
  if (threadIdx.x == 0) s = 0;
  __syncthreads();
  atomicAdd(&s, in[blockIdx.x * kThreads + threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0) {
    while (atomicCAS(lock, 0, 1) != 0) {
    }
    __threadfence();
    *total += s;
    if (!bug) __threadfence();
    atomicExch(lock, 0);
  }
}
long long run(bool bug, long long* want) {
  int h[kBlocks * kThreads];
  for (int i = 0; i < kBlocks * kThreads; ++i) *want += h[i] = i % 5 + 1;
  int *in, *lock, *total, r = 0;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&lock, sizeof(int));
  cudaMalloc(&total, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(lock, 0, sizeof(int));
  cudaMemset(total, 0, sizeof(int));
  add<<<kBlocks, kThreads>>>(in, lock, total, bug);
  cudaMemcpy(&r, total, sizeof r, cudaMemcpyDeviceToHost);
  return r;
}
