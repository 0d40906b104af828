// samples_histogram: 256-bin byte histogram.
//   histogram256Kernel: each block accumulates a private histogram in shared memory with
//                       atomicAdd, reading the input four bytes at a time as unsigned ints, and
//                       writes it as one row of a partial-histogram array.
//   mergeHistogram256Kernel: one block per bin sums that bin over all partial histograms.
//   histogramGlobalKernel: the simple version, atomicAdd straight into the global histogram.
// Counts are checked exactly against a CPU histogram.
//
// Options: -bytes=<input size, rounded up to a multiple of 4> (default 262144),
//          -device=<id>.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

#include "helper_corpus.h"

#define HISTOGRAM256_BIN_COUNT 256
#define HISTOGRAM256_THREADS 192
#define PARTIAL_HISTOGRAM256_COUNT 48
#define MERGE_THREADS 256

__device__ inline void addByte(unsigned int *s_hist, unsigned int data) {
  atomicAdd(s_hist + data, 1u);
}

__device__ inline void addWord(unsigned int *s_hist, unsigned int data) {
  addByte(s_hist, (data >> 0) & 0xFFU);
  addByte(s_hist, (data >> 8) & 0xFFU);
  addByte(s_hist, (data >> 16) & 0xFFU);
  addByte(s_hist, (data >> 24) & 0xFFU);
}

__global__ void histogram256Kernel(unsigned int *d_PartialHistograms, const unsigned int *d_Data,
                                   unsigned int dataCount) {
  __shared__ unsigned int s_Hist[HISTOGRAM256_BIN_COUNT];

  for (unsigned int bin = threadIdx.x; bin < HISTOGRAM256_BIN_COUNT; bin += blockDim.x)
    s_Hist[bin] = 0;
  __syncthreads();

  for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
       pos += blockDim.x * gridDim.x)
    addWord(s_Hist, d_Data[pos]);
  __syncthreads();

  for (unsigned int bin = threadIdx.x; bin < HISTOGRAM256_BIN_COUNT; bin += blockDim.x)
    d_PartialHistograms[blockIdx.x * HISTOGRAM256_BIN_COUNT + bin] = s_Hist[bin];
}

// One block per bin: reduce that bin across histogramCount partial histograms.
__global__ void mergeHistogram256Kernel(unsigned int *d_Histogram,
                                        const unsigned int *d_PartialHistograms,
                                        unsigned int histogramCount) {
  __shared__ unsigned int data[MERGE_THREADS];
  unsigned int sum = 0;
  for (unsigned int i = threadIdx.x; i < histogramCount; i += MERGE_THREADS)
    sum += d_PartialHistograms[blockIdx.x + i * HISTOGRAM256_BIN_COUNT];
  data[threadIdx.x] = sum;

  for (unsigned int stride = MERGE_THREADS / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    if (threadIdx.x < stride) data[threadIdx.x] += data[threadIdx.x + stride];
  }
  if (threadIdx.x == 0) d_Histogram[blockIdx.x] = data[0];
}

__global__ void histogramGlobalKernel(unsigned int *d_Histogram, const unsigned char *d_Bytes,
                                      unsigned int byteCount) {
  for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < byteCount;
       pos += blockDim.x * gridDim.x)
    atomicAdd(&d_Histogram[d_Bytes[pos]], 1u);
}

static bool compareHistogram(const char *name, const unsigned int *gold,
                             const unsigned int *result, unsigned int byteCount) {
  int bad = 0;
  unsigned long long total = 0;
  for (int i = 0; i < HISTOGRAM256_BIN_COUNT; ++i) {
    total += result[i];
    if (gold[i] != result[i]) {
      if (bad < 5) fprintf(stderr, "  %s bin %d: %u, expected %u\n", name, i, result[i], gold[i]);
      ++bad;
    }
  }
  if (bad == 0 && total == byteCount) {
    printf("samples_histogram: PASS %s\n", name);
    return true;
  }
  printf("samples_histogram: FAIL %s, %d bins differ, total %llu of %u\n", name, bad, total,
         byteCount);
  return false;
}

