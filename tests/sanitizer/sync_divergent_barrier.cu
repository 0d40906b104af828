// Two __syncthreads in the two sides of a branch that splits a warp (bug: "Divergent thread(s)
// in warp"); fixed: one barrier after the branch.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  unsigned t = threadIdx.x;
  int v;
  if (bug) {
    if (t < 16) { v = 1; __syncthreads(); }
    else { v = 2; __syncthreads(); }
  } else {
    v = t < 16 ? 1 : 2;
    __syncthreads();
  }
  out[t] = v;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out, bug);
  launched();
  synced();
  cudaFree(out);
  return 0;
}
