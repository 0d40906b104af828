// A global read one element past the end (a stencil's right neighbour at the last element, bug);
// fixed: the last element has no right neighbour.
#include "suite.h"
__global__ void k(const float* in, float* out, int n, bool bug) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float right = (bug || i + 1 < n) ? in[i + 1] : 0.0f;
  out[i] = in[i] + right;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  const int n = 256;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(in, 0, n * sizeof(float));
  k<<<2, 128>>>(in, out, n, bug);
  launched();
  synced();
  cudaFree(in);
  cudaFree(out);
  return 0;
}
