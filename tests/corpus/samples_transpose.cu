// samples_transpose: matrix transpose, a naive kernel and a shared-memory tiled kernel whose
// tile has one column of padding against bank conflicts. Both results are checked exactly.
//
// Each block moves a TILE_DIM x TILE_DIM tile with TILE_DIM x BLOCK_ROWS threads, each thread
// handling TILE_DIM / BLOCK_ROWS elements. Sizes need not be multiples of the tile.
//
// Options: -width=<cols> (default 200), -height=<rows> (default 136), -device=<id>.
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#include "helper_corpus.h"

#define TILE_DIM 32
#define BLOCK_ROWS 8

// odata is height x width transposed: odata[x * height + y] = idata[y * width + x].
__global__ void transposeNaive(float *odata, const float *idata, int width, int height) {
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;

  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    int y = yIndex + i;
    if (xIndex < width && y < height) odata[xIndex * height + y] = idata[y * width + xIndex];
  }
}

__global__ void transposeNoBankConflicts(float *odata, const float *idata, int width,
                                         int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];

  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;

  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    if (xIndex < width && yIndex + i < height)
      tile[threadIdx.y + i][threadIdx.x] = idata[(yIndex + i) * width + xIndex];
  }

  __syncthreads();

  // Swap the block coordinates: this block writes the mirrored tile of the output.
  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;  // column in the output (< height)
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;  // row in the output (< width)

  for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
    if (xIndex < height && yIndex + i < width)
      odata[(yIndex + i) * height + xIndex] = tile[threadIdx.x][threadIdx.y + i];
  }
}

static bool checkTranspose(const char *name, const float *gold, const float *result, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    if (gold[i] != result[i]) {
      if (bad < 5) fprintf(stderr, "  %s: [%d] = %g, expected %g\n", name, i, result[i], gold[i]);
      ++bad;
    }
  }
  if (bad == 0)
    printf("samples_transpose: PASS %s\n", name);
  else
    printf("samples_transpose: FAIL %s, %d of %d elements differ\n", name, bad, n);
  return bad == 0;
}

int main(int argc, char **argv) {
  printf("Transpose Starting...\n");
  findCudaDevice(argc, argv);

  int width = 200, height = 136;
  if (checkCmdLineFlag(argc, argv, "width")) width = getCmdLineArgumentInt(argc, argv, "width");
  if (checkCmdLineFlag(argc, argv, "height"))
    height = getCmdLineArgumentInt(argc, argv, "height");
  if (width <= 0 || height <= 0) {
    fprintf(stderr, "invalid -width or -height\n");
    return EXIT_FAILURE;
  }
  int n = width * height;
  size_t memSize = sizeof(float) * n;
  printf("Matrix size: %dx%d, tile %dx%d, block %dx%d\n", width, height, TILE_DIM, TILE_DIM,
         TILE_DIM, BLOCK_ROWS);

  float *h_idata = (float *)malloc(memSize);
  float *h_odata = (float *)malloc(memSize);
  float *gold = (float *)malloc(memSize);
  for (int i = 0; i < n; ++i) h_idata[i] = (float)i;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) gold[x * height + y] = h_idata[y * width + x];

  float *d_idata, *d_odata;
  checkCudaErrors(cudaMalloc((void **)&d_idata, memSize));
  checkCudaErrors(cudaMalloc((void **)&d_odata, memSize));
  checkCudaErrors(cudaMemcpy(d_idata, h_idata, memSize, cudaMemcpyHostToDevice));

  dim3 grid((width + TILE_DIM - 1) / TILE_DIM, (height + TILE_DIM - 1) / TILE_DIM);
  dim3 threads(TILE_DIM, BLOCK_ROWS);

  bool ok = true;

  checkCudaErrors(cudaMemset(d_odata, 0, memSize));
  transposeNaive<<<grid, threads>>>(d_odata, d_idata, width, height);
  getLastCudaError("transposeNaive launch failed");
  checkCudaErrors(cudaMemcpy(h_odata, d_odata, memSize, cudaMemcpyDeviceToHost));
  ok = checkTranspose("naive", gold, h_odata, n) && ok;

  checkCudaErrors(cudaMemset(d_odata, 0, memSize));
  transposeNoBankConflicts<<<grid, threads>>>(d_odata, d_idata, width, height);
  getLastCudaError("transposeNoBankConflicts launch failed");
  checkCudaErrors(cudaMemcpy(h_odata, d_odata, memSize, cudaMemcpyDeviceToHost));
  ok = checkTranspose("shared tile", gold, h_odata, n) && ok;

  checkCudaErrors(cudaFree(d_idata));
  checkCudaErrors(cudaFree(d_odata));
  free(h_idata);
  free(h_odata);
  free(gold);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
