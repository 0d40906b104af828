// A float4 (16-byte) load from an address that is only 8-byte aligned (bug); fixed: 16-aligned.
#include "suite.h"
__global__ void k(const float* in, float* out, int elementOffset) {
  const float4* p = (const float4*)(in + elementOffset);
  float4 v = p[threadIdx.x];
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  float *in, *out;
  cudaMalloc(&in, 256 * sizeof(float));
  cudaMalloc(&out, 32 * sizeof(float));
  cudaMemset(in, 0, 256 * sizeof(float));
  k<<<1, 32>>>(in, out, bug ? 2 : 4);
  launched();
  synced();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
