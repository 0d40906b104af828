// Blocks that wait for each other and never can, and faults while they wait: grid.sync() and
// cluster.sync() (sched/block_group.h). On the device these hang or are undefined, so they have
// no device record; the brief asks for a report naming block, thread and line, and a process that
// survives to print it. One case per run: group_faults <case>.
#include <cooperative_groups.h>

#include <cstdio>
#include <cstring>

namespace cg = cooperative_groups;

__global__ void blockLeavesEarly(int* out) {
  if (blockIdx.x == 2) return;
  cg::this_grid().sync();
  out[blockIdx.x] = 1;
}

__global__ void masterLeavesEarly(int* out) {
  if (blockIdx.x == 1 && threadIdx.x == 0) return;
  cg::this_grid().sync();
  out[blockIdx.x] = 1;
}

__global__ void faultWhileOthersWait(int* out) {
  if (blockIdx.x == 3 && threadIdx.x == 5) *(volatile int*)nullptr = 1;
  cg::this_grid().sync();
  out[blockIdx.x] = 1;
}

__global__ void clusterHalfArrives(int* out) {
  if (threadIdx.x < 16) cg::this_cluster().sync();
  else __syncthreads();
  out[blockIdx.x] = 1;
}

__global__ void ordinarySync(int* out) {
  cg::this_grid().sync();
  out[blockIdx.x] = 1;
}

int main(int argc, char** argv) {
  const char* which = argc > 1 ? argv[1] : "";
  int* out;
  cudaMalloc(&out, 64 * sizeof(int));
  void* args[] = {&out};
  if (!std::strcmp(which, "block_leaves_early"))
    cudaLaunchCooperativeKernel((void*)blockLeavesEarly, dim3(4), dim3(32), args, 0, 0);
  else if (!std::strcmp(which, "master_leaves_early"))
    cudaLaunchCooperativeKernel((void*)masterLeavesEarly, dim3(4), dim3(32), args, 0, 0);
  else if (!std::strcmp(which, "fault_while_others_wait"))
    cudaLaunchCooperativeKernel((void*)faultWhileOthersWait, dim3(6), dim3(32), args, 0, 0);
  else if (!std::strcmp(which, "cluster_half_arrives")) {
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = 2;
    attr[0].val.clusterDim.y = 1;
    attr[0].val.clusterDim.z = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(4);
    config.blockDim = dim3(32);
    config.attrs = attr;
    config.numAttrs = 1;
    cudaLaunchKernelEx(&config, clusterHalfArrives, out);
  } else if (!std::strcmp(which, "cooperative_cluster")) {
    // Loom runs one group of co-resident blocks per launch: it refuses both at once.
    cudaLaunchAttribute attr[2];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = 2;
    attr[0].val.clusterDim.y = 1;
    attr[0].val.clusterDim.z = 1;
    attr[1].id = cudaLaunchAttributeCooperative;
    attr[1].val.cooperative = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(4);
    config.blockDim = dim3(32);
    config.attrs = attr;
    config.numAttrs = 2;
    std::printf("launch %s\n", cudaGetErrorName(cudaLaunchKernelEx(&config, clusterHalfArrives, out)));
  } else if (!std::strcmp(which, "ordinary_sync")) {
    ordinarySync<<<4, 32>>>(out);
  } else {
    std::printf("unknown case\n");
    return 2;
  }
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("sync %s\n", cudaGetErrorName(e));
  std::printf("survived\n");
  return 0;
}
