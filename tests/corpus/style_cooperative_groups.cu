// style_cooperative_groups: block-level and tile-level reductions written with cooperative
// groups: this_thread_block(), tiled_partition<32> and <8>, tile.shfl_down, cg::reduce with
// cg::plus / cg::greater, cg::inclusive_scan, tile-level any/all/ballot, and block.sync().
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

#define CUDA_CHECK(x)                                                                   \
  do {                                                                                  \
    cudaError_t e = (x);                                                                \
    if (e != cudaSuccess) {                                                             \
      std::fprintf(stderr, "CUDA %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

constexpr int kBlock = 256;

// Hand-written tile reduction with shfl_down.
template <typename Tile>
__device__ int tile_sum_shfl(Tile tile, int v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
  return v;  // valid in thread_rank() == 0
}

__global__ void block_reduce_kernel(const int* in, int n, int* block_sums, int* warp_sums,
                                    int* tile8_sums, int* tile8_max, int* tile_meta) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
  __shared__ int warp_partials[kBlock / 32];

  int gid = blockIdx.x * blockDim.x + block.thread_rank();
  int v = gid < n ? in[gid] : 0;

  // Warp level, by hand.
  int ws = tile_sum_shfl(warp, v);
  int warp_id = block.thread_rank() / 32;
  if (warp.thread_rank() == 0) {
    warp_partials[warp_id] = ws;
    warp_sums[blockIdx.x * (kBlock / 32) + warp_id] = ws;
  }

  // 8-wide tiles with cg::reduce.
  int t8 = cg::reduce(tile8, v, cg::plus<int>());
  int m8 = cg::reduce(tile8, v, cg::greater<int>());
  int tile_id = block.thread_rank() / 8;
  if (tile8.thread_rank() == 0) {
    tile8_sums[blockIdx.x * (kBlock / 8) + tile_id] = t8;
    tile8_max[blockIdx.x * (kBlock / 8) + tile_id] = m8;
  }
  // Tile metadata and votes: record from the last thread of each tile.
  unsigned neg = tile8.ballot(v < 0);
  bool any_big = tile8.any(v > 90);
  bool all_pos = tile8.all(v > 0);
  if (tile8.thread_rank() == tile8.size() - 1) {
    int* m = tile_meta + 4 * (blockIdx.x * (kBlock / 8) + tile_id);
    m[0] = static_cast<int>(tile8.meta_group_rank());
    m[1] = static_cast<int>(neg);
    m[2] = any_big ? 1 : 0;
    m[3] = all_pos ? 1 : 0;
  }

  block.sync();

  // First warp folds the per-warp partials with cg::reduce.
  if (warp_id == 0) {
    int p = warp.thread_rank() < kBlock / 32 ? warp_partials[warp.thread_rank()] : 0;
    int total = cg::reduce(warp, p, cg::plus<int>());
    if (warp.thread_rank() == 0) block_sums[blockIdx.x] = total;
  }
}

// Inclusive scan inside a 32-thread tile with shfl_up, then a block-wide offset through
// shared memory between block.sync() calls.
__global__ void block_scan_kernel(const int* in, int* out, int n) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  __shared__ int warp_totals[kBlock / 32];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = gid < n ? in[gid] : 0;
  for (int d = 1; d < 32; d *= 2) {
    int up = warp.shfl_up(v, d);
    if (warp.thread_rank() >= static_cast<unsigned>(d)) v += up;
  }
  if (warp.thread_rank() == 31) warp_totals[warp.meta_group_rank()] = v;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    int t = warp.thread_rank() < warp.meta_group_size() ? warp_totals[warp.thread_rank()] : 0;
    int incl = cg::inclusive_scan(warp, t, cg::plus<int>());
    if (warp.thread_rank() < warp.meta_group_size()) warp_totals[warp.thread_rank()] = incl - t;
  }
  block.sync();
  if (gid < n) out[gid] = v + warp_totals[warp.meta_group_rank()];
}

