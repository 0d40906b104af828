// A shared-memory tree reduction. Bug: no __syncthreads() after the steps whose strides span
// warps (64, 32 in a block of 128), so a thread may read a partial sum another warp has not
// added yet. Fixed: a barrier after every step.
#include "case.h"
constexpr int kBlocks = 8, kThreads = 128;
__global__ void reduce(const int* in, int* out, bool bug) {
  __shared__ int s[kThreads];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * kThreads + t];
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    if (!bug || stride < 32) __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
long long run(bool bug, long long* want) {
  int h[kBlocks * kThreads], got[kBlocks];
  for (int i = 0; i < kBlocks * kThreads; ++i) *want += h[i] = i % 13;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof got);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  reduce<<<kBlocks, kThreads>>>(in, out, bug);
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  long long r = 0;
  for (int b = 0; b < kBlocks; ++b) r += got[b];
  return r;
}
