// A kernel reads a cudaMalloc buffer that nothing wrote (bug); fixed: cudaMemset first.
#include "suite.h"
__global__ void k(const int* in, int* out) { out[threadIdx.x] = in[threadIdx.x] + 1; }
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int *in, *out;
  cudaMalloc(&in, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  if (!bug) cudaMemset(in, 0, 32 * sizeof(int));
  k<<<1, 32>>>(in, out);
  launched();
  synced();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
