// __syncwarp(1) executed by all 32 lanes: the mask must include the calling lane (bug: "Invalid
// arguments"); fixed: __syncwarp() with the full mask.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int s[32];
  unsigned t = threadIdx.x;
  s[t] = (int)t;
  if (bug) __syncwarp(1);
  else __syncwarp();
  out[t] = s[31 - t];
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
