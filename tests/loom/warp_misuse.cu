// Warp collectives used against CUDA's rules. The device's behaviour is undefined for each, so
// there is no device record: Loom must name the lane and the source line (issue 3, item 2).
// Usage: test_warp_misuse <case>; prints "sync <error name>" after the launch.
#include <cooperative_groups.h>

#include <cstdio>
#include <cstring>

namespace cg = cooperative_groups;

__global__ void maskWithoutCaller(int* out) {
  int v = threadIdx.x;
  if (threadIdx.x == 3) v = __shfl_sync(0x1u, v, 0);  // lane 3 is not in the mask
  out[threadIdx.x] = v;
}

__global__ void widthNotPowerOfTwo(int* out) {
  out[threadIdx.x] = __shfl_down_sync(0xffffffffu, threadIdx.x, 1, 12);
}

__global__ void neverArrives(int* out) {
  int v = threadIdx.x;
  if (threadIdx.x == 5) __syncthreads();            // lane 5 never reaches the shuffle
  else v = __shfl_sync(0xffffffffu, v, 0);
  out[threadIdx.x] = v;
}

__global__ void exitedSource(int* out) {
  if (threadIdx.x >= 16) return;
  out[threadIdx.x] = __shfl_down_sync(0xffffffffu, threadIdx.x, 16);  // lanes 16..31 exited
}

__global__ void absentSource(int* out) {  // 20 threads: lanes 20..31 do not exist
  out[threadIdx.x] = __shfl_down_sync(0xffffffffu, threadIdx.x, 8);
}

__global__ void badTileSize(int* out) {
  cg::thread_group tile = cg::tiled_partition(cg::this_thread_block(), 12);
  out[threadIdx.x] = static_cast<int>(tile.size());
}

// __syncwarp(1) by every lane: lanes 1..31 are not in the mask. The H100 runs on
// (validate/results/h100-sm90/sanitizer.sync_syncwarp_mask.bug): Loom warns and goes on.
__global__ void syncwarpWithoutCaller(int* out) {
  __syncwarp(1u);
  out[threadIdx.x] = 1;
}

int main(int argc, char** argv) {
  const char* c = argc > 1 ? argv[1] : "";
  int* d;
  cudaMalloc(&d, 64 * sizeof(int));
  if (!std::strcmp(c, "mask_without_caller")) maskWithoutCaller<<<1, 32>>>(d);
  else if (!std::strcmp(c, "width_not_power_of_two")) widthNotPowerOfTwo<<<1, 32>>>(d);
  else if (!std::strcmp(c, "never_arrives")) neverArrives<<<1, 32>>>(d);
  else if (!std::strcmp(c, "exited_source")) exitedSource<<<1, 32>>>(d);
  else if (!std::strcmp(c, "absent_source")) absentSource<<<1, 20>>>(d);
  else if (!std::strcmp(c, "bad_tile_size")) badTileSize<<<1, 32>>>(d);
  else if (!std::strcmp(c, "syncwarp_without_caller")) syncwarpWithoutCaller<<<1, 32>>>(d);
  else {
    std::printf("unknown case '%s'\n", c);
    return 2;
  }
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("sync %s\n", cudaGetErrorName(e));
  return 0;
}
