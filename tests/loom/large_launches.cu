// Large legal launches run, and one past the device's limits fails with the device's error, never
// an abort:
//   cooperative_full: grid.sync() at full occupancy, as NVIDIA's multi-block cooperative reduction
//            launches it (cudaOccupancyMaxActiveBlocksPerMultiprocessor x the SM count blocks of
//            1024 threads: 264 x 1024 on an H100), every thread holding a fiber stack at once;
//            the sum must be exact
//   cooperative_over: one block more: cudaErrorCooperativeLaunchTooLarge at the launch
//   million_blocks: a grid of 2^22 blocks of 32 threads, each writing its block's slot
//   deep_stacks: blocks of 1024 threads, each with 64 KiB of local array on its stack across a
//            __syncthreads()
#include <cooperative_groups.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;

__global__ void gridSum(const int* in, int* partial, int* out) {
  cg::grid_group grid = cg::this_grid();
  atomicAdd(&partial[blockIdx.x], in[grid.thread_rank()]);
  grid.sync();
  if (grid.thread_rank() == 0) {
    int s = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) s += partial[b];
    *out = s;
  }
}

__global__ void blockSlot(unsigned* slots) {
  if (threadIdx.x == 0) slots[blockIdx.x] = blockIdx.x ^ 0x5a5a5a5au;
}

__global__ void deepStack(unsigned* out) {
  volatile unsigned local[16384];  // 64 KiB
  for (unsigned i = 0; i < 16384; ++i) local[i] = i * threadIdx.x;
  __syncthreads();  // every thread of the block holds its 64 KiB at once
  unsigned s = 0;
  for (unsigned i = 0; i < 16384; i += 97) s += local[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

int cooperative(int extraBlocks) {
  int perSm = 0, sms = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, gridSum, 1024, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  int grid = perSm * sms + extraBlocks, n = grid * 1024;
  int *in, *partial, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&partial, grid * sizeof(int));
  cudaMalloc(&out, sizeof(int));
  std::vector<int> host(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) expected += host[i] = i % 7;
  cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(partial, 0, grid * sizeof(int));
  cudaMemset(out, 0, sizeof(int));
  void* args[] = {&in, &partial, &out};
  cudaError_t launch = cudaLaunchCooperativeKernel((void*)gridSum, grid, 1024, args, 0, nullptr);
  cudaError_t sync = cudaDeviceSynchronize();
  int sum = 0;
  cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  std::printf("cooperative %d x 1024 (%d per SM, %d SMs): launch %s sync %s sum %d expected %lld\n", grid, perSm, sms,
              cudaGetErrorName(launch), cudaGetErrorName(sync), sum, extraBlocks ? 0LL : expected);
  return extraBlocks ? launch == cudaErrorCooperativeLaunchTooLarge : launch == cudaSuccess && sum == expected;
}

int millionBlocks() {
  const unsigned blocks = 1u << 22;
  unsigned* slots;
  cudaMalloc(&slots, blocks * sizeof(unsigned));
  blockSlot<<<blocks, 32>>>(slots);
  cudaError_t sync = cudaDeviceSynchronize();
  std::vector<unsigned> host(blocks);
  cudaMemcpy(host.data(), slots, blocks * sizeof(unsigned), cudaMemcpyDeviceToHost);
  unsigned wrong = 0;
  for (unsigned b = 0; b < blocks; ++b) wrong += host[b] != (b ^ 0x5a5a5a5au);
  std::printf("million_blocks %u x 32: sync %s, %u slots wrong\n", blocks, cudaGetErrorName(sync), wrong);
  return sync == cudaSuccess && wrong == 0;
}

int deepStacks() {
  const unsigned blocks = 8, threads = 1024;
  unsigned* out;
  cudaMalloc(&out, blocks * threads * sizeof(unsigned));
  deepStack<<<blocks, threads>>>(out);
  cudaError_t sync = cudaDeviceSynchronize();
  std::vector<unsigned> host(blocks * threads);
  cudaMemcpy(host.data(), out, host.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
  unsigned wrong = 0;
  for (unsigned i = 0; i < blocks * threads; ++i) {
    unsigned t = i % threads, s = 0;
    for (unsigned k = 0; k < 16384; k += 97) s += k * t;
    wrong += host[i] != s;
  }
  std::printf("deep_stacks %u x %u with 64 KiB each: sync %s, %u wrong\n", blocks, threads, cudaGetErrorName(sync), wrong);
  return sync == cudaSuccess && wrong == 0;
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  int ok = 0;
  if (!std::strcmp(mode, "cooperative_full")) ok = cooperative(0);
  else if (!std::strcmp(mode, "cooperative_over")) ok = cooperative(1);
  else if (!std::strcmp(mode, "million_blocks")) ok = millionBlocks();
  else if (!std::strcmp(mode, "deep_stacks")) ok = deepStacks();
  else return 2;
  std::printf("%s: %s\n", mode, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
