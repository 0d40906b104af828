// WAW on shared memory across warps: one thread of each warp writes the same word with a
// different value (bug); fixed: each warp writes its own word.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int s[4];
  unsigned t = threadIdx.x;
  if (t % 32 == 0) s[bug ? 0 : t / 32] = (int)t;
  __syncthreads();
  if (t < 4) out[t] = s[t];
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 4 * sizeof(int));
  k<<<1, 128>>>(out, bug);
  launched();
  synced();
  int h[4];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("out %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  cudaFree(out);
  return 0;
}
