// A 4-byte load from an address 2 bytes into an int array (bug: misaligned); fixed: aligned.
#include "suite.h"
__global__ void k(const int* in, int* out, int byteOffset) {
  const int* p = (const int*)((const char*)in + byteOffset);
  out[threadIdx.x] = p[threadIdx.x];
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int *in, *out;
  cudaMalloc(&in, 64 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(in, 0, 64 * sizeof(int));
  k<<<1, 32>>>(in, out, bug ? 2 : 4);
  launched();
  synced();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
