// samples_convolution_separable: 2D convolution with a separable filter, done as a row pass and
// a column pass. The filter lives in constant memory (__constant__, set with
// cudaMemcpyToSymbol); each block stages its tile plus halo (apron) in shared memory. Pixels
// outside the image read as zero. The result is checked against a CPU convolution by relative
// L2 error.
//
// Options: -width=<pixels> (default 200), -height=<pixels> (default 150), -device=<id>.
#include <cstdio>
#include <cstdlib>
#include <cmath>

#include <cuda_runtime.h>

#include "helper_corpus.h"

#define KERNEL_RADIUS 8
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)

__constant__ float c_Kernel[KERNEL_LENGTH];

// Row pass geometry: each thread produces ROWS_RESULT_STEPS pixels spaced ROWS_BLOCKDIM_X apart
// and loads ROWS_HALO_STEPS more on each side (ROWS_HALO_STEPS * ROWS_BLOCKDIM_X >= radius).
#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 4
#define ROWS_HALO_STEPS 1

#define COLUMNS_BLOCKDIM_X 16
#define COLUMNS_BLOCKDIM_Y 8
#define COLUMNS_RESULT_STEPS 4
#define COLUMNS_HALO_STEPS 1

__global__ void convolutionRowsKernel(float *d_Dst, const float *d_Src, int imageW, int imageH,
                                      int pitch) {
  __shared__ float s_Data[ROWS_BLOCKDIM_Y]
                         [(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];

  // First pixel this thread loads (in the left halo).
  const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X +
                    threadIdx.x;
  const int baseY = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;
  const bool rowInside = baseY < imageH;

#pragma unroll
  for (int i = 0; i < ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS; i++) {
    int x = baseX + i * ROWS_BLOCKDIM_X;
    s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
        (rowInside && x >= 0 && x < imageW) ? d_Src[baseY * pitch + x] : 0.0f;
  }

  __syncthreads();

  if (!rowInside) return;

#pragma unroll
  for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
    int x = baseX + i * ROWS_BLOCKDIM_X;
    if (x >= imageW) continue;
    float sum = 0;
#pragma unroll
    for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
      sum += c_Kernel[KERNEL_RADIUS - j] *
             s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
    d_Dst[baseY * pitch + x] = sum;
  }
}

__global__ void convolutionColumnsKernel(float *d_Dst, const float *d_Src, int imageW,
                                         int imageH, int pitch) {
  __shared__ float s_Data[COLUMNS_BLOCKDIM_X][(COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) *
                                                  COLUMNS_BLOCKDIM_Y +
                                              1];

  const int baseX = blockIdx.x * COLUMNS_BLOCKDIM_X + threadIdx.x;
  const int baseY = (blockIdx.y * COLUMNS_RESULT_STEPS - COLUMNS_HALO_STEPS) * COLUMNS_BLOCKDIM_Y +
                    threadIdx.y;
  const bool columnInside = baseX < imageW;

#pragma unroll
  for (int i = 0; i < COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS; i++) {
    int y = baseY + i * COLUMNS_BLOCKDIM_Y;
    s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
        (columnInside && y >= 0 && y < imageH) ? d_Src[y * pitch + baseX] : 0.0f;
  }

  __syncthreads();

  if (!columnInside) return;

#pragma unroll
  for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++) {
    int y = baseY + i * COLUMNS_BLOCKDIM_Y;
    if (y >= imageH) continue;
    float sum = 0;
#pragma unroll
    for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
      sum += c_Kernel[KERNEL_RADIUS - j] *
             s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y + j];
    d_Dst[y * pitch + baseX] = sum;
  }
}

static void convolutionRowCPU(float *h_Dst, const float *h_Src, const float *h_Kernel,
                              int imageW, int imageH) {
  for (int y = 0; y < imageH; y++)
    for (int x = 0; x < imageW; x++) {
      double sum = 0;
      for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; k++) {
        int d = x + k;
        if (d >= 0 && d < imageW) sum += (double)h_Src[y * imageW + d] * h_Kernel[KERNEL_RADIUS - k];
      }
      h_Dst[y * imageW + x] = (float)sum;
    }
}

static void convolutionColumnCPU(float *h_Dst, const float *h_Src, const float *h_Kernel,
                                 int imageW, int imageH) {
  for (int y = 0; y < imageH; y++)
    for (int x = 0; x < imageW; x++) {
      double sum = 0;
      for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; k++) {
        int d = y + k;
        if (d >= 0 && d < imageH) sum += (double)h_Src[d * imageW + x] * h_Kernel[KERNEL_RADIUS - k];
      }
      h_Dst[y * imageW + x] = (float)sum;
    }
}

