// Asynchronous copies into shared memory, in the three forms CUDA code uses (CUDA Programming
// Guide, "Asynchronous Data Copies"): the pipeline primitives with zero fill, a libcu++ pipeline
// of one thread, and cooperative_groups::memcpy_async with cg::wait. Each kernel's result is
// checked against a CPU reference.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/pipeline>
#include <cuda_pipeline_primitives.h>

#include "conformance.h"

namespace cg = cooperative_groups;

constexpr int kThreads = 128;
constexpr int kBlocks = 4;
constexpr int kN = kThreads * kBlocks;

// Each thread stages 4 floats (16 bytes), of which the last `zfill` words read as zero.
__global__ void primitives(const float4* in, float* out, int zfillWords) {
  __shared__ float4 stage[kThreads];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  __pipeline_memcpy_async(&stage[t], &in[i], sizeof(float4), zfillWords * sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  float4 v = stage[kThreads - 1 - t];  // another thread's copy
  out[i] = v.x + v.y + v.z + v.w;
}

// Two stages of a one-thread pipeline: copy both, then consume in order.
__global__ void threadPipeline(const int* in, int* out) {
  __shared__ int a[kThreads], b[kThreads];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&a[t], &in[i], sizeof(int), pipe);
  pipe.producer_commit();
  pipe.producer_acquire();
  cuda::memcpy_async(&b[t], &in[(i + 1) % kN], cuda::aligned_size_t<4>(sizeof(int)), pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<1>(pipe);
  int first = a[t];
  pipe.consumer_release();
  pipe.consumer_wait();
  out[i] = first * 10 + b[t];
  pipe.consumer_release();
}

// The whole block copies its slice with one collective call, waits, and sums it.
__global__ void groupCopy(const int* in, int* sums) {
  __shared__ int slice[kThreads + 1];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, slice, in + blockIdx.x * kThreads, sizeof(int) * kThreads);
  cg::wait(block);
  if (block.thread_rank() == 0) {
    int s = 0;
    for (int k = 0; k < kThreads; ++k) s += slice[k];
    sums[blockIdx.x] = s;
  }
}

int main() {
  float4* in4 = nullptr;
  float* outF = nullptr;
  int *inI = nullptr, *outI = nullptr, *sums = nullptr;
  CK(cudaMallocManaged(&in4, kN * sizeof(float4)));
  CK(cudaMallocManaged(&outF, kN * sizeof(float)));
  CK(cudaMallocManaged(&inI, kN * sizeof(int)));
  CK(cudaMallocManaged(&outI, kN * sizeof(int)));
  CK(cudaMallocManaged(&sums, kBlocks * sizeof(int)));
  for (int i = 0; i < kN; ++i) {
    in4[i] = make_float4(i, 2 * i, 4 * i, 8 * i);
    inI[i] = i % 7;
  }

  for (int zfill : {0, 1, 3}) {
    primitives<<<kBlocks, kThreads>>>(in4, outF, zfill);
    CK_LAUNCH();
    int bad = 0;
    for (int i = 0; i < kN; ++i) {
      int src = i / kThreads * kThreads + (kThreads - 1 - i % kThreads);
      const float words[4] = {float(src), 2.0f * src, 4.0f * src, 8.0f * src};
      float expect = 0;
      for (int w = 0; w < 4 - zfill; ++w) expect += words[w];
      bad += outF[i] != expect;
    }
    char name[64];
    std::snprintf(name, sizeof name, "pipeline_primitives_zfill_%d", zfill);
    check(name, bad == 0, "%d of %d values differ", bad, kN);
  }

  threadPipeline<<<kBlocks, kThreads>>>(inI, outI);
  CK_LAUNCH();
  int bad = 0;
  for (int i = 0; i < kN; ++i) bad += outI[i] != inI[i] * 10 + inI[(i + 1) % kN];
  check("cuda_pipeline_thread_scope", bad == 0, "%d of %d values differ", bad, kN);

  groupCopy<<<kBlocks, kThreads>>>(inI, sums);
  CK_LAUNCH();
  bad = 0;
  for (int b = 0; b < kBlocks; ++b) {
    int expect = 0;
    for (int k = 0; k < kThreads; ++k) expect += inI[b * kThreads + k];
    bad += sums[b] != expect;
  }
  check("cg_memcpy_async_and_wait", bad == 0, "%d of %d sums differ", bad, kBlocks);

  for (void* p : {(void*)in4, (void*)outF, (void*)inI, (void*)outI, (void*)sums}) CK(cudaFree(p));
  return finish("async_copies");
}
