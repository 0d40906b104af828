// A chained scan with look-back flags: blocks take tickets in the order they start; each waits
// for the flag of the ticket before it, __threadfence(), adds that block's total, publishes its
// own and sets its flag. Bug: no __threadfence() between its total's store and its flag, so the
// next block may see the flag before the total.
#include "case.h"
constexpr int kBlocks = 12, kThreads = 64;
__device__ unsigned gTicket = 0;
__global__ void scan(const int* in, int* prefix, volatile int* ready, bool bug) {
  __shared__ unsigned id;
  __shared__ int s[kThreads];
  unsigned t = threadIdx.x;
  if (t == 0) id = atomicAdd(&gTicket, 1u);
  __syncthreads();
  s[t] = in[id * kThreads + t];
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    int before = 0;
    if (id > 0) {
      while (ready[id - 1] == 0) {
      }
      __threadfence();
      before = prefix[id - 1];
    }
    prefix[id] = s[0] + before;
    if (!bug) __threadfence();
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
  long long result = 0, total = 0;
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < kThreads; ++t) total += h[b * kThreads + t];
    *want += total * (b + 1);
    result += static_cast<long long>(got[b]) * (b + 1);
  }
  return result;
}
