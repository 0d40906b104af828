// Message passing through a volatile flag: the block with ticket 0 stores the data and sets the
// flag, the block with ticket 1 waits for the flag, __threadfence(), reads the data. Bug: the
// producer sets the flag with no __threadfence() after the data.
#include "case.h"
constexpr int kThreads = 64;
__device__ unsigned gTicket = 0;
__global__ void pass(int* data, volatile int* flag, int* out, bool bug) {
  __shared__ unsigned ticket;
  unsigned t = threadIdx.x;
  if (t == 0) ticket = atomicAdd(&gTicket, 1u);
  __syncthreads();
  if (ticket == 0) {
    data[t] = int(t) * 3 + 1;
    __syncthreads();
    if (t == 0) {
      if (!bug) __threadfence();
      *flag = 1;
    }
  } else {
    if (t == 0) {
      while (*flag == 0) {
      }
      __threadfence();
    }
    __syncthreads();
    out[t] = data[t];
  }
}
long long run(bool bug, long long* want) {
  int *data, *flag, *out, h[kThreads];
  cudaMalloc(&data, sizeof h);
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, sizeof h);
  cudaMemset(data, 0, sizeof h);
  cudaMemset(flag, 0, sizeof(int));
  pass<<<2, kThreads>>>(data, flag, out, bug);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  long long got = 0;
  for (int t = 0; t < kThreads; ++t) {
    got += h[t];
    *want += t * 3 + 1;
  }
  return got;
}
