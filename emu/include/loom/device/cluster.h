// Thread block clusters (sm_90) and the grid barrier of cooperative launches, in device code:
// CUDA's __cluster* intrinsics, and the entry points cooperative_groups' grid_group and
// cluster_group call. The engine side is sched/group_sync.cpp.
//
// A launch without clusters has clusters of one block, as on the device: __clusterDim() is
// (1,1,1) and barrier.cluster is a barrier of the block.
#pragma once

#include "loom/device/lane_builtins.h"
#include "loom/device/sync.h"
#include "vector_types.h"

namespace loom::device {
// Out of line; each is called straight from the inline functions below (always_inline), so its
// return address is the caller's line for reports.
LOOM_ENGINE_CALL unsigned long long gridArrive();
LOOM_ENGINE_CALL void gridWait(unsigned long long token);
LOOM_ENGINE_CALL bool gridValid();
LOOM_ENGINE_CALL void clusterArrive();
LOOM_ENGINE_CALL void clusterWait();
LOOM_ENGINE_CALL void* clusterMapSharedRank(const void* address, unsigned rank);
LOOM_ENGINE_CALL unsigned clusterQuerySharedRank(const void* address);
}  // namespace loom::device

#define LOOM_NO_TAIL_CALL() asm volatile("" ::: "memory")

[[gnu::always_inline]] inline dim3 __clusterDim() {
  return dim3(loom_clusterdim.x, loom_clusterdim.y, loom_clusterdim.z);
}
[[gnu::always_inline]] inline unsigned __clusterDimIsSpecified() {
  return loom_clusterspecified;
}
[[gnu::always_inline]] inline dim3 __clusterRelativeBlockIdx() {
  return dim3(loom_ctaid.x % loom_clusterdim.x, loom_ctaid.y % loom_clusterdim.y, loom_ctaid.z % loom_clusterdim.z);
}
[[gnu::always_inline]] inline unsigned __clusterRelativeBlockRank() {
  dim3 b = __clusterRelativeBlockIdx();
  return b.x + loom_clusterdim.x * (b.y + loom_clusterdim.y * b.z);
}
[[gnu::always_inline]] inline unsigned __clusterSizeInBlocks() {
  return loom_clusterdim.x * loom_clusterdim.y * loom_clusterdim.z;
}
[[gnu::always_inline]] inline dim3 __clusterIdx() {
  return dim3(loom_ctaid.x / loom_clusterdim.x, loom_ctaid.y / loom_clusterdim.y, loom_ctaid.z / loom_clusterdim.z);
}
[[gnu::always_inline]] inline dim3 __clusterGridDimInClusters() {
  return dim3(loom_nctaid.x / loom_clusterdim.x, loom_nctaid.y / loom_clusterdim.y, loom_nctaid.z / loom_clusterdim.z);
}
[[gnu::always_inline]] inline void __cluster_barrier_arrive() {
  ::loom::device::clusterArrive();
  LOOM_NO_TAIL_CALL();
}
// Relaxed: no release of this thread's writes. Loom's barriers order everything anyway.
[[gnu::always_inline]] inline void __cluster_barrier_arrive_relaxed() {
  ::loom::device::clusterArrive();
  LOOM_NO_TAIL_CALL();
}
[[gnu::always_inline]] inline void __cluster_barrier_wait() {
  ::loom::device::clusterWait();
  LOOM_NO_TAIL_CALL();
}
[[gnu::always_inline]] inline void* __cluster_map_shared_rank(const void* address, unsigned rank) {
  void* p = ::loom::device::clusterMapSharedRank(address, rank);
  LOOM_NO_TAIL_CALL();
  return p;
}
[[gnu::always_inline]] inline unsigned __cluster_query_shared_rank(const void* address) {
  unsigned r = ::loom::device::clusterQuerySharedRank(address);
  LOOM_NO_TAIL_CALL();
  return r;
}
#undef LOOM_NO_TAIL_CALL
// fence.acq_rel.cluster: Loom's fences are all the same sequentially consistent fence.
inline void __threadfence_cluster() { ::loom::device::threadfence(); }
