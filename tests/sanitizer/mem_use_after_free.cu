// A kernel writes to a buffer that was cudaFree'd before the launch (bug); fixed: freed after.
#include "suite.h"
__global__ void k(int* p) { p[threadIdx.x] = (int)threadIdx.x; }
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* p;
  cudaMalloc(&p, 1024 * sizeof(int));
  if (bug) cudaFree(p);
  k<<<1, 32>>>(p);
  launched();
  synced();
  if (!bug) cudaFree(p);
  return 0;
}
