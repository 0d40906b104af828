// RAW across warps on dynamic (extern) shared memory: a block-wide shift without a barrier
// (bug) or with one (fixed).
#include "suite.h"
__global__ void k(int* out, bool bug) {
  extern __shared__ float d[];
  unsigned t = threadIdx.x, n = blockDim.x;
  d[t] = (float)t;
  if (!bug) __syncthreads();
  out[t] = (int)d[(t + 40) % n];
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 96 * sizeof(int));
  k<<<1, 96, 96 * sizeof(float)>>>(out, bug);
  launched();
  synced();
  int h[96];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("out[0] %d out[95] %d\n", h[0], h[95]);
  cudaFree(out);
  return 0;
}
