// A chained scan of block sums. Bug: each block adds the running total that the block before it
// by index published, read without waiting (CUDA promises no order among blocks). Fixed: blocks
// take tickets in the order they start and each waits for the look-back flag of the ticket
// before it (volatile flag, __threadfence() on both sides).
#include "case.h"
constexpr int kBlocks = 12, kThreads = 64;
__device__ unsigned gTicket = 0;
__device__ int blockSum(const int* in, unsigned block) {
  __shared__ int s[kThreads];
  unsigned t = threadIdx.x;
  s[t] = in[block * kThreads + t];
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  return s[0];
}
__global__ void scan(const int* in, int* prefix, volatile int* ready, bool bug) {
  __shared__ unsigned id;
  if (bug) {
    int sum = blockSum(in, blockIdx.x);
    if (threadIdx.x == 0) prefix[blockIdx.x] = sum + (blockIdx.x > 0 ? prefix[blockIdx.x - 1] : 0);
    return;
  }
  if (threadIdx.x == 0) id = atomicAdd(&gTicket, 1u);
  __syncthreads();
  int sum = blockSum(in, id);
  if (threadIdx.x == 0) {
    int before = 0;
    if (id > 0) {
      while (ready[id - 1] == 0) {
      }
      __threadfence();
      before = prefix[id - 1];
    }
    prefix[id] = sum + before;
    __threadfence();
    ready[id] = 1;
  }
}
long long run(bool bug, long long* want) {
  int h[kBlocks * kThreads], got[kBlocks];
  for (int i = 0; i < kBlocks * kThreads; ++i) h[i] = i % 9 + 1;
  int *in, *prefix, *ready;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&prefix, sizeof got);
  cudaMalloc(&ready, sizeof got);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(prefix, 0, sizeof got);
  cudaMemset(ready, 0, sizeof got);
  scan<<<kBlocks, kThreads>>>(in, prefix, ready, bug);
  cudaMemcpy(got, prefix, sizeof got, cudaMemcpyDeviceToHost);
  // The result: a checksum of the prefixes, weighted by position.
  long long result = 0, total = 0;
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < kThreads; ++t) total += h[b * kThreads + t];
    *want += total * (b + 1);
    result += static_cast<long long>(got[b]) * (b + 1);
  }
  return result;
}
