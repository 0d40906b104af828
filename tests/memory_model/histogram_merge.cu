// A histogram: each block counts its values into shared bins with atomicAdd, then merges them
// into the global bins. Bug: the merge is a plain `bins[i] += local[i]`, so two blocks' merges
// of one bin can lose one. Fixed: atomicAdd.
#include "case.h"
constexpr int kBlocks = 16, kThreads = 64, kBins = 16;
__global__ void histogram(const int* in, int* bins, bool bug) {
  __shared__ int local[kBins];
  unsigned t = threadIdx.x;
  if (t < kBins) local[t] = 0;
  __syncthreads();
  atomicAdd(&local[in[blockIdx.x * kThreads + t] % kBins], 1);
  __syncthreads();
  if (t < kBins) {
    if (bug) bins[t] += local[t];
    else atomicAdd(&bins[t], local[t]);
  }
}
long long run(bool bug, long long* want) {
  int h[kBlocks * kThreads], got[kBins], ref[kBins] = {};
  for (int i = 0; i < kBlocks * kThreads; ++i) ++ref[(h[i] = (i * 7919) % 1000) % kBins];
  int *in, *bins;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&bins, sizeof got);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(bins, 0, sizeof got);
  histogram<<<kBlocks, kThreads>>>(in, bins, bug);
  cudaMemcpy(got, bins, sizeof got, cudaMemcpyDeviceToHost);
  long long result = 0;
  for (int i = 0; i < kBins; ++i) {
    result += static_cast<long long>(got[i]) * (i + 1);
    *want += static_cast<long long>(ref[i]) * (i + 1);
  }
  return result;
}
