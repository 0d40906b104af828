// Half of a warp returns before a __syncthreads the other half reaches (bug by the guide; sm_90
// lets exited threads not block a barrier, and synccheck is silent). Fixed: nobody returns early.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  unsigned t = threadIdx.x;
  if (bug && t >= 16) return;
  __syncthreads();
  out[t] = (int)t;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out, bug);
  launched();
  synced();
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("out[15] %d\n", h[15]);
  cudaFree(out);
  return 0;
}
