// A target of .cu files alone: CMake links it through the CUDA compiler's link line.
#include <cstdio>

__global__ void square(int* out) { out[threadIdx.x] = threadIdx.x * threadIdx.x; }

int main() {
  int* d = nullptr;
  cudaMallocManaged(&d, 64 * sizeof(int));
  square<<<1, 64>>>(d);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int i = 0; i < 64; ++i) bad += d[i] != i * i;
  std::printf("kernels_only: %d of 64 values differ from the CPU reference\n", bad);
  return bad == 0 ? 0 : 1;
}
