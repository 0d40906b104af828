// Lane arithmetic shared by the cooperative-groups types: where the calling thread sits in its
// warp, and conversions between lane masks (bit = lane of the warp) and group ranks (bit = rank
// of the group), which is how coalesced groups report ballots and matches.
#pragma once


#include "loom/device/builtins.h"

namespace loom::device::cg {

// The thread's rank in its block, x fastest: the order warps are formed in.
[[gnu::always_inline]] inline unsigned blockRank() {
  uint3 t = threadIdx;
  uint3 d = blockDim;
  return t.x + t.y * d.x + t.z * d.x * d.y;
}
[[gnu::always_inline]] inline unsigned blockThreads() {
  uint3 d = blockDim;
  return d.x * d.y * d.z;
}
[[gnu::always_inline]] inline unsigned laneId() { return blockRank() % 32; }

constexpr unsigned lanesBelow(unsigned lane) { return lane >= 32 ? ~0u : (1u << lane) - 1; }

// Rank of `lane` among the lanes of `mask` (number of members below it).
constexpr unsigned rankIn(unsigned mask, unsigned lane) {
  return static_cast<unsigned>(__builtin_popcount(mask & lanesBelow(lane)));
}

// The lane holding rank `rank` in `mask`, or -1 when the group has no such rank.
constexpr int laneOfRank(unsigned mask, unsigned rank) {
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!(mask & (1u << lane))) continue;
    if (rank-- == 0) return static_cast<int>(lane);
  }
  return -1;
}

// Re-indexes a lane mask (e.g. a ballot) by rank within `mask`: bit r of the result is the bit
// of the lane holding rank r.
constexpr unsigned packToRanks(unsigned laneBits, unsigned mask) {
  unsigned out = 0, rank = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!(mask & (1u << lane))) continue;
    if (laneBits & (1u << lane)) out |= 1u << rank;
    ++rank;
  }
  return out;
}

// Lanes of the size-n tile (n a power of two up to 32) that holds `lane`.
constexpr unsigned tileMask(unsigned n, unsigned lane) {
  unsigned lanes = n >= 32 ? ~0u : (1u << n) - 1;
  return lanes << (lane & ~(n - 1) & 31u);
}

constexpr bool validTileSize(unsigned n) { return n >= 1 && n <= 32 && (n & (n - 1)) == 0; }

}  // namespace loom::device::cg
