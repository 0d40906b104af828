// Message passing between blocks through a volatile flag, as the CUDA Programming Guide's memory
// fence section describes it: block 0 writes the data, __threadfence(), sets the flag; block 1
// spins on the flag, __threadfence(), reads the data. Under the PTX memory model the two fences
// synchronize (fixed). Without them (bug) nothing orders the data: a global race, which the
// device's racecheck does not see.
#include "suite.h"
__global__ void pass(int* data, volatile int* flag, int* out, bool bug) {
  unsigned t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = int(t) * 3 + 1;
    __syncthreads();
    if (t == 0) {
      if (!bug) __threadfence();
      *flag = 1;
    }
  } else {
    if (t == 0) {
      while (*flag == 0) {
      }
      if (!bug) __threadfence();
    }
    __syncthreads();
    out[t] = data[t];
  }
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  const int n = 64;
  int *data, *flag, *out;
  cudaMalloc(&data, n * sizeof(int));
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  pass<<<2, n>>>(data, flag, out, bug);
  launched();
  synced();
  int h[n];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  long sum = 0;
  for (int i = 0; i < n; ++i) sum += h[i];
  if (!bug) std::printf("sum %ld\n", sum);
  cudaFree(data);
  cudaFree(flag);
  cudaFree(out);
  return 0;
}
