// Only the first half of the input is copied from the host, the kernel reads all of it (bug);
// fixed: the whole input is copied.
#include "suite.h"
__global__ void k(const float* in, float* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  float h[64];
  for (int i = 0; i < 64; ++i) h[i] = (float)i;
  float *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, bug ? sizeof h / 2 : sizeof h, cudaMemcpyHostToDevice);
  k<<<2, 32>>>(in, out);
  launched();
  synced();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
