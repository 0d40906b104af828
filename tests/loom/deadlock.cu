// A kernel that can never finish: lane 0 waits in __syncwarp for lane 1, which waits at a block
// barrier for lane 0. The brief asks for a report naming the waiting threads instead of a hang,
// and the launch fails; the device's behaviour here is undefined, so this has no device record.
#include <cstdio>

__global__ void stuck() {
  if (threadIdx.x == 0) __syncwarp(0x3);
  else __syncthreads();
}

int main() {
  stuck<<<1, 2>>>();
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("sync %s\n", cudaGetErrorName(e));
  return e == cudaErrorLaunchFailure ? 0 : 1;
}
