// Pipelines shared by a block (cuda::pipeline_shared_state), in the forms of the CUDA Programming
// Guide's "Asynchronous Data Copies using cuda::pipeline": a unified pipeline (every thread
// produces and consumes), a partitioned one (the first warp produces, the others consume), and
// one partitioned by a role per thread. Every consumer reads elements that other threads
// copied, so a stage read before all its producers committed it, or refilled before all its
// consumers released it, gives a wrong sum. Each kernel's result is checked against a CPU
// reference; quit() must be true for exactly one thread of each block.
#include <cooperative_groups.h>
#include <cuda/pipeline>

#include "conformance.h"

namespace cg = cooperative_groups;

constexpr int kThreads = 128;
constexpr int kBlocks = 4;
constexpr int kBatches = 12;
constexpr int kBatch = kThreads;  // ints per batch
constexpr int kN = kBlocks * kBatches * kBatch;

// Unified: the block copies batch b into stage b % 2 with one collective memcpy_async, two
// batches ahead of the one it consumes; each thread sums another thread's element.
__global__ void unified(const int* in, int* out, int* lastQuits) {
  constexpr int kStages = 2;
  __shared__ int stage[kStages][kBatch];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  cg::thread_block block = cg::this_thread_block();
  cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state);
  const int* mine = in + blockIdx.x * kBatches * kBatch;
  int t = threadIdx.x, sum = 0, fetched = 0;
  for (; fetched < kStages; ++fetched) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, stage[fetched % kStages], mine + fetched * kBatch, sizeof(int) * kBatch, pipe);
    pipe.producer_commit();
  }
  for (int b = 0; b < kBatches; ++b) {
    pipe.consumer_wait();
    sum += stage[b % kStages][(t + 37) % kBatch] * (b + 1);
    pipe.consumer_release();
    if (fetched < kBatches) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, stage[fetched % kStages], mine + fetched * kBatch, sizeof(int) * kBatch, pipe);
      pipe.producer_commit();
      ++fetched;
    }
  }
  out[blockIdx.x * kThreads + t] = sum;
  if (pipe.quit()) atomicAdd(lastQuits, 1);
}

// Partitioned by count: the first warp produces (each producer copies 4 ints of a batch of 96,
// one thread's share, into one of 3 stages); the other 96 threads consume, each reading the
// element of the consumer mirrored across the batch.
__global__ void partitioned(const int* in, int* out, int* lastQuits) {
  constexpr int kStages = 3, kProducers = 32, kConsumers = kThreads - kProducers;
  __shared__ int stage[kStages][kConsumers];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  cg::thread_block block = cg::this_thread_block();
  cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state, kProducers);
  const int* mine = in + blockIdx.x * kBatches * kBatch;
  int t = threadIdx.x;
  if (t < kProducers) {
    for (int b = 0; b < kBatches; ++b) {
      pipe.producer_acquire();
      for (int k = 0; k < kConsumers / kProducers; ++k) {
        int i = t * (kConsumers / kProducers) + k;
        cuda::memcpy_async(&stage[b % kStages][i], &mine[b * kBatch + i], sizeof(int), pipe);
      }
      pipe.producer_commit();
    }
    out[blockIdx.x * kThreads + t] = -1;
  } else {
    int c = t - kProducers, sum = 0;
    for (int b = 0; b < kBatches; ++b) {
      pipe.consumer_wait();
      sum += stage[b % kStages][kConsumers - 1 - c] * (b + 1);
      pipe.consumer_release();
    }
    out[blockIdx.x * kThreads + t] = sum;
  }
  if (pipe.quit()) atomicAdd(lastQuits, 1);
}

