// Threads read shared elements no thread of the block wrote: the block writes s[0..31] and
// reads s[t + 32] (bug); fixed: reads s[31 - t].
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = (int)t;
  __syncthreads();
  out[t] = s[bug ? t + 32 : 31 - t];
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
