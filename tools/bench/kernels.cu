// The two kernels of the benchmark, as a CUDA developer would write them.
#include <chrono>

#include "workloads.h"

__global__ void vectorAdd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

// Classic shared-memory tree reduction: log2(256) = 8 barriers in the loop plus one.
__global__ void blockReduce(const float* in, float* out, int n) {
  extern __shared__ float s[];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  s[t] = i < unsigned(n) ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

// Nothing but barriers: splits (b)'s per-thread cost into what a thread's first barrier costs
// (it becomes a fiber: a runner for the next thread, its own exit through the run queue) and
// what each further barrier costs.
__global__ void bareBarriers(int count) {
  for (int i = 0; i < count; ++i) __syncthreads();
}

namespace bench {

namespace {
template <class F>
double timed(F f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

double loomVectorAdd(const float* a, const float* b, float* c, std::size_t n) {
  float *da, *db, *dc;
  cudaMalloc(&da, n * sizeof(float));
  cudaMalloc(&db, n * sizeof(float));
  cudaMalloc(&dc, n * sizeof(float));
  cudaMemcpy(da, a, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, n * sizeof(float), cudaMemcpyHostToDevice);
  double s = timed([&] {
    vectorAdd<<<(n + 255) / 256, 256>>>(da, db, dc, int(n));
    cudaDeviceSynchronize();
  });
  cudaMemcpy(c, dc, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  return s;
}

double loomBlockReduce(const float* in, float* blockSums, std::size_t n, unsigned block) {
  std::size_t blocks = (n + block - 1) / block;
  float *din, *dout;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, blocks * sizeof(float));
  cudaMemcpy(din, in, n * sizeof(float), cudaMemcpyHostToDevice);
  double s = timed([&] {
    blockReduce<<<blocks, block, block * sizeof(float)>>>(din, dout, int(n));
    cudaDeviceSynchronize();
  });
  cudaMemcpy(blockSums, dout, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(din);
  cudaFree(dout);
  return s;
}

double loomBareBarriers(std::size_t threads, unsigned block, int count) {
  return timed([&] {
    bareBarriers<<<threads / block, block>>>(count);
    cudaDeviceSynchronize();
  });
}

}  // namespace bench
