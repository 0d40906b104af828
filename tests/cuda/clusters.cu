// Conformance test: thread block clusters (sm_90): cudaLaunchKernelEx with
// cudaLaunchAttributeClusterDimension, __cluster_dims__, cooperative_groups::cluster_group, and
// distributed shared memory (map_shared_rank).
//
// Expected behaviour comes from the Programming Guide ("Thread Block Clusters", "Distributed
// Shared Memory") and the Runtime API reference (cudaLaunchKernelEx): the blocks of a cluster run
// at once, cluster.sync() orders them, and a block reads and writes the shared memory of the
// others through map_shared_rank. CPU references give the results; the query values and error
// codes are printed, not judged here: validate/ compares them with the H100's.
// Prints one "<check>: PASS" / "<check>: FAIL <detail>" line per check; exit code 0 iff all pass.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "conformance.h"

namespace cg = cooperative_groups;

static const int kQueries = 27;
static const char* kQueryNames[kQueries] = {
    "block_rank", "block_index.x", "block_index.y", "block_index.z", "dim_blocks.x", "dim_blocks.y",
    "dim_blocks.z", "num_blocks", "num_threads", "size", "thread_rank", "thread_index.x",
    "thread_index.y", "thread_index.z", "dim_threads.x", "dim_threads.y", "dim_threads.z",
    "grid.cluster_rank", "grid.cluster_index.x", "grid.cluster_index.y", "grid.cluster_index.z",
    "grid.num_clusters", "grid.dim_clusters.x", "grid.dim_clusters.y", "grid.dim_clusters.z",
    "__clusterDimIsSpecified", "grid.thread_rank"};

// Thread (1,1,0) of every block records what the cluster queries return.
__global__ void clusterQueries(unsigned* out) {
  if (threadIdx.x != 1 || threadIdx.y != 1 || threadIdx.z != 0) return;
  cg::cluster_group c = cg::this_cluster();
  cg::grid_group g = cg::this_grid();
  unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned* o = out + b * kQueries;
  int k = 0;
  o[k++] = c.block_rank();
  dim3 v = c.block_index();
  o[k++] = v.x, o[k++] = v.y, o[k++] = v.z;
  v = c.dim_blocks();
  o[k++] = v.x, o[k++] = v.y, o[k++] = v.z;
  o[k++] = c.num_blocks();
  o[k++] = c.num_threads();
  o[k++] = c.size();
  o[k++] = c.thread_rank();
  v = c.thread_index();
  o[k++] = v.x, o[k++] = v.y, o[k++] = v.z;
  v = c.dim_threads();
  o[k++] = v.x, o[k++] = v.y, o[k++] = v.z;
  o[k++] = (unsigned)g.cluster_rank();
  v = g.cluster_index();
  o[k++] = v.x, o[k++] = v.y, o[k++] = v.z;
  o[k++] = (unsigned)g.num_clusters();
  v = g.dim_clusters();
  o[k++] = v.x, o[k++] = v.y, o[k++] = v.z;
  o[k++] = __clusterDimIsSpecified();
  o[k++] = (unsigned)g.thread_rank();
}

// Each block fills its tile, then reads the tile of the next block of its cluster (a ring).
__global__ void ringExchange(int* out) {
  __shared__ int tile[128];
  cg::cluster_group c = cg::this_cluster();
  unsigned rank = c.block_rank();
  for (unsigned i = threadIdx.x; i < 128; i += blockDim.x) tile[i] = (int)(rank * 1000 + i + blockIdx.x * 100000);
  c.sync();
  int* next = c.map_shared_rank(tile, (int)((rank + 1) % c.num_blocks()));
  unsigned b = blockIdx.x + gridDim.x * blockIdx.y;
  for (unsigned i = threadIdx.x; i < 128; i += blockDim.x) out[b * 128 + i] = next[127 - i];
  c.sync();  // the tile must outlive its readers
}

