// The seed kernel 000 pattern: every block writes its partial sum, then counts itself with an
// atomic; the last block adds the partials. Without __threadfence between the partial's store
// and the atomic (bug), the last block may read a partial not yet visible: a global race the
// device's racecheck does not see. Fixed: the fence (release) and the reader's volatile loads.
#include "suite.h"
__device__ unsigned count = 0;
__global__ void sum(const float* in, volatile float* partial, float* total, bool bug) {
  __shared__ float s[128];
  __shared__ bool last;
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = 64; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    if (!bug) __threadfence();
    unsigned ticket = atomicInc(&count, gridDim.x);
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (last && t == 0) {
    float r = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) r += partial[b];
    *total = r;
    count = 0;
  }
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  const int blocks = 16, n = blocks * 128;
  float h[n];
  for (int i = 0; i < n; ++i) h[i] = 1.0f;
  float *in, *partial, *total;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&partial, blocks * sizeof(float));
  cudaMalloc(&total, sizeof(float));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  sum<<<blocks, 128>>>(in, partial, total, bug);
  launched();
  synced();
  float r = 0;
  cudaMemcpy(&r, total, sizeof r, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("total %.1f\n", r);
  cudaFree(in);
  cudaFree(partial);
  cudaFree(total);
  return 0;
}
