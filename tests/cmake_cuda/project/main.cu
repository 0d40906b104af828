#include <cstdio>
#include <cstring>

#include <cuda_runtime.h>

extern __device__ int scale(int x);
int countMismatches(const int* values, int n);  // reference.cpp

__global__ void scaleAll(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef __CUDA_ARCH__
  if (i < n) out[i] = scale(i);
#endif
}

int main() {
  const int n = 1000;
  int* d = nullptr;
  if (cudaMallocManaged(&d, n * sizeof(int)) != cudaSuccess) return 1;
  scaleAll<<<(n + 255) / 256, 256>>>(d, n);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  int bad = countMismatches(d, n);
  std::printf("cmake_cuda: %d of %d values differ from the CPU reference\n", bad, n);
  // CMake links this target with the C++ compiler (a .cpp is among its sources), without
  // -rdynamic: kernels still have their names (the mangled one, as cudaFuncGetName gives it).
  const char* name = nullptr;
  if (cudaFuncGetName(&name, reinterpret_cast<const void*>(scaleAll)) != cudaSuccess) return 1;
  std::printf("cmake_cuda: kernel name %s\n", name);
  bad += std::strcmp(name, "_Z8scaleAllPii") != 0;
  cudaFree(d);
  return bad == 0 ? 0 : 1;
}
