// cub_block_primitives: CUB's block-wide collectives inside hand-written kernels.
//
//  1. tile_scan: each block loads one tile (cub::BlockLoad, warp-transpose), computes an
//     exclusive prefix sum of the tile with cub::BlockScan (and the tile total), stores it back
//     (cub::BlockStore) and writes the total; the last tile is partial.
//  2. running_max: one block walks the whole array tile by tile and computes an inclusive
//     running maximum, carrying the prefix between tiles with a BlockScan prefix callback.
//  3. tile_stats: cub::BlockReduce of each tile (sum, and a maximum with a user functor), with a
//     partial last tile reduced over only its valid threads.
//  4. segment_heads: loads sorted keys striped (cub::LoadDirectStriped), turns them into a
//     blocked arrangement with cub::BlockExchange, flags the first key of each run with
//     cub::BlockDiscontinuity (handing each tile its predecessor) and counts runs per tile.
// Each result is compared with a CPU reference.
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 cub_block_primitives.cu

#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_CUDA(call)                                                                    \
  do {                                                                                      \
    cudaError_t err_ = (call);                                                              \
    if (err_ != cudaSuccess) {                                                              \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                    \
                   cudaGetErrorString(err_));                                               \
      std::exit(2);                                                                         \
    }                                                                                       \
  } while (0)

constexpr int kBlockThreads = 128;
constexpr int kItemsPerThread = 4;
constexpr int kTileItems = kBlockThreads * kItemsPerThread;

struct MaxFunctor {
  __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

// The running prefix handed to BlockScan before each tile: returns the maximum of all earlier
// tiles and folds in this tile's aggregate.
struct RunningMaxPrefix {
  int running;
  __device__ explicit RunningMaxPrefix(int start) : running(start) {}
  __device__ int operator()(int tile_aggregate) {
    int old = running;
    running = tile_aggregate > running ? tile_aggregate : running;
    return old;
  }
};

struct NotEqual {
  __host__ __device__ bool operator()(int a, int b) const { return a != b; }
};

__global__ void tile_scan_kernel(const int* in, int* out, int* tile_totals, int n) {
  using BlockLoadT = cub::BlockLoad<int, kBlockThreads, kItemsPerThread, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using BlockScanT = cub::BlockScan<int, kBlockThreads>;
  using BlockStoreT = cub::BlockStore<int, kBlockThreads, kItemsPerThread, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union {
    typename BlockLoadT::TempStorage load;
    typename BlockScanT::TempStorage scan;
    typename BlockStoreT::TempStorage store;
  } temp;

  const int tile_offset = blockIdx.x * kTileItems;
  const int valid = min(kTileItems, n - tile_offset);
  int items[kItemsPerThread];
  BlockLoadT(temp.load).Load(in + tile_offset, items, valid, 0);
  __syncthreads();
  int total;
  BlockScanT(temp.scan).ExclusiveSum(items, items, total);
  __syncthreads();
  BlockStoreT(temp.store).Store(out + tile_offset, items, valid);
  if (threadIdx.x == 0) tile_totals[blockIdx.x] = total;
}

__global__ void running_max_kernel(const int* in, int* out, int n) {
  using BlockLoadT = cub::BlockLoad<int, kBlockThreads, kItemsPerThread, cub::BLOCK_LOAD_TRANSPOSE>;
  using BlockScanT = cub::BlockScan<int, kBlockThreads, cub::BLOCK_SCAN_RAKING>;
  using BlockStoreT = cub::BlockStore<int, kBlockThreads, kItemsPerThread, cub::BLOCK_STORE_TRANSPOSE>;
  __shared__ union {
    typename BlockLoadT::TempStorage load;
    typename BlockScanT::TempStorage scan;
    typename BlockStoreT::TempStorage store;
  } temp;

  RunningMaxPrefix prefix(INT_MIN);
  for (int tile_offset = 0; tile_offset < n; tile_offset += kTileItems) {
    const int valid = min(kTileItems, n - tile_offset);
    int items[kItemsPerThread];
    BlockLoadT(temp.load).Load(in + tile_offset, items, valid, INT_MIN);
    __syncthreads();
    BlockScanT(temp.scan).InclusiveScan(items, items, MaxFunctor(), prefix);
    __syncthreads();
    BlockStoreT(temp.store).Store(out + tile_offset, items, valid);
    __syncthreads();
  }
}

__global__ void tile_stats_kernel(const int* in, int* sums, int* maxima, int n) {
  using BlockReduceT = cub::BlockReduce<int, kBlockThreads>;
  __shared__ typename BlockReduceT::TempStorage temp;

  // One item per thread here, so the last (partial) tile reduces over fewer threads.
  const int i = blockIdx.x * kBlockThreads + threadIdx.x;
  const int valid_threads = min(kBlockThreads, n - static_cast<int>(blockIdx.x) * kBlockThreads);
  int value = i < n ? in[i] : 0;
  int sum = BlockReduceT(temp).Sum(value, valid_threads);
  __syncthreads();
  int maximum = BlockReduceT(temp).Reduce(value, MaxFunctor(), valid_threads);
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = sum;
    maxima[blockIdx.x] = maximum;
  }
}

