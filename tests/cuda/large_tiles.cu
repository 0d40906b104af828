// Thread block tiles larger than a warp (CUDA Programming Guide, "Thread Block Tiles"): a block
// is split with tiled_partition<N>(this_thread_block(scratch)) for N = 64 .. 1024, with the
// block_tile_memory scratch CUDA asks for. Each tile synchronizes on its own, so the tiles of one
// block may take different paths, and a tile's sync() must order its warps' shared-memory
// accesses (a tile-wide tree reduction and rotations in shared memory, against a CPU
// reference). The ranks and sizes of tiles and of 32-thread tiles partitioned from them are
// printed, one line per tile size.
#include <cooperative_groups.h>

#include <type_traits>

#include "conformance.h"

namespace cg = cooperative_groups;

constexpr int kBlock = 512;
constexpr int kBlocks = 3;

// Each tile of N threads sums its N values with a tree in shared memory, tile.sync() between
// levels; thread 0 of each tile writes the tile's sum.
template <unsigned N>
__global__ void tileSums(const int* in, int* sums) {
  __shared__ cg::block_tile_memory<kBlock> scratch;
  __shared__ int s[kBlock];
  cg::thread_block block = cg::this_thread_block(scratch);
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  const unsigned t = block.thread_rank(), base = tile.meta_group_rank() * N;
  s[t] = in[blockIdx.x * kBlock + t];
  tile.sync();
  for (unsigned half = N / 2; half > 0; half /= 2) {
    if (tile.thread_rank() < half) s[base + tile.thread_rank()] += s[base + tile.thread_rank() + half];
    tile.sync();
  }
  if (tile.thread_rank() == 0) sums[blockIdx.x * (kBlock / N) + tile.meta_group_rank()] = s[base];
}

// nvcc 13 converts no tile larger than a warp to a thread_group.
static_assert(!std::is_convertible<cg::thread_block_tile<64>, cg::thread_group>::value, "");
static_assert(std::is_convertible<cg::thread_block_tile<32>, cg::thread_group>::value, "");

// Tile k of 128 threads rotates its values left by one, k + 1 times: tiles leave their loops
// at different times, which a block-wide barrier could not allow. Synchronizes through the
// tile's sync() and through cg::sync.
__global__ void tileRotations(const int* in, int* out) {
  __shared__ int s[kBlock];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<128> tile = cg::tiled_partition<128>(block);
  const unsigned t = block.thread_rank(), r = tile.thread_rank(), base = tile.meta_group_rank() * 128;
  s[t] = in[blockIdx.x * kBlock + t];
  tile.sync();
  for (unsigned round = 0; round <= tile.meta_group_rank(); ++round) {
    int v = s[base + (r + 1) % 128];
    cg::sync(tile);
    s[t] = v;
    tile.sync();
  }
  out[blockIdx.x * kBlock + t] = s[t];
}

// Per thread: its tile's rank, size and meta rank/size, and those of the 32-thread tile
// partitioned from it, folded into one checksum per block.
template <unsigned N>
__global__ void tileRanks(unsigned long long* sums) {
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<N>(block);
  auto warp = cg::tiled_partition<32>(tile);
  unsigned long long v = tile.thread_rank() + 1000ull * tile.num_threads() + 7ull * tile.meta_group_rank() +
                         13ull * tile.meta_group_size() + 101ull * warp.meta_group_rank() +
                         1009ull * warp.meta_group_size() + 3ull * warp.thread_rank() * (block.thread_rank() + 1);
  atomicAdd(&sums[blockIdx.x], v);
}

template <unsigned N>
static void checkSums(const int* in, int* sums) {
  tileSums<N><<<kBlocks, kBlock>>>(in, sums);
  CK_LAUNCH();
  int bad = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (unsigned k = 0; k < kBlock / N; ++k) {
      int expect = 0;
      for (unsigned i = 0; i < N; ++i) expect += in[b * kBlock + k * N + i];
      bad += sums[b * (kBlock / N) + k] != expect;
    }
  char name[64];
  std::snprintf(name, sizeof name, "tile_%u_tree_sum", N);
  check(name, bad == 0, "%d tile sums differ", bad);
}

template <unsigned N, unsigned Block>
static void printRanks(unsigned long long* sums) {
  for (int b = 0; b < kBlocks; ++b) sums[b] = 0;
  tileRanks<N><<<kBlocks, Block>>>(sums);
  CK_LAUNCH();
  std::printf("ranks tile %u block %u: %llu %llu %llu\n", N, Block, sums[0], sums[1], sums[2]);
}

int main() {
  int *in = nullptr, *out = nullptr;
  unsigned long long* sums64 = nullptr;
  CK(cudaMallocManaged(&in, kBlocks * kBlock * sizeof(int)));
  CK(cudaMallocManaged(&out, kBlocks * kBlock * sizeof(int)));
  CK(cudaMallocManaged(&sums64, kBlocks * sizeof(unsigned long long)));
  for (int i = 0; i < kBlocks * kBlock; ++i) in[i] = (i * 37) % 101 - 50;

  checkSums<64>(in, out);
  checkSums<128>(in, out);
  checkSums<256>(in, out);
  checkSums<512>(in, out);

  tileRotations<<<kBlocks, kBlock>>>(in, out);
  CK_LAUNCH();
  int bad = 0;
  for (int b = 0; b < kBlocks; ++b)
    for (int t = 0; t < kBlock; ++t) {
      int k = t / 128, r = t % 128;
      bad += out[b * kBlock + t] != in[b * kBlock + k * 128 + (r + k + 1) % 128];
    }
  check("tiles_take_their_own_paths", bad == 0, "%d of %d values differ", bad, kBlocks * kBlock);

  printRanks<64, 512>(sums64);
  printRanks<128, 256>(sums64);
  printRanks<256, 1024>(sums64);
  printRanks<512, 1024>(sums64);
  printRanks<1024, 1024>(sums64);

  for (void* p : {(void*)in, (void*)out, (void*)sums64}) CK(cudaFree(p));
  return finish("large_tiles");
}
