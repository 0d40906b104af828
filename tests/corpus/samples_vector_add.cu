// samples_vector_add: element-wise C = A + B, the "hello world" of CUDA samples.
//
// Options: -n=<elements> (default 50000), -threads=<per block> (default 256), -device=<id>.
#include <cstdio>
#include <cstdlib>
#include <cmath>

#include <cuda_runtime.h>

#include "helper_corpus.h"

__global__ void vectorAdd(const float *A, const float *B, float *C, int numElements) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < numElements) {
    C[i] = A[i] + B[i];
  }
}

int main(int argc, char **argv) {
  printf("[Vector addition of two arrays]\n");
  findCudaDevice(argc, argv);

  int numElements = 50000;
  if (checkCmdLineFlag(argc, argv, "n")) numElements = getCmdLineArgumentInt(argc, argv, "n");
  int threadsPerBlock = 256;
  if (checkCmdLineFlag(argc, argv, "threads"))
    threadsPerBlock = getCmdLineArgumentInt(argc, argv, "threads");
  if (numElements <= 0 || threadsPerBlock <= 0 || threadsPerBlock > 1024) {
    fprintf(stderr, "invalid -n or -threads\n");
    return EXIT_FAILURE;
  }
  size_t size = numElements * sizeof(float);
  printf("Vector of %d elements\n", numElements);

  float *h_A = (float *)malloc(size);
  float *h_B = (float *)malloc(size);
  float *h_C = (float *)malloc(size);
  if (h_A == NULL || h_B == NULL || h_C == NULL) {
    fprintf(stderr, "Failed to allocate host vectors!\n");
    return EXIT_FAILURE;
  }

  srand(2024);
  for (int i = 0; i < numElements; ++i) {
    h_A[i] = rand() / (float)RAND_MAX;
    h_B[i] = rand() / (float)RAND_MAX;
  }

  float *d_A = NULL, *d_B = NULL, *d_C = NULL;
  checkCudaErrors(cudaMalloc((void **)&d_A, size));
  checkCudaErrors(cudaMalloc((void **)&d_B, size));
  checkCudaErrors(cudaMalloc((void **)&d_C, size));

  checkCudaErrors(cudaMemcpy(d_A, h_A, size, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_B, h_B, size, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_C, 0xff, size));  // NaN pattern: unwritten elements show up

  int blocksPerGrid = (numElements + threadsPerBlock - 1) / threadsPerBlock;
  printf("CUDA kernel launch with %d blocks of %d threads\n", blocksPerGrid, threadsPerBlock);
  vectorAdd<<<blocksPerGrid, threadsPerBlock>>>(d_A, d_B, d_C, numElements);
  getLastCudaError("vectorAdd kernel launch failed");
  checkCudaErrors(cudaDeviceSynchronize());

  checkCudaErrors(cudaMemcpy(h_C, d_C, size, cudaMemcpyDeviceToHost));

  // A single float addition is correctly rounded on both sides, so the match is exact.
  int mismatches = 0;
  for (int i = 0; i < numElements; ++i) {
    float expected = h_A[i] + h_B[i];
    if (h_C[i] != expected) {
      if (mismatches < 5)
        fprintf(stderr, "  C[%d] = %.9g, expected %.9g\n", i, h_C[i], expected);
      ++mismatches;
    }
  }

  bool ok = (mismatches == 0);
  if (ok)
    printf("samples_vector_add: PASS\n");
  else
    printf("samples_vector_add: FAIL %d of %d elements differ\n", mismatches, numElements);

  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_C));
  free(h_A);
  free(h_B);
  free(h_C);

  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
