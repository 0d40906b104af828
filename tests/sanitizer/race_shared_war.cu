// WAR on shared memory across warps: a thread reads its neighbour warp's element, then every
// thread overwrites its own; no barrier between the read and the write (bug) or one (fixed).
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = (int)t;
  __syncthreads();
  int v = s[(t + 32) % 64];
  if (!bug) __syncthreads();
  s[t] = v * 2;
  __syncthreads();
  out[t] = s[t];
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  k<<<1, 64>>>(out, bug);
  launched();
  synced();
  int h[64];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("out[0] %d out[63] %d\n", h[0], h[63]);
  cudaFree(out);
  return 0;
}
