// A global write one element past a 100-int allocation: the last thread of a 128-thread block
// without the bounds check (bug) or with it (fixed).
#include "suite.h"
__global__ void k(int* p, int n, bool bug) {
  int i = (int)threadIdx.x;
  if (bug ? i <= n : i < n) p[i] = i;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* p;
  cudaMalloc(&p, 100 * sizeof(int));
  k<<<1, 128>>>(p, 100, bug);
  launched();
  synced();
  cudaFree(p);
  return 0;
}
