// Tree reduction in shared memory missing the barrier inside the loop (bug) / with it (fixed).
#include "suite.h"
__global__ void k(const int* in, int* out, bool bug) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (unsigned stride = 128; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    if (!bug) __syncthreads();
  }
  if (t == 0) *out = s[0];
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int h[256];
  for (int i = 0; i < 256; ++i) h[i] = i + 1;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<1, 256>>>(in, out, bug);
  launched();
  synced();
  int r = 0;
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("sum %d\n", r);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
