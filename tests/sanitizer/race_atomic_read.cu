// Shared atomics from every warp race with thread 0's plain read of the counter when no barrier
// separates them (bug); with the barrier (fixed) only atomics meet atomics, which is no race.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int count;
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  atomicAdd(&count, 1);
  if (!bug) __syncthreads();
  if (threadIdx.x == 0) *out = count;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, sizeof(int));
  k<<<1, 128>>>(out, bug);
  launched();
  synced();
  int r = 0;
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("count %d\n", r);
  cudaFree(out);
  return 0;
}
