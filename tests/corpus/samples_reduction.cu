// samples_reduction: parallel sum reduction, in the sequence of kernels the classic
// optimisation walk-through uses:
//   reduce0: interleaved addressing with a modulo test (divergent)
//   reduce1: interleaved addressing with a strided index (bank conflicts, no divergence)
//   reduce2: sequential addressing
//   reduce3: first add while loading, then sequential addressing
//   reduce4: as reduce3, the last warp with __shfl_down_sync
//   reduce5: templated on the block size, loops unrolled with #pragma unroll, grid-stride load
// Each kernel writes one partial sum per block; the partials are reduced again on the device by
// the same kernel until one value remains. Integer data is checked exactly; reduce5 also runs on
// float data, checked with a tolerance.
//
// Options: -n=<elements> (default 100000), -threads=<per block, power of two 64..1024>
//          (default 256), -device=<id>.
#include <cstdio>
#include <cstdlib>
#include <cmath>

#include <cuda_runtime.h>

#include "helper_corpus.h"

// Dynamic shared memory typed per element type (an extern array cannot be declared twice with
// different types in one translation unit).
template <class T>
struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
  __device__ inline operator const T *() const {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <class T>
__global__ void reduce0(const T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : T(0);
  __syncthreads();

  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template <class T>
__global__ void reduce1(const T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : T(0);
  __syncthreads();

  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    unsigned int index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template <class T>
__global__ void reduce2(const T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : T(0);
  __syncthreads();

  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Each block covers 2 * blockDim.x elements.
template <class T>
__global__ void reduce3(const T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : T(0);
  if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
  sdata[tid] = mySum;
  __syncthreads();

  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}

// As reduce3, the shared-memory tree stops at 64 values and the first warp finishes with
// shuffles. Needs blockDim.x >= 64.
template <class T>
__global__ void reduce4(const T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : T(0);
  if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
  sdata[tid] = mySum;
  __syncthreads();

  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }

  if (tid < 32) {
    mySum += sdata[tid + 32];
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
      mySum += __shfl_down_sync(0xffffffff, mySum, offset);
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}

// Block size known at compile time: the tree is fully unrolled. Each thread first sums a
// grid-stride range of pairs of elements.
template <class T, unsigned int blockSize>
__global__ void reduce5(const T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x;

  T mySum = T(0);
  while (i < n) {
    mySum += g_idata[i];
    if (i + blockSize < n) mySum += g_idata[i + blockSize];
    i += gridSize;
  }
  sdata[tid] = mySum;
  __syncthreads();

#pragma unroll
  for (unsigned int s = blockSize / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }

  if (tid < 32) {
    if (blockSize >= 64) mySum += sdata[tid + 32];
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
      mySum += __shfl_down_sync(0xffffffff, mySum, offset);
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}

template <class T>
static void launchReduce(int whichKernel, int n, int threads, int blocks, const T *d_in,
                         T *d_out) {
  size_t smem = threads * sizeof(T);
  dim3 grid(blocks), block(threads);
  switch (whichKernel) {
    case 0: reduce0<T><<<grid, block, smem>>>(d_in, d_out, n); break;
    case 1: reduce1<T><<<grid, block, smem>>>(d_in, d_out, n); break;
    case 2: reduce2<T><<<grid, block, smem>>>(d_in, d_out, n); break;
    case 3: reduce3<T><<<grid, block, smem>>>(d_in, d_out, n); break;
    case 4: reduce4<T><<<grid, block, smem>>>(d_in, d_out, n); break;
    default:
      switch (threads) {
        case 1024: reduce5<T, 1024><<<grid, block, smem>>>(d_in, d_out, n); break;
        case 512: reduce5<T, 512><<<grid, block, smem>>>(d_in, d_out, n); break;
        case 256: reduce5<T, 256><<<grid, block, smem>>>(d_in, d_out, n); break;
        case 128: reduce5<T, 128><<<grid, block, smem>>>(d_in, d_out, n); break;
        case 64: reduce5<T, 64><<<grid, block, smem>>>(d_in, d_out, n); break;
      }
      break;
  }
  getLastCudaError("reduction kernel launch failed");
}

static int blocksFor(int whichKernel, int n, int threads) {
  if (whichKernel < 3) return (n + threads - 1) / threads;
  int blocks = (n + threads * 2 - 1) / (threads * 2);
  if (whichKernel >= 5 && blocks > 64) blocks = 64;  // grid-stride loop covers the rest
  return blocks;
}

// Reduces d_in (n elements) to one value, repeating the kernel over the partial sums.
// d_in is overwritten by the later passes.
template <class T>
static T deviceReduce(int whichKernel, int n, int threads, T *d_in, T *d_scratch) {
  T *in = d_in, *out = d_scratch;
  int remaining = n;
  while (true) {
    int blocks = blocksFor(whichKernel, remaining, threads);
    launchReduce<T>(whichKernel, remaining, threads, blocks, in, out);
    remaining = blocks;
    T *tmp = in;
    in = out;
    out = tmp;
    if (remaining == 1) break;
  }
  T result;
  checkCudaErrors(cudaMemcpy(&result, in, sizeof(T), cudaMemcpyDeviceToHost));
  return result;
}

int main(int argc, char **argv) {
  printf("samples_reduction Starting...\n");
  findCudaDevice(argc, argv);

  int n = 100000;
  int threads = 256;
  if (checkCmdLineFlag(argc, argv, "n")) n = getCmdLineArgumentInt(argc, argv, "n");
  if (checkCmdLineFlag(argc, argv, "threads"))
    threads = getCmdLineArgumentInt(argc, argv, "threads");
  if (n <= 0 || threads < 64 || threads > 1024 || (threads & (threads - 1)) != 0) {
    fprintf(stderr, "invalid -n or -threads (a power of two from 64 to 1024)\n");
    return EXIT_FAILURE;
  }
  printf("%d elements, %d threads (max)\n", n, threads);

  int *h_int = (int *)malloc(n * sizeof(int));
  float *h_float = (float *)malloc(n * sizeof(float));
  srand(7);
  long long intGold = 0;
  double floatGold = 0.0;
  for (int i = 0; i < n; ++i) {
    h_int[i] = (rand() & 0xFF) - 64;
    h_float[i] = (rand() & 0xFF) / (float)0xFF;
    intGold += h_int[i];
    floatGold += h_float[i];
  }

  size_t maxBytes = n * sizeof(float);  // int and float are the same size
  void *d_in, *d_scratch;
  checkCudaErrors(cudaMalloc(&d_in, maxBytes));
  checkCudaErrors(cudaMalloc(&d_scratch, maxBytes));

  bool ok = true;
  for (int kernel = 0; kernel <= 5; ++kernel) {
    checkCudaErrors(cudaMemcpy(d_in, h_int, n * sizeof(int), cudaMemcpyHostToDevice));
    int gpu = deviceReduce<int>(kernel, n, threads, (int *)d_in, (int *)d_scratch);
    if ((long long)gpu == intGold) {
      printf("samples_reduction: PASS reduce%d<int> = %d\n", kernel, gpu);
    } else {
      printf("samples_reduction: FAIL reduce%d<int> = %d, expected %lld\n", kernel, gpu, intGold);
      ok = false;
    }
  }

  {
    checkCudaErrors(cudaMemcpy(d_in, h_float, n * sizeof(float), cudaMemcpyHostToDevice));
    float gpu = deviceReduce<float>(5, n, threads, (float *)d_in, (float *)d_scratch);
    double relErr = fabs((double)gpu - floatGold) / fabs(floatGold);
    if (relErr < 1e-5) {
      printf("samples_reduction: PASS reduce5<float> = %.6f\n", gpu);
    } else {
      printf("samples_reduction: FAIL reduce5<float> = %.6f, expected %.6f (rel err %g)\n", gpu,
             floatGold, relErr);
      ok = false;
    }
  }

  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_scratch));
  free(h_int);
  free(h_float);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