__global__ void segment_heads_kernel(const int* keys, int* heads_per_tile, int* head_flags, int n) {
  using BlockExchangeT = cub::BlockExchange<int, kBlockThreads, kItemsPerThread>;
  using BlockDiscontinuityT = cub::BlockDiscontinuity<int, kBlockThreads>;
  using BlockReduceT = cub::BlockReduce<int, kBlockThreads>;
  __shared__ union {
    typename BlockExchangeT::TempStorage exchange;
    typename BlockDiscontinuityT::TempStorage discontinuity;
    typename BlockReduceT::TempStorage reduce;
  } temp;

  const int tile_offset = blockIdx.x * kTileItems;
  const int valid = min(kTileItems, n - tile_offset);
  int items[kItemsPerThread];
  // Past the end: repeat a key larger than any real one, so no extra heads appear inside the
  // valid range (the padding's own head flags are ignored below).
  cub::LoadDirectStriped<kBlockThreads>(threadIdx.x, keys + tile_offset, items, valid, INT_MAX);
  BlockExchangeT(temp.exchange).StripedToBlocked(items);
  __syncthreads();

  int flags[kItemsPerThread];
  if (blockIdx.x == 0) {
    BlockDiscontinuityT(temp.discontinuity).FlagHeads(flags, items, NotEqual());
  } else {
    BlockDiscontinuityT(temp.discontinuity).FlagHeads(flags, items, NotEqual(), keys[tile_offset - 1]);
  }
  __syncthreads();

  int count = 0;
  for (int k = 0; k < kItemsPerThread; ++k) {
    const int local = threadIdx.x * kItemsPerThread + k;  // blocked arrangement
    if (local < valid) {
      head_flags[tile_offset + local] = flags[k];
      count += flags[k];
    }
  }
  int total = BlockReduceT(temp.reduce).Sum(count);
  if (threadIdx.x == 0) heads_per_tile[blockIdx.x] = total;
}