// Partitioned by role: even threads produce (2 ints each of a batch of 128), odd threads consume
// (each sums two elements), through 4 stages; the producers leave when done, the consumers'
// pipelines leave as they are destroyed.
__global__ void byRole(const int* in, int* out) {
  constexpr int kStages = 4;
  __shared__ int stage[kStages][kBatch];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  cg::thread_block block = cg::this_thread_block();
  int t = threadIdx.x;
  bool producer = t % 2 == 0;
  cuda::pipeline<cuda::thread_scope_block> pipe =
      cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  const int* mine = in + blockIdx.x * kBatches * kBatch;
  if (producer) {
    for (int b = 0; b < kBatches; ++b) {
      pipe.producer_acquire();
      cuda::memcpy_async(&stage[b % kStages][t], &mine[b * kBatch + t], sizeof(int) * 2, pipe);
      pipe.producer_commit();
    }
    pipe.quit();
    out[blockIdx.x * kThreads + t] = -1;
  } else {
    int sum = 0;
    for (int b = 0; b < kBatches; ++b) {
      pipe.consumer_wait();
      sum += stage[b % kStages][(t * 5) % kBatch] + stage[b % kStages][kBatch - t];
      pipe.consumer_release();
    }
    out[blockIdx.x * kThreads + t] = sum;
  }
}

static int value(int i) { return (i * 7919) % 1000 - 500; }

int main() {
  int *in = nullptr, *out = nullptr, *quits = nullptr;
  CK(cudaMallocManaged(&in, kN * sizeof(int)));
  CK(cudaMallocManaged(&out, kBlocks * kThreads * sizeof(int)));
  CK(cudaMallocManaged(&quits, sizeof(int)));
  for (int i = 0; i < kN; ++i) in[i] = value(i);
  auto at = [&](int block, int batch, int i) { return in[(block * kBatches + batch) * kBatch + i]; };

  *quits = 0;
  unified<<<kBlocks, kThreads>>>(in, out, quits);
  CK_LAUNCH();
  int bad = 0;
  for (int blk = 0; blk < kBlocks; ++blk)
    for (int t = 0; t < kThreads; ++t) {
      int expect = 0;
      for (int b = 0; b < kBatches; ++b) expect += at(blk, b, (t + 37) % kBatch) * (b + 1);
      bad += out[blk * kThreads + t] != expect;
    }
  check("unified_two_stages", bad == 0, "%d of %d sums differ", bad, kBlocks * kThreads);
  check("unified_quit_last_once_per_block", *quits == kBlocks, "%d blocks' last quit, expected %d", *quits, kBlocks);

  *quits = 0;
  partitioned<<<kBlocks, kThreads>>>(in, out, quits);
  CK_LAUNCH();
  bad = 0;
  for (int blk = 0; blk < kBlocks; ++blk)
    for (int t = 0; t < kThreads; ++t) {
      int expect = -1;
      if (t >= 32) {
        expect = 0;
        for (int b = 0; b < kBatches; ++b) expect += at(blk, b, 96 - 1 - (t - 32)) * (b + 1);
      }
      bad += out[blk * kThreads + t] != expect;
    }
  check("partitioned_by_count_three_stages", bad == 0, "%d of %d values differ", bad, kBlocks * kThreads);
  check("partitioned_quit_last_once_per_block", *quits == kBlocks, "%d blocks' last quit, expected %d", *quits,
        kBlocks);

  byRole<<<kBlocks, kThreads>>>(in, out);
  CK_LAUNCH();
  bad = 0;
  for (int blk = 0; blk < kBlocks; ++blk)
    for (int t = 0; t < kThreads; ++t) {
      int expect = -1;
      if (t % 2) {
        expect = 0;
        for (int b = 0; b < kBatches; ++b) expect += at(blk, b, (t * 5) % kBatch) + at(blk, b, kBatch - t);
      }
      bad += out[blk * kThreads + t] != expect;
    }
  check("partitioned_by_role_four_stages", bad == 0, "%d of %d values differ", bad, kBlocks * kThreads);

  for (void* p : {(void*)in, (void*)out, (void*)quits}) CK(cudaFree(p));
  return finish("shared_pipelines");
}
