// __syncthreads_or in both sides of a branch that splits a warp (bug); fixed: one call.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  unsigned t = threadIdx.x;
  int any;
  if (bug) {
    if (t % 2) any = __syncthreads_or(t == 7);
    else any = __syncthreads_or(t == 8);
  } else {
    any = __syncthreads_or(t == 7 || t == 8);
  }
  out[t] = any;
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
  if (!bug) std::printf("out[0] %d\n", h[0]);
  cudaFree(out);
  return 0;
}