int main(int argc, char **argv) {
  printf("[samples_convolution_separable] - Starting...\n");
  findCudaDevice(argc, argv);

  int imageW = 200, imageH = 150;
  if (checkCmdLineFlag(argc, argv, "width")) imageW = getCmdLineArgumentInt(argc, argv, "width");
  if (checkCmdLineFlag(argc, argv, "height"))
    imageH = getCmdLineArgumentInt(argc, argv, "height");
  if (imageW <= 0 || imageH <= 0) {
    fprintf(stderr, "invalid -width or -height\n");
    return EXIT_FAILURE;
  }
  printf("Image %d x %d, filter radius %d\n", imageW, imageH, KERNEL_RADIUS);

  size_t bytes = (size_t)imageW * imageH * sizeof(float);
  float h_Kernel[KERNEL_LENGTH];
  float *h_Input = (float *)malloc(bytes);
  float *h_Buffer = (float *)malloc(bytes);
  float *h_OutputCPU = (float *)malloc(bytes);
  float *h_OutputGPU = (float *)malloc(bytes);

  // An asymmetric filter, so that a mirrored tap would be caught.
  srand(200);
  float kernelSum = 0;
  for (int i = 0; i < KERNEL_LENGTH; i++) {
    h_Kernel[i] = (float)(rand() % 16 + 1);
    kernelSum += h_Kernel[i];
  }
  for (int i = 0; i < KERNEL_LENGTH; i++) h_Kernel[i] /= kernelSum;
  for (int i = 0; i < imageW * imageH; i++) h_Input[i] = (float)(rand() % 16);

  float *d_Input, *d_Buffer, *d_Output;
  checkCudaErrors(cudaMalloc((void **)&d_Input, bytes));
  checkCudaErrors(cudaMalloc((void **)&d_Buffer, bytes));
  checkCudaErrors(cudaMalloc((void **)&d_Output, bytes));

  checkCudaErrors(cudaMemcpyToSymbol(c_Kernel, h_Kernel, KERNEL_LENGTH * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_Input, h_Input, bytes, cudaMemcpyHostToDevice));

  // The filter read back from the symbol must be what was written.
  float h_KernelBack[KERNEL_LENGTH];
  checkCudaErrors(cudaMemcpyFromSymbol(h_KernelBack, c_Kernel, sizeof(h_KernelBack)));
  bool symbolOk = true;
  for (int i = 0; i < KERNEL_LENGTH; i++) symbolOk = symbolOk && (h_KernelBack[i] == h_Kernel[i]);

  dim3 rowBlocks((imageW + ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X - 1) /
                     (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X),
                 (imageH + ROWS_BLOCKDIM_Y - 1) / ROWS_BLOCKDIM_Y);
  dim3 rowThreads(ROWS_BLOCKDIM_X, ROWS_BLOCKDIM_Y);
  convolutionRowsKernel<<<rowBlocks, rowThreads>>>(d_Buffer, d_Input, imageW, imageH, imageW);
  getLastCudaError("convolutionRowsKernel launch failed");

  dim3 colBlocks((imageW + COLUMNS_BLOCKDIM_X - 1) / COLUMNS_BLOCKDIM_X,
                 (imageH + COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y - 1) /
                     (COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y));
  dim3 colThreads(COLUMNS_BLOCKDIM_X, COLUMNS_BLOCKDIM_Y);
  convolutionColumnsKernel<<<colBlocks, colThreads>>>(d_Output, d_Buffer, imageW, imageH, imageW);
  getLastCudaError("convolutionColumnsKernel launch failed");

  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaMemcpy(h_OutputGPU, d_Output, bytes, cudaMemcpyDeviceToHost));

  convolutionRowCPU(h_Buffer, h_Input, h_Kernel, imageW, imageH);
  convolutionColumnCPU(h_OutputCPU, h_Buffer, h_Kernel, imageW, imageH);

  bool ok = true;
  if (symbolOk) {
    printf("samples_convolution_separable: PASS constant filter round trip\n");
  } else {
    printf("samples_convolution_separable: FAIL constant filter read back differs\n");
    ok = false;
  }
  unsigned int n = imageW * imageH;
  unsigned int bad = sdkCountMismatches(h_OutputCPU, h_OutputGPU, n, 1e-4f, 1e-5f, "pixel");
  bool l2ok = sdkCompareL2fe(h_OutputCPU, h_OutputGPU, n, 1e-5f);
  if (bad == 0 && l2ok) {
    printf("samples_convolution_separable: PASS convolution\n");
  } else {
    printf("samples_convolution_separable: FAIL convolution, %u pixels out of tolerance\n", bad);
    ok = false;
  }

  checkCudaErrors(cudaFree(d_Input));
  checkCudaErrors(cudaFree(d_Buffer));
  checkCudaErrors(cudaFree(d_Output));
  free(h_Input);
  free(h_Buffer);
  free(h_OutputCPU);
  free(h_OutputGPU);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
