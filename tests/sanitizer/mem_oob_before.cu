// A global write one element before the start of an allocation (index -1, bug); fixed: index 0.
#include "suite.h"
__global__ void k(int* p, bool bug) {
  if (threadIdx.x == 0) p[bug ? -1 : 0] = 7;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* p;
  cudaMalloc(&p, 64 * sizeof(int));
  k<<<1, 32>>>(p, bug);
  launched();
  synced();
  cudaFree(p);
  return 0;
}