namespace {

int g_failures = 0;

void report(const char* name, bool ok, const char* detail) {
  if (ok) {
    std::printf("cub_block_primitives: %s: PASS\n", name);
  } else {
    std::printf("cub_block_primitives: %s: FAIL %s\n", name, detail);
    ++g_failures;
  }
}

unsigned lcg(unsigned& state) {
  state = state * 1103515245u + 12345u;
  return (state >> 9) & 0x3fffff;
}

template <typename T>
std::vector<T> to_host(const T* d, size_t count) {
  std::vector<T> h(count);
  CHECK_CUDA(cudaMemcpy(h.data(), d, count * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

}  // namespace

int main() {
  const int n = 10 * kTileItems + 77;  // ten full tiles and a partial one
  const int tiles = (n + kTileItems - 1) / kTileItems;
  const int blocks = (n + kBlockThreads - 1) / kBlockThreads;  // for one item per thread
  unsigned seed = 2024u;
  std::vector<int> h_in(n);
  for (int i = 0; i < n; ++i) h_in[i] = static_cast<int>(lcg(seed) % 1000) - 300;

  int *d_in = nullptr, *d_out = nullptr, *d_totals = nullptr, *d_maxima = nullptr, *d_flags = nullptr;
  CHECK_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_totals, blocks * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_maxima, blocks * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_flags, n * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  char detail[200];

  // 1. Tile-wise exclusive scan.
  {
    CHECK_CUDA(cudaMemset(d_out, 0xff, n * sizeof(int)));
    tile_scan_kernel<<<tiles, kBlockThreads>>>(d_in, d_out, d_totals, n);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<int> out = to_host(d_out, n), totals = to_host(d_totals, tiles);
    bool ok = true;
    std::snprintf(detail, sizeof detail, "-");
    for (int t = 0; t < tiles && ok; ++t) {
      int running = 0;
      const int end = std::min(n, (t + 1) * kTileItems);
      for (int i = t * kTileItems; i < end; ++i) {
        if (out[i] != running) {
          ok = false;
          std::snprintf(detail, sizeof detail, "element %d: got %d expected %d", i, out[i], running);
          break;
        }
        running += h_in[i];
      }
      if (ok && totals[t] != running) {
        ok = false;
        std::snprintf(detail, sizeof detail, "tile %d total %d expected %d", t, totals[t], running);
      }
    }
    report("BlockLoad+BlockScan::ExclusiveSum+BlockStore", ok, detail);
  }

  // 2. Running maximum over the whole array in one block.
  {
    CHECK_CUDA(cudaMemset(d_out, 0, n * sizeof(int)));
    running_max_kernel<<<1, kBlockThreads>>>(d_in, d_out, n);
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> out = to_host(d_out, n);
    bool ok = true;
    std::snprintf(detail, sizeof detail, "-");
    int running = INT_MIN;
    for (int i = 0; i < n; ++i) {
      running = std::max(running, h_in[i]);
      if (out[i] != running) {
        ok = false;
        std::snprintf(detail, sizeof detail, "element %d: got %d expected %d", i, out[i], running);
        break;
      }
    }
    report("BlockScan::InclusiveScan with prefix callback", ok, detail);
  }

  // 3. Per-block sums and maxima, partial last block.
  {
    tile_stats_kernel<<<blocks, kBlockThreads>>>(d_in, d_totals, d_maxima, n);
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> sums = to_host(d_totals, blocks), maxima = to_host(d_maxima, blocks);
    bool ok = true;
    std::snprintf(detail, sizeof detail, "-");
    for (int b = 0; b < blocks && ok; ++b) {
      int s = 0, m = INT_MIN;
      for (int i = b * kBlockThreads; i < std::min(n, (b + 1) * kBlockThreads); ++i) {
        s += h_in[i];
        m = std::max(m, h_in[i]);
      }
      if (sums[b] != s || maxima[b] != m) {
        ok = false;
        std::snprintf(detail, sizeof detail, "block %d: sum %d max %d, expected sum %d max %d", b,
                      sums[b], maxima[b], s, m);
      }
    }
    report("BlockReduce::Sum/Reduce (partial block)", ok, detail);
  }

  // 4. Run heads of sorted keys.
  {
    std::vector<int> h_keys(n);
    int key = -50;
    for (int i = 0; i < n; ++i) {
      if (lcg(seed) % 5 == 0) key += 1 + static_cast<int>(lcg(seed) % 2);
      h_keys[i] = key;
    }
    // A run that crosses a tile boundary, and one that starts exactly at one.
    for (int i = kTileItems - 3; i < kTileItems + 3; ++i) h_keys[i] = h_keys[kTileItems - 3];
    for (int i = 2 * kTileItems; i < n; ++i) h_keys[i] = std::max(h_keys[i], h_keys[2 * kTileItems - 1] + 1);
    CHECK_CUDA(cudaMemcpy(d_in, h_keys.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    segment_heads_kernel<<<tiles, kBlockThreads>>>(d_in, d_totals, d_flags, n);
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> counts = to_host(d_totals, tiles), flags = to_host(d_flags, n);
    bool ok = true;
    std::snprintf(detail, sizeof detail, "-");
    for (int i = 0; i < n && ok; ++i) {
      int expected = (i == 0 || h_keys[i] != h_keys[i - 1]) ? 1 : 0;
      if (flags[i] != expected) {
        ok = false;
        std::snprintf(detail, sizeof detail, "flag %d: got %d expected %d", i, flags[i], expected);
      }
    }
    for (int t = 0; t < tiles && ok; ++t) {
      int expected = 0;
      for (int i = t * kTileItems; i < std::min(n, (t + 1) * kTileItems); ++i)
        expected += (i == 0 || h_keys[i] != h_keys[i - 1]) ? 1 : 0;
      if (counts[t] != expected) {
        ok = false;
        std::snprintf(detail, sizeof detail, "tile %d: %d heads, expected %d", t, counts[t], expected);
      }
    }
    report("BlockExchange+BlockDiscontinuity::FlagHeads", ok, detail);
  }

  CHECK_CUDA(cudaFree(d_flags));
  CHECK_CUDA(cudaFree(d_maxima));
  CHECK_CUDA(cudaFree(d_totals));
  CHECK_CUDA(cudaFree(d_out));
  CHECK_CUDA(cudaFree(d_in));
  std::printf("cub_block_primitives: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
