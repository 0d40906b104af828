// Post-processing by the last block: each block stores its values and raises the global
// maximum with atomicMax, then takes a ticket; the block with the last ticket divides every
// value by the maximum. Bug: no __threadfence() before the ticket, so the last block may
// rescale values not yet visible (and their late arrival overwrites its results).
#include "case.h"

#include <algorithm>
constexpr int kBlocks = 10, kThreads = 32;
__device__ unsigned gTicket = 0;
__global__ void normalize(const int* in, int* out, int* maximum, bool bug) {
  __shared__ bool last;
  unsigned i = blockIdx.x * kThreads + threadIdx.x;
  out[i] = in[i] * 100;
  atomicMax(maximum, in[i]);
  __syncthreads();
  if (threadIdx.x == 0) {
    if (!bug) __threadfence();
    last = atomicInc(&gTicket, gridDim.x) == gridDim.x - 1;
  }
  __syncthreads();
  if (last) {
    __threadfence();
    int m = atomicAdd(maximum, 0);
    for (unsigned j = threadIdx.x; j < gridDim.x * kThreads; j += kThreads) out[j] /= m;
  }
}
long long run(bool bug, long long* want) {
  int h[kBlocks * kThreads], got[kBlocks * kThreads], m = 0;
  for (int i = 0; i < kBlocks * kThreads; ++i) m = std::max(m, h[i] = (i * 37) % 50 + 1);
  int *in, *out, *maximum;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMalloc(&maximum, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(maximum, 0, sizeof(int));
  normalize<<<kBlocks, kThreads>>>(in, out, maximum, bug);
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  long long result = 0;
  for (int i = 0; i < kBlocks * kThreads; ++i) {
    result += static_cast<long long>(got[i]) * (i % 7 + 1);
    *want += static_cast<long long>(h[i] * 100 / m) * (i % 7 + 1);
  }
  return result;
}
