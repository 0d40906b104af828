// An inter-block dependency: block 1 scales what block 0 computes. Bug: both in one launch, so
// block 1 may run before block 0's results exist (or before they are visible). Fixed: two
// launches, ordered by the kernel boundary.
#include "case.h"
constexpr int kThreads = 64;
__global__ void produce(int* a) {
  if (blockIdx.x == 0) a[threadIdx.x] = int(threadIdx.x) * 2 + 1;
}
__global__ void consume(const int* a, int* b) {
  if (blockIdx.x == 1) b[threadIdx.x] = a[threadIdx.x] * 10;
}
__global__ void both(int* a, int* b) {
  if (blockIdx.x == 0) a[threadIdx.x] = int(threadIdx.x) * 2 + 1;
  if (blockIdx.x == 1) b[threadIdx.x] = a[threadIdx.x] * 10;
}
long long run(bool bug, long long* want) {
  int *a, *b, h[kThreads];
  cudaMalloc(&a, sizeof h);
  cudaMalloc(&b, sizeof h);
  cudaMemset(a, 0, sizeof h);
  if (bug) {
    both<<<2, kThreads>>>(a, b);
  } else {
    produce<<<2, kThreads>>>(a);
    consume<<<2, kThreads>>>(a, b);
  }
  cudaMemcpy(h, b, sizeof h, cudaMemcpyDeviceToHost);
  long long got = 0;
  for (int t = 0; t < kThreads; ++t) {
    got += h[t];
    *want += (t * 2 + 1) * 10;
  }
  return got;
}