// A distributed histogram, as in the Programming Guide: the bins are spread over the cluster's
// blocks (dynamic shared memory), each value counted by an atomic in the block that owns its bin.
__global__ void clusterHistogram(int* bins, int nbins, const int* input, int n) {
  extern __shared__ int smem[];
  cg::cluster_group cluster = cg::this_cluster();
  int perBlock = nbins / (int)cluster.num_blocks();
  for (int i = threadIdx.x; i < perBlock; i += blockDim.x) smem[i] = 0;
  cluster.sync();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int bin = input[i] % nbins;
    int* owner = cluster.map_shared_rank(smem, bin / perBlock);
    atomicAdd(owner + bin % perBlock, 1);
  }
  cluster.sync();
  int first = (int)cluster.block_rank() * perBlock;
  for (int i = threadIdx.x; i < perBlock; i += blockDim.x) atomicAdd(&bins[first + i], smem[i]);
}

// query_shared_rank of an address mapped to each rank, and the split barrier with independent
// work between arrive and wait.
__global__ void queryAndSplit(unsigned* ranks, int* seen) {
  __shared__ int value;
  cg::cluster_group c = cg::this_cluster();
  if (threadIdx.x == 0) value = (int)c.block_rank() + 10;
  auto token = c.barrier_arrive();
  unsigned b = blockIdx.x;
  if (threadIdx.x < c.num_blocks()) ranks[b * 8 + threadIdx.x] = c.query_shared_rank(c.map_shared_rank(&value, threadIdx.x));
  c.barrier_wait(std::move(token));
  if (threadIdx.x == 0) {
    int sum = 0;
    for (unsigned r = 0; r < c.num_blocks(); ++r) sum += *c.map_shared_rank(&value, r);
    seen[b] = sum;
  }
  c.sync();
}

__global__ void __cluster_dims__(2, 1, 1) compiledClusters(unsigned* out) {
  cg::cluster_group c = cg::this_cluster();
  if (threadIdx.x == 0) out[blockIdx.x] = c.num_blocks() * 100 + c.block_rank();
}

// Threads that exit before a cluster barrier: the others still pass it.
__global__ void exitBeforeClusterSync(int* out) {
  __shared__ int v;
  cg::cluster_group c = cg::this_cluster();
  if (c.block_rank() == 1 && threadIdx.x >= 16) return;
  if (threadIdx.x == 0) v = (int)c.block_rank() + 1;
  c.sync();
  int other = *c.map_shared_rank(&v, (c.block_rank() + 1) % c.num_blocks());
  c.sync();
  out[blockIdx.x * blockDim.x + threadIdx.x] = other;
}

__global__ void tiny(int* out) {
  if (threadIdx.x == 0) out[blockIdx.x] = (int)cg::this_cluster().block_rank();
}

static void probe(const char* name, cudaError_t e) {
  std::printf("%s: %s\n", name, cudaGetErrorName(e));
  std::fflush(stdout);
  cudaGetLastError();
}

// A cudaLaunchKernelEx configuration with one cluster-dimension attribute (not copyable: the
// configuration points at its own attribute).
struct ClusterLaunch {
  cudaLaunchAttribute attr[1];
  cudaLaunchConfig_t config = {};
  ClusterLaunch(dim3 grid, dim3 block, dim3 cluster, size_t smem = 0) {
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = cluster.x;
    attr[0].val.clusterDim.y = cluster.y;
    attr[0].val.clusterDim.z = cluster.z;
    config.gridDim = grid;
    config.blockDim = block;
    config.dynamicSmemBytes = smem;
    config.attrs = attr;
    config.numAttrs = 1;
  }
  ClusterLaunch(const ClusterLaunch&) = delete;
};

static cudaError_t launchClustered(dim3 grid, dim3 block, dim3 cluster, size_t smem, void (*kernel)(int*), int* arg) {
  ClusterLaunch l(grid, block, cluster, smem);
  return cudaLaunchKernelEx(&l.config, kernel, arg);
}