static int failures = 0;
static void check(const char* what, bool ok, const char* detail = "") {
  if (ok) std::printf("style_cooperative_groups: %s PASS\n", what);
  else { std::printf("style_cooperative_groups: %s FAIL %s\n", what, detail); ++failures; }
}

int main() {
  const int n = 4000;  // not a multiple of the block size: the tail is padded with zeros
  const int blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 37 + 11) % 200 - 95;

  int *d_in, *d_bs, *d_ws, *d_t8, *d_m8, *d_meta, *d_scan;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_bs, blocks * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_ws, blocks * (kBlock / 32) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_t8, blocks * (kBlock / 8) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_m8, blocks * (kBlock / 8) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_meta, 4 * blocks * (kBlock / 8) * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_scan, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  block_reduce_kernel<<<blocks, kBlock>>>(d_in, n, d_bs, d_ws, d_t8, d_m8, d_meta);
  CUDA_CHECK(cudaGetLastError());
  block_scan_kernel<<<blocks, kBlock>>>(d_in, d_scan, n);
  CUDA_CHECK(cudaGetLastError());

  std::vector<int> bs(blocks), ws(blocks * kBlock / 32), t8(blocks * kBlock / 8),
      m8(blocks * kBlock / 8), meta(4 * blocks * kBlock / 8), scan(n);
  CUDA_CHECK(cudaMemcpy(bs.data(), d_bs, bs.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(ws.data(), d_ws, ws.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(t8.data(), d_t8, t8.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(m8.data(), d_m8, m8.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(meta.data(), d_meta, meta.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(scan.data(), d_scan, n * sizeof(int), cudaMemcpyDeviceToHost));

  auto val = [&](int i) { return i < n ? h[i] : 0; };
  bool ok_b = true, ok_w = true, ok_t = true, ok_m = true, ok_meta = true, ok_scan = true;
  for (int b = 0; b < blocks; ++b) {
    int s = 0;
    for (int t = 0; t < kBlock; ++t) s += val(b * kBlock + t);
    if (bs[b] != s) ok_b = false;
    for (int w = 0; w < kBlock / 32; ++w) {
      int sw = 0;
      for (int t = 0; t < 32; ++t) sw += val(b * kBlock + w * 32 + t);
      if (ws[b * (kBlock / 32) + w] != sw) ok_w = false;
    }
    for (int g = 0; g < kBlock / 8; ++g) {
      int s8 = 0, mx = -1000000;
      unsigned neg = 0;
      bool any_big = false, all_pos = true;
      for (int t = 0; t < 8; ++t) {
        int v = val(b * kBlock + g * 8 + t);
        s8 += v;
        if (v > mx) mx = v;
        if (v < 0) neg |= 1u << t;
        if (v > 90) any_big = true;
        if (!(v > 0)) all_pos = false;
      }
      int k = b * (kBlock / 8) + g;
      if (t8[k] != s8) ok_t = false;
      if (m8[k] != mx) ok_m = false;
      if (meta[4 * k] != g || meta[4 * k + 1] != static_cast<int>(neg) ||
          meta[4 * k + 2] != (any_big ? 1 : 0) || meta[4 * k + 3] != (all_pos ? 1 : 0))
        ok_meta = false;
    }
    int run = 0;
    for (int t = 0; t < kBlock; ++t) {
      int i = b * kBlock + t;
      run += val(i);
      if (i < n && scan[i] != run) ok_scan = false;
    }
  }
  check("block sum (shfl_down + cg::reduce plus)", ok_b);
  check("tiled_partition<32> shfl_down sums", ok_w);
  check("tiled_partition<8> cg::reduce plus", ok_t);
  check("tiled_partition<8> cg::reduce greater", ok_m);
  check("tile8 meta_group_rank/ballot/any/all", ok_meta);
  check("block scan (shfl_up + cg::inclusive_scan)", ok_scan);

  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_bs)); CUDA_CHECK(cudaFree(d_ws));
  CUDA_CHECK(cudaFree(d_t8)); CUDA_CHECK(cudaFree(d_m8)); CUDA_CHECK(cudaFree(d_meta));
  CUDA_CHECK(cudaFree(d_scan));
  std::printf("style_cooperative_groups: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
