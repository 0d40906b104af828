// Whole warps at two different __syncthreads (warp 0 in one branch, warp 1 in the other): no
// warp diverges, but the program is undefined by the guide. Fixed: one barrier.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = (int)t;
  if (bug) {
    if (t < 32) __syncthreads();
    else __syncthreads();
  } else {
    __syncthreads();
  }
  out[t] = s[63 - t];
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
  std::printf("out[0] %d out[63] %d\n", h[0], h[63]);
  cudaFree(out);
  return 0;
}
