// samples_dot_product: dot products whose per-block partial sums are combined with atomicAdd on
// __device__ global variables, read back with cudaMemcpyFromSymbol.
//   - float vectors: shared-memory tree per block, atomicAdd(float) into g_dotFloat; compared
//     with a double CPU sum within a relative tolerance (the atomic order varies run to run);
//   - integer vectors: the same into an unsigned long long accumulator, compared exactly.
// The accumulators are reset once with cudaMemcpyToSymbol and once through the address that
// cudaGetSymbolAddress gives.
//
// Options: -n=<elements> (default 100000), -device=<id>.
#include <cstdio>
#include <cstdlib>
#include <cmath>

#include <cuda_runtime.h>

#include "helper_corpus.h"

#define THREADS_PER_BLOCK 256
#define BLOCKS_PER_GRID 32

__device__ float g_dotFloat;
__device__ unsigned long long g_dotInt;

__global__ void dotFloat(const float *a, const float *b, int n) {
  __shared__ float cache[THREADS_PER_BLOCK];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  float temp = 0;
  while (tid < n) {
    temp += a[tid] * b[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[threadIdx.x] = temp;
  __syncthreads();

  for (int i = blockDim.x / 2; i != 0; i /= 2) {
    if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(&g_dotFloat, cache[0]);
}

// Products are non-negative here, so an unsigned 64-bit accumulator is exact.
__global__ void dotInt(const unsigned int *a, const unsigned int *b, int n) {
  __shared__ unsigned long long cache[THREADS_PER_BLOCK];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned long long temp = 0;
  while (tid < n) {
    temp += (unsigned long long)a[tid] * b[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[threadIdx.x] = temp;
  __syncthreads();

  for (int i = blockDim.x / 2; i != 0; i /= 2) {
    if (threadIdx.x < i) cache[threadIdx.x] += cache[threadIdx.x + i];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(&g_dotInt, cache[0]);
}

int main(int argc, char **argv) {
  printf("[samples_dot_product] - Starting...\n");
  findCudaDevice(argc, argv);

  int n = 100000;
  if (checkCmdLineFlag(argc, argv, "n")) n = getCmdLineArgumentInt(argc, argv, "n");
  if (n <= 0) {
    fprintf(stderr, "invalid -n\n");
    return EXIT_FAILURE;
  }
  printf("%d elements, %d blocks of %d threads\n", n, BLOCKS_PER_GRID, THREADS_PER_BLOCK);

  float *h_a = (float *)malloc(n * sizeof(float));
  float *h_b = (float *)malloc(n * sizeof(float));
  unsigned int *h_ia = (unsigned int *)malloc(n * sizeof(unsigned int));
  unsigned int *h_ib = (unsigned int *)malloc(n * sizeof(unsigned int));
  double goldFloat = 0.0;
  unsigned long long goldInt = 0;
  srand(99);
  for (int i = 0; i < n; i++) {
    h_a[i] = rand() / (float)RAND_MAX;
    h_b[i] = rand() / (float)RAND_MAX - 0.25f;
    h_ia[i] = (unsigned int)rand() % 100000u;
    h_ib[i] = (unsigned int)rand() % 70000u;
    goldFloat += (double)h_a[i] * (double)h_b[i];
    goldInt += (unsigned long long)h_ia[i] * h_ib[i];
  }

  float *d_a, *d_b;
  unsigned int *d_ia, *d_ib;
  checkCudaErrors(cudaMalloc((void **)&d_a, n * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_b, n * sizeof(float)));
  checkCudaErrors(cudaMalloc((void **)&d_ia, n * sizeof(unsigned int)));
  checkCudaErrors(cudaMalloc((void **)&d_ib, n * sizeof(unsigned int)));
  checkCudaErrors(cudaMemcpy(d_a, h_a, n * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_b, h_b, n * sizeof(float), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_ia, h_ia, n * sizeof(unsigned int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_ib, h_ib, n * sizeof(unsigned int), cudaMemcpyHostToDevice));

  bool ok = true;

  // Float: reset with cudaMemcpyToSymbol, run twice to be sure the reset takes.
  for (int run = 0; run < 2; run++) {
    float zero = 0.0f;
    checkCudaErrors(cudaMemcpyToSymbol(g_dotFloat, &zero, sizeof(float)));
    dotFloat<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_a, d_b, n);
    getLastCudaError("dotFloat launch failed");
    checkCudaErrors(cudaDeviceSynchronize());
    float result = -1.0f;
    checkCudaErrors(cudaMemcpyFromSymbol(&result, g_dotFloat, sizeof(float)));
    double relErr = fabs(result - goldFloat) / fabs(goldFloat);
    if (relErr < 1e-5) {
      printf("samples_dot_product: PASS float run %d = %.4f (rel err %.1e)\n", run, result,
             relErr);
    } else {
      printf("samples_dot_product: FAIL float run %d = %.4f, expected %.4f (rel err %.1e)\n", run,
             result, goldFloat, relErr);
      ok = false;
    }
  }

  // Integer: reset through the symbol's device address.
  {
    void *symbolAddress = NULL;
    checkCudaErrors(cudaGetSymbolAddress(&symbolAddress, g_dotInt));
    checkCudaErrors(cudaMemset(symbolAddress, 0, sizeof(unsigned long long)));
    dotInt<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_ia, d_ib, n);
    getLastCudaError("dotInt launch failed");
    unsigned long long result = 0;
    checkCudaErrors(cudaMemcpyFromSymbol(&result, g_dotInt, sizeof(result)));
    if (result == goldInt) {
      printf("samples_dot_product: PASS integer = %llu\n", result);
    } else {
      printf("samples_dot_product: FAIL integer = %llu, expected %llu\n", result, goldInt);
      ok = false;
    }
  }

  checkCudaErrors(cudaFree(d_a));
  checkCudaErrors(cudaFree(d_b));
  checkCudaErrors(cudaFree(d_ia));
  checkCudaErrors(cudaFree(d_ib));
  free(h_a);
  free(h_b);
  free(h_ia);
  free(h_ib);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
