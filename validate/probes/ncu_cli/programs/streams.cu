// Which stream ID Nsight Compute shows for a launch on each kind of stream: the legacy default
// stream, created streams (blocking and non-blocking, with priorities), the per-thread default
// stream, and a created stream used again after others. Recorded by source_run.sh; loom-ncu
// numbers streams the same way.
#include <cstdio>

#include <cuda_runtime.h>

__global__ void touch(int* data, int tag) { data[threadIdx.x] += tag; }

int main() {
  int* data = nullptr;
  cudaMalloc(&data, 32 * sizeof(int));
  cudaMemset(data, 0, 32 * sizeof(int));
  cudaStream_t a, b, c;
  cudaStreamCreate(&a);
  cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
  int low = 0, high = 0;
  cudaDeviceGetStreamPriorityRange(&low, &high);
  cudaStreamCreateWithPriority(&c, cudaStreamDefault, high);
  touch<<<1, 32>>>(data, 1);
  touch<<<1, 32, 0, a>>>(data, 2);
  touch<<<1, 32, 0, b>>>(data, 3);
  touch<<<1, 32, 0, c>>>(data, 4);
  touch<<<1, 32, 0, cudaStreamPerThread>>>(data, 5);
  touch<<<1, 32, 0, a>>>(data, 6);
  touch<<<1, 32, 0, 0>>>(data, 7);
  cudaDeviceSynchronize();
  int host[32];
  cudaMemcpy(host, data, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("streams: %d\n", host[0]);
  cudaStreamDestroy(a);
  cudaStreamDestroy(b);
  cudaStreamDestroy(c);
  cudaFree(data);
  return host[0] == 28 ? 0 : 1;
}
