// A global RAW across blocks: block 1 reads what block 0 writes in the same launch (bug); fixed:
// the write and the read are in two launches, ordered by the kernel boundary.
#include "suite.h"
__global__ void produce(int* x) {
  if (threadIdx.x == 0) *x = 42;
}
__global__ void both(int* x, int* y) {
  if (blockIdx.x == 0 && threadIdx.x == 0) *x = 42;
  if (blockIdx.x == 1 && threadIdx.x == 0) *y = *x;
}
__global__ void consume(int* x, int* y) {
  if (threadIdx.x == 0) *y = *x;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* p;
  cudaMalloc(&p, 2 * sizeof(int));
  cudaMemset(p, 0, 2 * sizeof(int));
  if (bug) {
    both<<<2, 32>>>(p, p + 1);
  } else {
    produce<<<1, 32>>>(p);
    consume<<<1, 32>>>(p, p + 1);
  }
  launched();
  synced();
  int h[2];
  cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("y %d\n", h[1]);
  cudaFree(p);
  return 0;
}
