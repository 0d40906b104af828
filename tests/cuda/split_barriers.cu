// libcu++'s split arrive/wait barrier in shared memory (<cuda/barrier>), as CUDA code uses it:
// init by one thread, arrive_and_wait between phases of a block-wide exchange, arrive and wait
// apart with work between, a completion function run once per phase, arrive_and_drop, and
// cuda::memcpy_async completing on the barrier. Each result is checked against a CPU reference.
#include <cuda/barrier>

#include "conformance.h"

#pragma nv_diag_suppress static_var_with_dynamic_init

using BlockBarrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kThreads = 64;
constexpr int kBlocks = 3;
constexpr int kPhases = 4;

// Each phase, every thread publishes a value and reads its neighbour's after the barrier.
__global__ void exchange(int* out) {
  __shared__ BlockBarrier bar;
  __shared__ int s[kThreads];
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  int acc = 0;
  for (int p = 0; p < kPhases; ++p) {
    s[t] = (t + 1) * (p + 1) + static_cast<int>(blockIdx.x);
    bar.arrive_and_wait();
    acc += s[(t + 1) % kThreads];
    bar.arrive_and_wait();  // nobody overwrites s before everyone has read it
  }
  out[blockIdx.x * kThreads + t] = acc;
}

// arrive() and wait() apart: private work between them, the token carried across.
__global__ void split(int* out) {
  __shared__ BlockBarrier bar;
  __shared__ int s[kThreads];
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  s[t] = t * t;
  BlockBarrier::arrival_token token = bar.arrive();
  int local = 0;
  for (int k = 0; k <= t; ++k) local += k;
  bar.wait(std::move(token));
  out[t] = local + s[kThreads - 1 - t];
}

// The completion function runs once per phase, after the phase's last arrival and before any
// thread leaves the wait.
struct CountPhase {
  int* phases;
  __device__ void operator()() noexcept { ++*phases; }
};

__global__ void completion(int* out) {
  __shared__ cuda::barrier<cuda::thread_scope_block, CountPhase> bar;
  __shared__ int phases;
  const int t = threadIdx.x;
  if (t == 0) {
    phases = 0;
    init(&bar, blockDim.x, CountPhase{&phases});
  }
  __syncthreads();
  int seen = 0;
  for (int p = 0; p < kPhases; ++p) {
    bar.arrive_and_wait();
    seen += phases;  // p + 1 for every thread: the completion ran before the wait returned
  }
  out[t] = seen;
}

// Odd threads take part in the first phase only; even threads go on for three more.
__global__ void drop(int* out) {
  __shared__ BlockBarrier bar;
  __shared__ int s[kThreads];
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  s[t] = 1;
  if (t & 1) {
    bar.arrive_and_drop();
    out[t] = -1;
    return;
  }
  bar.arrive_and_wait();
  int acc = 0;
  for (int p = 0; p < 3; ++p) {
    const int next = s[(t + 2) % kThreads];
    bar.arrive_and_wait();  // every read of this round before any write
    s[t] += next;
    bar.arrive_and_wait();
    acc += s[t];
  }
  out[t] = acc;
}

// A tile staged with cuda::memcpy_async on the barrier, then read by another thread.
__global__ void staged(const int* in, int* out) {
  __shared__ BlockBarrier bar;
  __shared__ int tile[kThreads];
  const int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (t == 0) cuda::memcpy_async(tile, in + blockIdx.x * kThreads, sizeof(int) * kThreads, bar);
  bar.arrive_and_wait();
  out[blockIdx.x * kThreads + t] = tile[kThreads - 1 - t] * 2;
}

int main() {
  int* out = nullptr;
  int* in = nullptr;
  CK(cudaMallocManaged(&out, kBlocks * kThreads * sizeof(int)));
  CK(cudaMallocManaged(&in, kBlocks * kThreads * sizeof(int)));

  exchange<<<kBlocks, kThreads>>>(out);
  CK_LAUNCH();
  int bad = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kThreads; ++t) {
      int expect = 0;
      for (int p = 0; p < kPhases; ++p) expect += ((t + 1) % kThreads + 1) * (p + 1) + b;
      bad += out[b * kThreads + t] != expect;
    }
  check("arrive_and_wait_exchange", bad == 0, "%d threads differ", bad);

  split<<<1, kThreads>>>(out);
  CK_LAUNCH();
  bad = 0;
  for (int t = 0; t < kThreads; ++t) bad += out[t] != t * (t + 1) / 2 + (kThreads - 1 - t) * (kThreads - 1 - t);
  check("arrive_then_wait", bad == 0, "%d threads differ", bad);

  completion<<<1, kThreads>>>(out);
  CK_LAUNCH();
  bad = 0;
  for (int t = 0; t < kThreads; ++t) bad += out[t] != kPhases * (kPhases + 1) / 2;
  check("completion_once_per_phase", bad == 0, "%d threads differ (thread 0 saw %d)", bad, out[0]);

  drop<<<1, kThreads>>>(out);
  CK_LAUNCH();
  // Even threads only: s[t] starts at 1 and doubles each round (its neighbour two on is even too).
  bad = 0;
  for (int t = 0; t < kThreads; ++t) bad += out[t] != ((t & 1) ? -1 : 2 + 4 + 8);
  check("arrive_and_drop", bad == 0, "%d threads differ (thread 0 has %d)", bad, out[0]);

  for (int i = 0; i < kBlocks * kThreads; ++i) in[i] = 3 * i + 1;
  staged<<<kBlocks, kThreads>>>(in, out);
  CK_LAUNCH();
  bad = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kThreads; ++t) bad += out[b * kThreads + t] != in[b * kThreads + kThreads - 1 - t] * 2;
  check("memcpy_async_on_barrier", bad == 0, "%d threads differ", bad);

  CK(cudaFree(out));
  CK(cudaFree(in));
  return finish("split_barriers");
}
