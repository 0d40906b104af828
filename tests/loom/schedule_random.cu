// LOOM_SCHEDULE=random:<seed> (README.md, "Settings"): a block that uses another block's result
// without waiting for it computes the right answer in index order and a wrong one in others.
//   chained:  each block adds its sum to the running total that block blockIdx.x - 1 published,
//             read with no wait (the bug: CUDA promises no order among blocks);
//   ticketed: the same chain in the order blocks start, each taking a ticket with atomicAdd and
//             waiting (volatile flag, __threadfence) for the block with the ticket before it.
// Prints each block's inclusive prefix total and "right" or "wrong" against a CPU reference.
#include <cstdio>
#include <cstring>
#include <vector>

constexpr int kBlocks = 12, kThreads = 64;

__device__ unsigned nextTicket = 0;

__device__ int blockSum(const int* in, int block) {
  __shared__ int s[kThreads];
  unsigned t = threadIdx.x;
  s[t] = in[block * kThreads + t];
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  return s[0];
}

__global__ void chained(const int* in, int* prefix) {
  int sum = blockSum(in, blockIdx.x);
  if (threadIdx.x == 0) prefix[blockIdx.x] = sum + (blockIdx.x > 0 ? prefix[blockIdx.x - 1] : 0);
}

__global__ void ticketed(const int* in, int* prefix, volatile int* ready) {
  __shared__ unsigned ticket;
  if (threadIdx.x == 0) ticket = atomicAdd(&nextTicket, 1u);
  __syncthreads();
  int sum = blockSum(in, ticket);
  if (threadIdx.x == 0) {
    int before = 0;
    if (ticket > 0) {
      while (ready[ticket - 1] == 0) {
      }
      __threadfence();
      before = prefix[ticket - 1];
    }
    prefix[ticket] = sum + before;
    __threadfence();
    ready[ticket] = 1;
  }
}

int main(int argc, char** argv) {
  bool ticketMode = argc > 1 && std::strcmp(argv[1], "ticketed") == 0;
  std::vector<int> h(kBlocks * kThreads);
  for (size_t i = 0; i < h.size(); ++i) h[i] = int(i % 7) + 1;
  int *in, *prefix, *ready;
  cudaMalloc(&in, h.size() * sizeof(int));
  cudaMalloc(&prefix, kBlocks * sizeof(int));
  cudaMalloc(&ready, kBlocks * sizeof(int));
  cudaMemcpy(in, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(prefix, 0, kBlocks * sizeof(int));
  cudaMemset(ready, 0, kBlocks * sizeof(int));
  if (ticketMode) ticketed<<<kBlocks, kThreads>>>(in, prefix, ready);
  else chained<<<kBlocks, kThreads>>>(in, prefix);
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    std::printf("error %s\n", cudaGetErrorName(e));
    return 1;
  }
  std::vector<int> got(kBlocks);
  cudaMemcpy(got.data(), prefix, kBlocks * sizeof(int), cudaMemcpyDeviceToHost);
  bool right = true;
  int total = 0;
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < kThreads; ++t) total += h[b * kThreads + t];
    right = right && got[b] == total;
    std::printf("%d ", got[b]);
  }
  std::printf("\n%s\n", right ? "right" : "wrong");
  cudaFree(in);
  cudaFree(prefix);
  cudaFree(ready);
  return 0;
}