static void printQueries(const char* name, dim3 grid, dim3 cluster) {
  unsigned blocks = grid.x * grid.y * grid.z;
  unsigned* d;
  CK(cudaMalloc(&d, blocks * kQueries * sizeof(unsigned)));
  ClusterLaunch l(grid, dim3(4, 2, 1), cluster);
  CK(cudaLaunchKernelEx(&l.config, clusterQueries, d));
  CK_LAUNCH();
  std::vector<unsigned> h(blocks * kQueries);
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (unsigned b = 0; b < blocks; ++b) {
    std::printf("%s block %u:", name, b);
    for (int k = 0; k < kQueries; ++k) std::printf(" %s=%u", kQueryNames[k], h[b * kQueries + k]);
    std::printf("\n");
  }
  CK(cudaFree(d));
}

static void testRing() {
  const unsigned blocks = 16;
  int* d;
  CK(cudaMalloc(&d, blocks * 128 * sizeof(int)));
  CK(launchClustered(dim3(8, 2), dim3(64), dim3(4, 1, 1), 0, ringExchange, d));
  CK_LAUNCH();
  std::vector<int> h(blocks * 128);
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = -1;
  for (unsigned by = 0; by < 2 && bad < 0; ++by)
    for (unsigned bx = 0; bx < 8 && bad < 0; ++bx) {
      unsigned b = bx + 8 * by, rank = bx % 4, nextX = bx / 4 * 4 + (rank + 1) % 4;
      for (unsigned i = 0; i < 128; ++i)
        if (h[b * 128 + i] != (int)(((rank + 1) % 4) * 1000 + (127 - i) + nextX * 100000)) {
          bad = (int)(b * 128 + i);
          break;
        }
    }
  check("dsmem_ring", bad < 0, "element %d: %d", bad, bad < 0 ? 0 : h[bad]);
  CK(cudaFree(d));
}

static void testHistogram() {
  const int n = 20000, nbins = 256, blocks = 8, threads = 128;
  std::vector<int> in(n), want(nbins, 0);
  for (int i = 0; i < n; ++i) {
    in[i] = (int)((i * 2654435761u) >> 7) & 0xffff;
    ++want[in[i] % nbins];
  }
  int *dIn, *dBins;
  CK(cudaMalloc(&dIn, n * sizeof(int)));
  CK(cudaMalloc(&dBins, nbins * sizeof(int)));
  CK(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemset(dBins, 0, nbins * sizeof(int)));
  ClusterLaunch l(dim3(blocks), dim3(threads), dim3(4, 1, 1), nbins / 4 * sizeof(int));
  CK(cudaLaunchKernelEx(&l.config, clusterHistogram, dBins, nbins, (const int*)dIn, n));
  CK_LAUNCH();
  std::vector<int> got(nbins);
  CK(cudaMemcpy(got.data(), dBins, nbins * sizeof(int), cudaMemcpyDeviceToHost));
  check("dsmem_histogram", got == want, "bin 0: %d, want %d", got[0], want[0]);
  CK(cudaFree(dIn));
  CK(cudaFree(dBins));
}

