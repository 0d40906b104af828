// An out-of-bounds dynamic shared write: the block asks for 64 floats and thread t writes
// element t + 64 * 1024 (bug: past the block's shared window); fixed: element t.
#include "suite.h"
__global__ void k(float* out, int offset) {
  extern __shared__ float d[];
  unsigned t = threadIdx.x;
  d[t + offset] = (float)t;
  __syncthreads();
  out[t] = d[t];
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  float* out;
  cudaMalloc(&out, 64 * sizeof(float));
  k<<<1, 64, 64 * sizeof(float)>>>(out, bug ? 64 * 1024 : 0);
  launched();
  synced();
  cudaFree(out);
  return 0;
}
