// samples_matrix_mul: C = A * B with shared-memory tiles, templated on the tile size.
//
// The matrices need not be multiples of the tile: out-of-range tile elements are loaded as zero
// and out-of-range outputs are not written. Both the 16x16 and the 32x32 instantiation run.
//
// Options: -wA=<cols of A>, -hA=<rows of A>, -wB=<cols of B> (defaults 75, 50, 45; hB = wA),
//          -device=<id>.
#include <cstdio>
#include <cstdlib>
#include <cmath>

#include <cuda_runtime.h>

#include "helper_corpus.h"

template <int BLOCK_SIZE>
__global__ void MatrixMulCUDA(float *C, const float *A, const float *B, int hA, int wA, int wB) {
  int bx = blockIdx.x;
  int by = blockIdx.y;
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  int row = by * BLOCK_SIZE + ty;
  int col = bx * BLOCK_SIZE + tx;

  float Csub = 0.0f;

  // Walk the tiles of A's row band and B's column band together.
  for (int t = 0; t < (wA + BLOCK_SIZE - 1) / BLOCK_SIZE; ++t) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];

    int aCol = t * BLOCK_SIZE + tx;
    int bRow = t * BLOCK_SIZE + ty;
    As[ty][tx] = (row < hA && aCol < wA) ? A[row * wA + aCol] : 0.0f;
    Bs[ty][tx] = (bRow < wA && col < wB) ? B[bRow * wB + col] : 0.0f;

    __syncthreads();

#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) {
      Csub += As[ty][k] * Bs[k][tx];
    }

    __syncthreads();
  }

  if (row < hA && col < wB) C[row * wB + col] = Csub;
}

static void ConstantInit(float *data, int size, unsigned int seed) {
  srand(seed);
  for (int i = 0; i < size; ++i) data[i] = (float)(rand() % 200 - 100) / 64.0f;
}

static void MatrixMulCPU(float *C, const float *A, const float *B, int hA, int wA, int wB) {
  for (int i = 0; i < hA; ++i)
    for (int j = 0; j < wB; ++j) {
      double sum = 0.0;
      for (int k = 0; k < wA; ++k) sum += (double)A[i * wA + k] * (double)B[k * wB + j];
      C[i * wB + j] = (float)sum;
    }
}

template <int BLOCK_SIZE>
static bool RunMatrixMul(const float *h_A, const float *h_B, const float *h_ref, int hA, int wA,
                         int wB) {
  size_t sizeA = sizeof(float) * hA * wA;
  size_t sizeB = sizeof(float) * wA * wB;
  size_t sizeC = sizeof(float) * hA * wB;
  float *h_C = (float *)malloc(sizeC);

  float *d_A, *d_B, *d_C;
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_A), sizeA));
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_B), sizeB));
  checkCudaErrors(cudaMalloc(reinterpret_cast<void **>(&d_C), sizeC));
  checkCudaErrors(cudaMemcpy(d_A, h_A, sizeA, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_B, h_B, sizeB, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_C, 0, sizeC));

  dim3 threads(BLOCK_SIZE, BLOCK_SIZE);
  dim3 grid((wB + BLOCK_SIZE - 1) / BLOCK_SIZE, (hA + BLOCK_SIZE - 1) / BLOCK_SIZE);
  printf("Computing result using MatrixMulCUDA<%d>, grid %u x %u...\n", BLOCK_SIZE, grid.x,
         grid.y);
  MatrixMulCUDA<BLOCK_SIZE><<<grid, threads>>>(d_C, d_A, d_B, hA, wA, wB);
  getLastCudaError("MatrixMulCUDA launch failed");
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaMemcpy(h_C, d_C, sizeC, cudaMemcpyDeviceToHost));

  // Each element sums wA products of values up to ~1.6 in magnitude.
  unsigned int bad = sdkCountMismatches(h_ref, h_C, hA * wB, 1e-4f * wA, 1e-5f, "C");
  bool ok = (bad == 0) && sdkCompareL2fe(h_ref, h_C, hA * wB, 1e-6f);
  if (ok)
    printf("samples_matrix_mul: PASS block %d\n", BLOCK_SIZE);
  else
    printf("samples_matrix_mul: FAIL block %d, %u elements out of tolerance\n", BLOCK_SIZE, bad);

  free(h_C);
  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_C));
  return ok;
}

int main(int argc, char **argv) {
  printf("[Matrix Multiply Using CUDA] - Starting...\n");
  findCudaDevice(argc, argv);

  int wA = 75, hA = 50, wB = 45;
  if (checkCmdLineFlag(argc, argv, "wA")) wA = getCmdLineArgumentInt(argc, argv, "wA");
  if (checkCmdLineFlag(argc, argv, "hA")) hA = getCmdLineArgumentInt(argc, argv, "hA");
  if (checkCmdLineFlag(argc, argv, "wB")) wB = getCmdLineArgumentInt(argc, argv, "wB");
  if (wA <= 0 || hA <= 0 || wB <= 0) {
    fprintf(stderr, "matrix sizes must be positive\n");
    return EXIT_FAILURE;
  }
  printf("MatrixA(%d,%d), MatrixB(%d,%d)\n", wA, hA, wB, wA);

  float *h_A = (float *)malloc(sizeof(float) * hA * wA);
  float *h_B = (float *)malloc(sizeof(float) * wA * wB);
  float *h_ref = (float *)malloc(sizeof(float) * hA * wB);
  ConstantInit(h_A, hA * wA, 1);
  ConstantInit(h_B, wA * wB, 2);
  MatrixMulCPU(h_ref, h_A, h_B, hA, wA, wB);

  bool ok = true;
  ok = RunMatrixMul<16>(h_A, h_B, h_ref, hA, wA, wB) && ok;
  ok = RunMatrixMul<32>(h_A, h_B, h_ref, hA, wA, wB) && ok;

  free(h_A);
  free(h_B);
  free(h_ref);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
