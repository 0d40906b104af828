// The old warp-synchronous reduction tail (volatile shared, no __syncwarp): intra-warp hazards
// on sm_70+ (bug). Fixed: __syncwarp between each read and the write that follows.
#include "suite.h"
__global__ void k(const int* in, int* out, bool bug) {
  __shared__ int s[64];
  unsigned t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32) {
    volatile int* v = s;
    if (bug) {
      v[t] += v[t + 32]; v[t] += v[t + 16]; v[t] += v[t + 8];
      v[t] += v[t + 4];  v[t] += v[t + 2];  v[t] += v[t + 1];
    } else {
      int x = v[t] + v[t + 32];
      __syncwarp();
      v[t] = x;
      __syncwarp();
      for (unsigned o = 16; o > 0; o /= 2) {
        if (t < o) x += v[t + o];
        __syncwarp();
        if (t < o) v[t] = x;
        __syncwarp();
      }
    }
  }
  if (t == 0) *out = s[0];
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int h[64];
  for (int i = 0; i < 64; ++i) h[i] = i;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<1, 64>>>(in, out, bug);
  launched();
  synced();
  int r = 0;
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("sum %d\n", r);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
