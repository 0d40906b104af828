// samples_scan: prefix sums.
//   scanHillisSteele: inclusive scan of one block's elements, double-buffered in shared memory
//                     (log2(n) steps, O(n log n) work).
//   scanBlelloch:     exclusive work-efficient scan (up-sweep / down-sweep) of 2 * blockDim.x
//                     elements per block, optionally storing each block's total.
//   uniformAdd:       adds the scanned block totals back, giving a multi-block exclusive scan of
//                     a long array (block totals scanned recursively).
// Integer data, checked exactly against a CPU scan.
//
// Options: -n=<elements for the multi-block scan> (default 100000), -device=<id>.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include "helper_corpus.h"

#define HS_THREADS 512         // Hillis-Steele: one element per thread
#define BL_THREADS 256         // Blelloch: two elements per thread
#define BL_ELEMENTS (2 * BL_THREADS)

__global__ void scanHillisSteele(int *g_odata, const int *g_idata, int n) {
  __shared__ int temp[2][HS_THREADS];
  int thid = threadIdx.x;
  int pout = 0, pin = 1;

  temp[pout][thid] = (thid < n) ? g_idata[thid] : 0;
  __syncthreads();

  for (int offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (thid >= offset)
      temp[pout][thid] = temp[pin][thid] + temp[pin][thid - offset];
    else
      temp[pout][thid] = temp[pin][thid];
    __syncthreads();
  }
  if (thid < n) g_odata[thid] = temp[pout][thid];
}

// Exclusive scan of BL_ELEMENTS elements per block. When blockSums is not NULL, the block's total
// is stored there.
__global__ void scanBlelloch(int *g_odata, const int *g_idata, int *blockSums, int n) {
  __shared__ int temp[BL_ELEMENTS];
  int thid = threadIdx.x;
  int base = blockIdx.x * BL_ELEMENTS;

  int ai = thid;
  int bi = thid + BL_THREADS;
  temp[ai] = (base + ai < n) ? g_idata[base + ai] : 0;
  temp[bi] = (base + bi < n) ? g_idata[base + bi] : 0;

  // Up-sweep: build the sum tree in place.
  int offset = 1;
  for (int d = BL_ELEMENTS >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      temp[b] += temp[a];
    }
    offset *= 2;
  }

  // Clear the root, remembering the block total.
  if (thid == 0) {
    if (blockSums != NULL) blockSums[blockIdx.x] = temp[BL_ELEMENTS - 1];
    temp[BL_ELEMENTS - 1] = 0;
  }

  // Down-sweep: traverse back down, swapping and adding.
  for (int d = 1; d < BL_ELEMENTS; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      int t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();

  if (base + ai < n) g_odata[base + ai] = temp[ai];
  if (base + bi < n) g_odata[base + bi] = temp[bi];
}

__global__ void uniformAdd(int *g_data, const int *blockIncrements, int n) {
  __shared__ int increment;
  if (threadIdx.x == 0) increment = blockIncrements[blockIdx.x];
  __syncthreads();

  int base = blockIdx.x * BL_ELEMENTS;
  int i = base + threadIdx.x;
  if (i < n) g_data[i] += increment;
  if (i + BL_THREADS < n) g_data[i + BL_THREADS] += increment;
}

// Exclusive scan of n elements from d_in to d_out, any n.
static void scanLarge(int *d_out, const int *d_in, int n) {
  int blocks = (n + BL_ELEMENTS - 1) / BL_ELEMENTS;
  if (blocks == 1) {
    scanBlelloch<<<1, BL_THREADS>>>(d_out, d_in, NULL, n);
    getLastCudaError("scanBlelloch launch failed");
    return;
  }
  int *d_sums, *d_increments;
  checkCudaErrors(cudaMalloc((void **)&d_sums, blocks * sizeof(int)));
  checkCudaErrors(cudaMalloc((void **)&d_increments, blocks * sizeof(int)));

  scanBlelloch<<<blocks, BL_THREADS>>>(d_out, d_in, d_sums, n);
  getLastCudaError("scanBlelloch launch failed");
  scanLarge(d_increments, d_sums, blocks);
  uniformAdd<<<blocks, BL_THREADS>>>(d_out, d_increments, n);
  getLastCudaError("uniformAdd launch failed");

  checkCudaErrors(cudaFree(d_sums));
  checkCudaErrors(cudaFree(d_increments));
}

