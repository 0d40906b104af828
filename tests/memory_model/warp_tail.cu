// A block reduction's last warp. Bug: the old warp-synchronous tail through volatile shared
// memory without __syncwarp(), which relies on the warp's lanes running in lockstep (sm_70+ does
// not promise it). Fixed: __syncwarp() between each read and the write that follows.
#include "case.h"
constexpr int kBlocks = 8, kThreads = 128;
__global__ void reduce(const int* in, int* out, bool bug) {
  __shared__ int s[kThreads];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * kThreads + t];
  __syncthreads();
  if (t < 64) s[t] += s[t + 64];
  __syncthreads();
  if (t < 32) {
    volatile int* v = s;
    if (bug) {
      v[t] = v[t] + v[t + 32];
      v[t] = v[t] + v[t + 16];
      v[t] = v[t] + v[t + 8];
      v[t] = v[t] + v[t + 4];
      v[t] = v[t] + v[t + 2];
      v[t] = v[t] + v[t + 1];
    } else {
      int x = v[t];
      for (unsigned o = 32; o > 0; o /= 2) {
        x += v[t + o];
        __syncwarp();
        v[t] = x;
        __syncwarp();
      }
    }
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
long long run(bool bug, long long* want) {
  int h[kBlocks * kThreads], got[kBlocks];
  for (int i = 0; i < kBlocks * kThreads; ++i) *want += h[i] = i % 11;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof got);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  reduce<<<kBlocks, kThreads>>>(in, out, bug);
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  long long r = 0;
  for (int b = 0; b < kBlocks; ++b) r += got[b];
  return r;
}
