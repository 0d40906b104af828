// A global WAW across blocks: every block's thread 0 writes its index to the same word (bug);
// fixed: each block its own word. compute-sanitizer's racecheck covers shared memory only, so
// the device reports neither; Loom reports the bug as a global race.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  if (threadIdx.x == 0) out[bug ? 0 : blockIdx.x] = (int)blockIdx.x + 1;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 8 * sizeof(int));
  cudaMemset(out, 0, 8 * sizeof(int));
  k<<<8, 32>>>(out, bug);
  launched();
  synced();
  int h[8];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("out %d %d ... %d\n", h[0], h[1], h[7]);
  cudaFree(out);
  return 0;
}