int main(int argc, char **argv) {
  printf("[samples_histogram] - Starting...\n");
  findCudaDevice(argc, argv);

  unsigned int byteCount = 262144;
  if (checkCmdLineFlag(argc, argv, "bytes"))
    byteCount = (unsigned int)getCmdLineArgumentInt(argc, argv, "bytes");
  if (byteCount == 0) {
    fprintf(stderr, "invalid -bytes\n");
    return EXIT_FAILURE;
  }
  byteCount = (byteCount + 3) & ~3U;
  printf("%u bytes, %d bins\n", byteCount, HISTOGRAM256_BIN_COUNT);

  unsigned char *h_Data = (unsigned char *)malloc(byteCount);
  unsigned int h_HistogramCPU[HISTOGRAM256_BIN_COUNT];
  unsigned int h_HistogramGPU[HISTOGRAM256_BIN_COUNT];

  // A skewed distribution so that some bins see heavy contention.
  srand(2009);
  for (unsigned int i = 0; i < byteCount; ++i) {
    int r = rand();
    h_Data[i] = (r & 3) == 0 ? (unsigned char)42 : (unsigned char)((r >> 4) & 0xFF);
  }
  memset(h_HistogramCPU, 0, sizeof(h_HistogramCPU));
  for (unsigned int i = 0; i < byteCount; ++i) h_HistogramCPU[h_Data[i]]++;

  unsigned char *d_Data;
  unsigned int *d_Histogram, *d_PartialHistograms;
  checkCudaErrors(cudaMalloc((void **)&d_Data, byteCount));
  checkCudaErrors(cudaMalloc((void **)&d_Histogram, HISTOGRAM256_BIN_COUNT * sizeof(unsigned)));
  checkCudaErrors(cudaMalloc((void **)&d_PartialHistograms,
                             PARTIAL_HISTOGRAM256_COUNT * HISTOGRAM256_BIN_COUNT * sizeof(unsigned)));
  checkCudaErrors(cudaMemcpy(d_Data, h_Data, byteCount, cudaMemcpyHostToDevice));

  bool ok = true;

  // Shared-memory version.
  checkCudaErrors(cudaMemset(d_Histogram, 0, HISTOGRAM256_BIN_COUNT * sizeof(unsigned)));
  histogram256Kernel<<<PARTIAL_HISTOGRAM256_COUNT, HISTOGRAM256_THREADS>>>(
      d_PartialHistograms, (const unsigned int *)d_Data, byteCount / 4);
  getLastCudaError("histogram256Kernel launch failed");
  mergeHistogram256Kernel<<<HISTOGRAM256_BIN_COUNT, MERGE_THREADS>>>(
      d_Histogram, d_PartialHistograms, PARTIAL_HISTOGRAM256_COUNT);
  getLastCudaError("mergeHistogram256Kernel launch failed");
  checkCudaErrors(cudaMemcpy(h_HistogramGPU, d_Histogram, sizeof(h_HistogramGPU),
                             cudaMemcpyDeviceToHost));
  ok = compareHistogram("shared_atomics", h_HistogramCPU, h_HistogramGPU, byteCount) && ok;

  // Global-atomics version.
  checkCudaErrors(cudaMemset(d_Histogram, 0, HISTOGRAM256_BIN_COUNT * sizeof(unsigned)));
  histogramGlobalKernel<<<64, 256>>>(d_Histogram, d_Data, byteCount);
  getLastCudaError("histogramGlobalKernel launch failed");
  checkCudaErrors(cudaMemcpy(h_HistogramGPU, d_Histogram, sizeof(h_HistogramGPU),
                             cudaMemcpyDeviceToHost));
  ok = compareHistogram("global_atomics", h_HistogramCPU, h_HistogramGPU, byteCount) && ok;

  checkCudaErrors(cudaFree(d_Data));
  checkCudaErrors(cudaFree(d_Histogram));
  checkCudaErrors(cudaFree(d_PartialHistograms));
  free(h_Data);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
