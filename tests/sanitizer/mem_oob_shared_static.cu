// A static shared array of 256 ints written 4096 elements past its start (bug: 16 KiB past a
// 1 KiB array, outside the block's static shared window); fixed: in bounds.
#include "suite.h"
__global__ void k(int* out, int extra) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  s[t + extra] = (int)t;
  __syncthreads();
  out[t] = s[255 - t];
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 256 * sizeof(int));
  k<<<1, 256>>>(out, bug ? 4096 : 0);
  launched();
  synced();
  cudaFree(out);
  return 0;
}
