// RAW inside one warp: lane l reads lane l+1's element without __syncwarp (bug: a warning on
// sm_70+, independent thread scheduling) or after __syncwarp (fixed).
#include "suite.h"
__global__ void k(int* out, bool bug) {
  __shared__ int s[32];
  unsigned t = threadIdx.x;
  s[t] = (int)t * 3;
  if (!bug) __syncwarp();
  out[t] = s[(t + 1) % 32];
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
