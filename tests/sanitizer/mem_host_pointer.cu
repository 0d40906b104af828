// A kernel writes through a pointer from the host's malloc (bug: not device-accessible memory);
// fixed: the device buffer, copied back.
#include "suite.h"
__global__ void k(int* p) { p[threadIdx.x] = (int)threadIdx.x; }
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* host = (int*)std::malloc(32 * sizeof(int));
  int* dev = nullptr;
  cudaMalloc(&dev, 32 * sizeof(int));
  k<<<1, 32>>>(bug ? host : dev);
  launched();
  synced();
  if (!bug) {
    cudaMemcpy(host, dev, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    std::printf("host[31] %d\n", host[31]);
  }
  cudaFree(dev);
  std::free(host);
  return 0;
}
