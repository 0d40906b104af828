// __syncwarp() (full mask) reached by only half of the warp inside a branch (bug); fixed: the
// mask names exactly the lanes that take the branch.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int s[32];
  unsigned t = threadIdx.x;
  if (t < 16) {
    s[t] = (int)t;
    if (bug) __syncwarp();
    else __syncwarp(0x0000ffffu);
    out[t] = s[15 - t];
  }
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out, bug);
  launched();
  synced();
  cudaFree(out);
  return 0;
}
