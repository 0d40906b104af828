// How Nsight Compute names a kernel in its "==PROF== Profiling" lines: plain kernels whose
// display names (name and parameter list) have lengths from 17 to 50, with and without a
// const parameter, and a template. Recorded by source_run.sh.
#include <cstdio>

#include <cuda_runtime.h>

__global__ void kxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(int *p) { p[threadIdx.x] += 1; }
__global__ void cst(const float *p, int *q) { q[threadIdx.x] += (int)p[threadIdx.x]; }
template <int N> __global__ void tpl(int *p) { p[threadIdx.x] += N; }

int main() {
  int* p = nullptr;
  float* f = nullptr;
  cudaMalloc(&p, 32 * sizeof(int));
  cudaMalloc(&f, 32 * sizeof(float));
  cudaMemset(p, 0, 32 * sizeof(int));
  cudaMemset(f, 0, 32 * sizeof(float));
  kxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  kxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx<<<1, 32>>>(p);
  cst<<<1, 32>>>(f, p);
  tpl<3><<<1, 32>>>(p);
  int host = 0;
  cudaMemcpy(&host, p, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("names: %d\n", host);
  return host == 37 ? 0 : 1;
}