static bool compareInts(const char *name, const std::vector<int> &gold,
                        const std::vector<int> &result) {
  int bad = 0;
  for (size_t i = 0; i < gold.size(); ++i) {
    if (gold[i] != result[i]) {
      if (bad < 5) fprintf(stderr, "  %s[%zu] = %d, expected %d\n", name, i, result[i], gold[i]);
      ++bad;
    }
  }
  if (bad == 0)
    printf("samples_scan: PASS %s (%zu elements)\n", name, gold.size());
  else
    printf("samples_scan: FAIL %s, %d of %zu elements differ\n", name, bad, gold.size());
  return bad == 0;
}

int main(int argc, char **argv) {
  printf("samples_scan Starting...\n");
  findCudaDevice(argc, argv);

  int n = 100000;
  if (checkCmdLineFlag(argc, argv, "n")) n = getCmdLineArgumentInt(argc, argv, "n");
  if (n <= 0) {
    fprintf(stderr, "invalid -n\n");
    return EXIT_FAILURE;
  }

  std::vector<int> h_in(n);
  srand(11);
  for (int i = 0; i < n; ++i) h_in[i] = (rand() % 19) - 6;

  int *d_in, *d_out;
  checkCudaErrors(cudaMalloc((void **)&d_in, n * sizeof(int)));
  checkCudaErrors(cudaMalloc((void **)&d_out, n * sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  bool ok = true;

  // 1. Hillis-Steele inclusive scan of one block; 500 elements, not a power of two.
  {
    int m = n < 500 ? n : 500;
    std::vector<int> gold(m), result(m);
    int sum = 0;
    for (int i = 0; i < m; ++i) gold[i] = (sum += h_in[i]);
    checkCudaErrors(cudaMemset(d_out, 0, n * sizeof(int)));
    scanHillisSteele<<<1, HS_THREADS>>>(d_out, d_in, m);
    getLastCudaError("scanHillisSteele launch failed");
    checkCudaErrors(cudaMemcpy(result.data(), d_out, m * sizeof(int), cudaMemcpyDeviceToHost));
    ok = compareInts("hillis_steele_inclusive", gold, result) && ok;
  }

  // 2. Blelloch exclusive scan of one block of BL_ELEMENTS elements.
  {
    int m = n < BL_ELEMENTS ? n : BL_ELEMENTS;
    std::vector<int> gold(m), result(m);
    int sum = 0;
    for (int i = 0; i < m; ++i) {
      gold[i] = sum;
      sum += h_in[i];
    }
    checkCudaErrors(cudaMemset(d_out, 0, n * sizeof(int)));
    scanBlelloch<<<1, BL_THREADS>>>(d_out, d_in, NULL, m);
    getLastCudaError("scanBlelloch launch failed");
    checkCudaErrors(cudaMemcpy(result.data(), d_out, m * sizeof(int), cudaMemcpyDeviceToHost));
    ok = compareInts("blelloch_exclusive", gold, result) && ok;
  }

  // 3. Multi-block exclusive scan of the whole array.
  {
    std::vector<int> gold(n), result(n);
    int sum = 0;
    for (int i = 0; i < n; ++i) {
      gold[i] = sum;
      sum += h_in[i];
    }
    checkCudaErrors(cudaMemset(d_out, 0, n * sizeof(int)));
    scanLarge(d_out, d_in, n);
    checkCudaErrors(cudaDeviceSynchronize());
    checkCudaErrors(cudaMemcpy(result.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    ok = compareInts("multi_block_exclusive", gold, result) && ok;
  }

  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
