// WAR inside one warp: each lane reads its neighbour's element, then overwrites its own, with no
// __syncwarp between (bug) or with one (fixed).
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int s[32];
  unsigned t = threadIdx.x;
  s[t] = (int)t;
  __syncwarp();
  int v = s[(t + 1) % 32];
  if (!bug) __syncwarp();
  s[t] = v + 100;
  __syncwarp();
  out[t] = s[t];
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
  if (!bug) std::printf("out[0] %d out[31] %d\n", h[0], h[31]);
  cudaFree(out);
  return 0;
}
