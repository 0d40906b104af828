// Host code in a .cpp file: the CPU reference, and a runtime call through CUDA::cudart.
#include <cuda_runtime.h>

int countMismatches(const int* values, int n) {
  int device = -1;
  if (cudaGetDevice(&device) != cudaSuccess || device != 0) return n;
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += values[i] != 3 * i;
  return bad;
}
