// The barriers of thread block tiles larger than a warp (cooperative_groups::thread_block_tile<N>,
// N = 64 .. 1024): tile.sync() waits for the tile's threads only, as the device's named barrier
// with a thread count (bar.sync id, N) does. One per tile of each size, per block; a
// BlockRunner holds one set and clears it when a block starts.
//
// A thread arrives; the last of its tile opens the barrier's next generation; the others wait
// until the generation moves (loom::device::tileSync, device/sync.cpp, yields meanwhile, so
// the tile's other threads run). racecheck takes a tile barrier for synchronization only when the
// tile is the whole block (BlockRunner::blockSyncCompleted).
#pragma once

#include <array>
#include <cstdint>

namespace loom::sched {

class TileBarriers {
public:
  void clear() { slots_ = {}; }

  // The caller, of the tile `index` of size `size` holding `members` live threads, arrives.
  // Returns null if its arrival completed the barrier; otherwise the generation to wait on,
  // whose value at arrival is *awaited.
  const std::uint32_t* arrive(unsigned size, unsigned index, unsigned members, std::uint32_t* awaited);

private:
  struct Slot {
    std::uint32_t arrived = 0;
    std::uint32_t generation = 0;
  };
  // Sizes 64, 128, ..., 1024, with up to 16 tiles each (a block has at most 1024 threads).
  static constexpr unsigned kSizes = 5, kTilesPerSize = 16;
  std::array<Slot, kSizes * kTilesPerSize> slots_{};
};

}  // namespace loom::sched
