// LOOM_SCHEDULE=random:<seed> also varies warp order: after each __syncthreads the block's warps
// resume in an order drawn from the seed. Every warp's lane 0 writes its warp number to one
// shared word with no barrier between the writes (a race: CUDA promises no order among warps),
// so the value read after the next barrier is the last warp to run. Prints it for each block.
#include <cstdio>

constexpr int kBlocks = 8, kThreads = 256;

__global__ void lastWriter(int* out) {
  __shared__ int winner;
  __syncthreads();
  if (threadIdx.x % 32 == 0) winner = int(threadIdx.x / 32);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = winner;
}

int main() {
  int* out;
  int h[kBlocks];
  cudaMalloc(&out, sizeof h);
  lastWriter<<<kBlocks, kThreads>>>(out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  for (int b = 0; b < kBlocks; ++b) std::printf("%d ", h[b]);
  std::printf("\n");
  return 0;
}
