// __shfl_sync with the full mask inside a branch only half of the warp takes (bug); fixed: the
// mask of the lanes that take it.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  unsigned t = threadIdx.x;
  int v = (int)t * 10;
  if (t < 16) v = __shfl_sync(bug ? 0xffffffffu : 0x0000ffffu, v, 0);
  out[t] = v;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 32 * sizeof(int));
  k<<<1, 32>>>(out, bug);
  launched();
  synced();
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("out[5] %d out[20] %d\n", h[5], h[20]);
  cudaFree(out);
  return 0;
}
