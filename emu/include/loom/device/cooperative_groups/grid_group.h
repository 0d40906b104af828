// cooperative_groups::grid_group (this_grid()) and cluster_group (this_cluster()).
// Written from the CUDA Programming Guide's "Cooperative Groups" and "Thread Block Clusters"
// chapters; the values each query returns are checked against the H100 by
// tests/cuda/cooperative_launch.cu and tests/cuda/clusters.cu.
//
// grid.sync() needs a cooperative launch (cudaLaunchCooperativeKernel, or cudaLaunchKernelEx
// with cudaLaunchAttributeCooperative); in any other launch Loom fails the launch with a report,
// where the H100 completes it if every block happens to be resident (is_valid() is true in
// every launch there, and here).
#pragma once

#include "loom/device/cluster.h"
#include "loom/device/cooperative_groups/lanes.h"
#include "vector_types.h"

namespace cooperative_groups {

namespace loom_detail {
[[gnu::always_inline]] inline unsigned long long linear(dim3 i, dim3 d) {
  return i.x + static_cast<unsigned long long>(d.x) * (i.y + static_cast<unsigned long long>(d.y) * i.z);
}
[[gnu::always_inline]] inline dim3 times(uint3 a, uint3 b) { return dim3(a.x * b.x, a.y * b.y, a.z * b.z); }
}  // namespace loom_detail

class grid_group {
public:
  using arrival_token = unsigned long long;

  [[gnu::always_inline]] bool is_valid() const { return ::loom::device::gridValid(); }
  [[gnu::always_inline]] void sync() const { barrier_wait(barrier_arrive()); }
  [[gnu::always_inline]] arrival_token barrier_arrive() const { return ::loom::device::gridArrive(); }
  [[gnu::always_inline]] void barrier_wait(arrival_token&& token) const { ::loom::device::gridWait(token); }

  [[gnu::always_inline]] static dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  [[gnu::always_inline]] static unsigned long long num_blocks() {
    return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z;
  }
  [[gnu::always_inline]] static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  [[gnu::always_inline]] static unsigned long long block_rank() {
    return loom_detail::linear(block_index(), dim_blocks());
  }
  [[gnu::always_inline]] static dim3 dim_threads() { return loom_detail::times(gridDim, blockDim); }
  [[gnu::always_inline]] static unsigned long long num_threads() {
    return num_blocks() * ::loom::device::cg::blockThreads();
  }
  [[gnu::always_inline]] static unsigned long long size() { return num_threads(); }
  [[gnu::always_inline]] static dim3 thread_index() {
    return dim3(blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y,
                blockIdx.z * blockDim.z + threadIdx.z);
  }
  [[gnu::always_inline]] static unsigned long long thread_rank() {
    return block_rank() * ::loom::device::cg::blockThreads() + ::loom::device::cg::blockRank();
  }
  [[gnu::always_inline]] static dim3 group_dim() { return dim_blocks(); }
  [[gnu::always_inline]] static dim3 dim_clusters() { return __clusterGridDimInClusters(); }
  [[gnu::always_inline]] static unsigned long long num_clusters() {
    dim3 d = dim_clusters();
    return static_cast<unsigned long long>(d.x) * d.y * d.z;
  }
  [[gnu::always_inline]] static dim3 cluster_index() { return __clusterIdx(); }
  [[gnu::always_inline]] static unsigned long long cluster_rank() {
    return loom_detail::linear(cluster_index(), dim_clusters());
  }
};

[[gnu::always_inline]] inline grid_group this_grid() { return grid_group(); }

class cluster_group {
public:
  using arrival_token = struct {};

  [[gnu::always_inline]] static void sync() {
    __cluster_barrier_arrive();
    __cluster_barrier_wait();
  }
  [[gnu::always_inline]] static arrival_token barrier_arrive() {
    __cluster_barrier_arrive();
    return arrival_token();
  }
  [[gnu::always_inline]] static void barrier_wait() { __cluster_barrier_wait(); }
  [[gnu::always_inline]] static void barrier_wait(arrival_token&&) { __cluster_barrier_wait(); }
  [[gnu::always_inline]] static unsigned query_shared_rank(const void* address) {
    return __cluster_query_shared_rank(address);
  }
  template <class T>
  [[gnu::always_inline]] static T* map_shared_rank(T* address, int rank) {
    return static_cast<T*>(__cluster_map_shared_rank(address, static_cast<unsigned>(rank)));
  }
  [[gnu::always_inline]] static dim3 block_index() { return __clusterRelativeBlockIdx(); }
  [[gnu::always_inline]] static unsigned block_rank() { return __clusterRelativeBlockRank(); }
  [[gnu::always_inline]] static dim3 dim_blocks() { return __clusterDim(); }
  [[gnu::always_inline]] static unsigned num_blocks() { return __clusterSizeInBlocks(); }
  [[gnu::always_inline]] static dim3 thread_index() {
    dim3 b = block_index();
    return dim3(b.x * blockDim.x + threadIdx.x, b.y * blockDim.y + threadIdx.y, b.z * blockDim.z + threadIdx.z);
  }
  [[gnu::always_inline]] static unsigned thread_rank() {
    return block_rank() * ::loom::device::cg::blockThreads() + ::loom::device::cg::blockRank();
  }
  [[gnu::always_inline]] static dim3 dim_threads() { return loom_detail::times(loom_clusterdim, blockDim); }
  [[gnu::always_inline]] static unsigned num_threads() { return num_blocks() * ::loom::device::cg::blockThreads(); }
  [[gnu::always_inline]] static unsigned size() { return num_threads(); }
};

[[gnu::always_inline]] inline cluster_group this_cluster() { return cluster_group(); }

}  // namespace cooperative_groups
