// The Programming Guide's last-block sum: each block stores its partial sum and takes a ticket
// with atomicInc; the block with the last ticket adds the partials. Bug: no __threadfence()
// between the partial's store and the ticket, so the last block may read a partial not yet visible.
#include "case.h"
constexpr int kBlocks = 16, kThreads = 64;
__device__ unsigned gTicket = 0;
__global__ void sum(const int* in, int* partial, int* total, bool bug) {
  __shared__ int s[kThreads];
  __shared__ bool last;
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * kThreads + t];
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    if (!bug) __threadfence();
    last = atomicInc(&gTicket, gridDim.x) == gridDim.x - 1;
  }
  __syncthreads();
  if (last && t == 0) {
    int r = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) r += partial[b];
    *total = r;
  }
}
long long run(bool bug, long long* want) {
  int h[kBlocks * kThreads];
  for (int i = 0; i < kBlocks * kThreads; ++i) *want += h[i] = i % 7 + 1;
  int *in, *partial, *total, r = 0;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&partial, kBlocks * sizeof(int));
  cudaMalloc(&total, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  sum<<<kBlocks, kThreads>>>(in, partial, total, bug);
  cudaMemcpy(&r, total, sizeof r, cudaMemcpyDeviceToHost);
  return r;
}