static void testQueryAndSplit() {
  const unsigned blocks = 8;
  unsigned* ranks;
  int* seen;
  CK(cudaMalloc(&ranks, blocks * 8 * sizeof(unsigned)));
  CK(cudaMalloc(&seen, blocks * sizeof(int)));
  CK(cudaMemset(ranks, 0xff, blocks * 8 * sizeof(unsigned)));
  ClusterLaunch l(dim3(blocks), dim3(32), dim3(4, 1, 1));
  CK(cudaLaunchKernelEx(&l.config, queryAndSplit, ranks, seen));
  CK_LAUNCH();
  std::vector<unsigned> r(blocks * 8);
  std::vector<int> s(blocks);
  CK(cudaMemcpy(r.data(), ranks, r.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(s.data(), seen, s.size() * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (unsigned b = 0; b < blocks; ++b) {
    for (unsigned k = 0; k < 4; ++k) ok = ok && r[b * 8 + k] == k;
    ok = ok && s[b] == 10 + 11 + 12 + 13;
  }
  check("query_shared_rank_and_split_barrier", ok, "ranks[0..3] = %u %u %u %u, seen[0] = %d", r[0], r[1], r[2], r[3], s[0]);
  CK(cudaFree(ranks));
  CK(cudaFree(seen));
}

static void testCompiledDims() {
  unsigned* d;
  CK(cudaMalloc(&d, 6 * sizeof(unsigned)));
  compiledClusters<<<6, 32>>>(d);
  CK_LAUNCH();
  unsigned h[6];
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < 6; ++b) ok = ok && h[b] == 200u + b % 2;
  check("cluster_dims_attribute", ok, "block 1: %u", h[1]);
  probe("__cluster_dims__(2,1,1) kernel with 5 blocks", (compiledClusters<<<5, 32>>>(d), cudaGetLastError()));
  CK(cudaDeviceSynchronize());
  CK(cudaFree(d));
}

static void probeErrors() {
  int* d;
  CK(cudaMalloc(&d, 64 * sizeof(int)));
  probe("grid 6 in clusters of 4", launchClustered(dim3(6), dim3(32), dim3(4, 1, 1), 0, tiny, d));
  probe("grid (4,3) in clusters of (2,2)", launchClustered(dim3(4, 3), dim3(32), dim3(2, 2, 1), 0, tiny, d));
  probe("cluster of 8", launchClustered(dim3(16), dim3(32), dim3(8, 1, 1), 0, tiny, d));
  CK(cudaDeviceSynchronize());
  probe("cluster of 16 without opt-in", launchClustered(dim3(16), dim3(32), dim3(16, 1, 1), 0, tiny, d));
  CK(cudaFuncSetAttribute((const void*)tiny, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  probe("cluster of 16 with opt-in", launchClustered(dim3(16), dim3(32), dim3(16, 1, 1), 0, tiny, d));
  CK(cudaDeviceSynchronize());
  std::vector<int> h(16);
  CK(cudaMemcpy(h.data(), d, 16 * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < 16; ++b) ok = ok && h[b] == b;
  check("cluster_of_16_ranks", ok, "block 15: rank %d", h[15]);
  probe("cluster of 32 with opt-in", launchClustered(dim3(32), dim3(32), dim3(32, 1, 1), 0, tiny, d));
  probe("cluster (2,2,2)", launchClustered(dim3(2, 2, 2), dim3(32), dim3(2, 2, 2), 0, tiny, d));
  CK(cudaDeviceSynchronize());
  unsigned* u = reinterpret_cast<unsigned*>(d);
  ClusterLaunch of3(dim3(6), dim3(32), dim3(3, 1, 1));
  probe("__cluster_dims__(2,1,1) kernel launched with clusters of 3", cudaLaunchKernelEx(&of3.config, compiledClusters, u));
  ClusterLaunch of2(dim3(6), dim3(32), dim3(2, 1, 1));
  probe("__cluster_dims__(2,1,1) kernel launched with clusters of 2", cudaLaunchKernelEx(&of2.config, compiledClusters, u));
  CK(cudaDeviceSynchronize());
  CK(cudaFree(d));
}

static void testExits() {
  int* d;
  CK(cudaMalloc(&d, 4 * 32 * sizeof(int)));
  CK(cudaMemset(d, 0xff, 4 * 32 * sizeof(int)));
  CK(launchClustered(dim3(4), dim3(32), dim3(2, 1, 1), 0, exitBeforeClusterSync, d));
  CK_LAUNCH();
  std::vector<int> h(4 * 32);
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < 4; ++b)
    for (int t = 0; t < 32; ++t) {
      int want = (b % 2 == 1 && t >= 16) ? -1 : (b % 2 == 0 ? 2 : 1);
      ok = ok && h[b * 32 + t] == want;
    }
  check("cluster_sync_after_exits", ok, "block 0 thread 0: %d", h[0]);
  CK(cudaFree(d));
}

int main() {
  printQueries("clusters (2,2,1) of grid (4,2,2)", dim3(4, 2, 2), dim3(2, 2, 1));
  printQueries("no clusters, grid (3,1,1)", dim3(3, 1, 1), dim3(1, 1, 1));
  testRing();
  testHistogram();
  testQueryAndSplit();
  testCompiledDims();
  probeErrors();
  testExits();
  return finish("clusters");
}
