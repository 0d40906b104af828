// A first kernel initialises only the even elements, a second reads all of them (bug); fixed:
// the first writes every element.
#include "suite.h"
__global__ void fill(int* p, int step) {
  unsigned i = threadIdx.x;
  if (i % step == 0) p[i] = (int)i;
}
__global__ void use(const int* p, int* out) { out[threadIdx.x] = p[threadIdx.x] * 2; }
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int *p, *out;
  cudaMalloc(&p, 32 * sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  fill<<<1, 32>>>(p, bug ? 2 : 1);
  use<<<1, 32>>>(p, out);
  launched();
  synced();
  cudaFree(p);
  cudaFree(out);
  return 0;
}
