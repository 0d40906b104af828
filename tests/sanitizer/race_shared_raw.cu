// RAW on shared memory across warps: each thread reads what a thread of the other warp wrote,
// without a barrier between (bug) or with __syncthreads (fixed).
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = (int)t;
  if (!bug) __syncthreads();
  out[t] = s[(t + 32) % 64];
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out, bug);
  launched();
  synced();
  int h[64];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("out[0] %d out[63] %d\n", h[0], h[63]);
  cudaFree(out);
  return 0;
}
