// A lookup table in global memory, filled by one block and used by all. Bug: block 0 fills it
// in the same launch that uses it, so other blocks may read it before it is filled (or
// visible). Fixed: a launch of its own fills it first.
#include "case.h"
constexpr int kBlocks = 8, kThreads = 32;
__global__ void fill(int* table) {
  if (blockIdx.x == 0) table[threadIdx.x] = int(threadIdx.x) * int(threadIdx.x) + 1;
}
__global__ void use(const int* table, int* out) {
  out[blockIdx.x * kThreads + threadIdx.x] = table[(threadIdx.x + blockIdx.x) % kThreads];
}
__global__ void fillAndUse(int* table, int* out) {
  if (blockIdx.x == 0) table[threadIdx.x] = int(threadIdx.x) * int(threadIdx.x) + 1;
  __syncthreads();
  out[blockIdx.x * kThreads + threadIdx.x] = table[(threadIdx.x + blockIdx.x) % kThreads];
}
long long run(bool bug, long long* want) {
  int *table, *out, h[kBlocks * kThreads];
  cudaMalloc(&table, kThreads * sizeof(int));
  cudaMalloc(&out, sizeof h);
  cudaMemset(table, 0, kThreads * sizeof(int));
  if (bug) {
    fillAndUse<<<kBlocks, kThreads>>>(table, out);
  } else {
    fill<<<1, kThreads>>>(table);
    use<<<kBlocks, kThreads>>>(table, out);
  }
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  long long got = 0;
  for (int i = 0; i < kBlocks * kThreads; ++i) {
    got += static_cast<long long>(h[i]) * (i % 13 + 1);
    int k = (i % kThreads + i / kThreads) % kThreads;
    *want += static_cast<long long>(k * k + 1) * (i % 13 + 1);
  }
  return got;
}
