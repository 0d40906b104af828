// Two cudaMalloc buffers, one never freed (bug: a leak at exit under --leak-check full); fixed:
// both freed.
#include "suite.h"
__global__ void k(int* a, int* b) { a[threadIdx.x] = b[threadIdx.x] = (int)threadIdx.x; }
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int *a, *b;
  cudaMalloc(&a, 256 * sizeof(int));
  cudaMalloc(&b, 1000);
  k<<<1, 32>>>(a, b);
  launched();
  synced();
  cudaFree(a);
  if (!bug) cudaFree(b);
  return 0;
}
