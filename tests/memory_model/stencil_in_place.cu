// A three-point average over an array split among blocks. Bug: in place, so a block reads its
// neighbours' edge elements while those blocks may already have overwritten them (within a
// block a barrier separates the reads from the writes). Fixed: into a second array.
#include "case.h"
constexpr int kBlocks = 8, kThreads = 32, kN = kBlocks * kThreads;
__global__ void smooth(const int* in, int* out) {
  int i = blockIdx.x * kThreads + threadIdx.x;
  int left = i > 0 ? in[i - 1] : 0, right = i < kN - 1 ? in[i + 1] : 0;
  int v = left + in[i] + right;
  __syncthreads();
  out[i] = v;
}
long long run(bool bug, long long* want) {
  int h[kN], got[kN];
  for (int i = 0; i < kN; ++i) h[i] = (i * 13) % 17;
  int *a, *b;
  cudaMalloc(&a, sizeof h);
  cudaMalloc(&b, sizeof h);
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  smooth<<<kBlocks, kThreads>>>(a, bug ? a : b);
  cudaMemcpy(got, bug ? a : b, sizeof got, cudaMemcpyDeviceToHost);
  long long result = 0;
  for (int i = 0; i < kN; ++i) {
    result += static_cast<long long>(got[i]) * (i % 5 + 1);
    *want += static_cast<long long>((i > 0 ? h[i - 1] : 0) + h[i] + (i < kN - 1 ? h[i + 1] : 0)) * (i % 5 + 1);
  }
  return result;
}
