// A global write 1 GiB past a 4 KiB allocation (bug; far from any allocation); fixed: inside it.
#include "suite.h"
__global__ void k(int* base, unsigned long long byteOffset) {
  int* p = (int*)((char*)base + byteOffset);
  p[threadIdx.x] = 42;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* p;
  cudaMalloc(&p, 4096);
  k<<<1, 32>>>(p, bug ? (1ull << 30) : 0ull);
  launched();
  synced();
  cudaFree(p);
  return 0;
}
