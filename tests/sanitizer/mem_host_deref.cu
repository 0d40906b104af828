// Host code reads through a device pointer (bug: on a GPU machine the host process faults, and
// compute-sanitizer has nothing to say; under Loom host code is the host pass's uninstrumented
// code and device memory is host memory, so the read succeeds and no tool reports it either);
// fixed: cudaMemcpy to the host first.
#include "suite.h"
__global__ void k(int* out) { out[threadIdx.x] = (int)threadIdx.x; }
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* dev;
  cudaMalloc(&dev, 32 * sizeof(int));
  k<<<1, 32>>>(dev);
  launched();
  synced();
  int v = 0;
  if (bug) v = dev[31];
  else cudaMemcpy(&v, dev + 31, sizeof v, cudaMemcpyDeviceToHost);
  std::printf("v %d\n", v);
  cudaFree(dev);
  return 0;
}
