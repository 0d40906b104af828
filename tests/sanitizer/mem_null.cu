// A kernel writes through a null pointer (bug: the allocation was never made); fixed: allocated.
#include "suite.h"
__global__ void k(int* p) { p[threadIdx.x] = 1; }
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* p = nullptr;
  if (!bug) cudaMalloc(&p, 32 * sizeof(int));
  k<<<1, 32>>>(p);
  launched();
  synced();
  if (!bug) cudaFree(p);
  return 0;
}
