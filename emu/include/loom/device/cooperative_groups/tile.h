// cooperative_groups::thread_block_tile<N> and the static tiled_partition<N>(parent): tiles of
// N consecutive threads (N a power of two up to 1024) of a block or of a larger tile.
//   - N <= 32: a tile's collectives are the warp intrinsics over the tile's lanes with width N,
//     so ranks wrap modulo N, up/down shuffles stay inside the tile, and ballots and matches
//     come back shifted so that bit r stands for rank r of the tile.
//   - N > 32, whole warps: sync() waits for the tile's threads (loom::device::tileSync, the
//     device's named barrier with a count); as with nvcc 13, such tiles offer sync, the ranks
//     and sizes, no shuffles or votes, and no conversion to thread_group.
#pragma once

#include "loom/device/cooperative_groups/thread_group.h"
#include "loom/device/warp.h"

#include <type_traits>

namespace cooperative_groups {

template <unsigned N, class ParentT = void>
class thread_block_tile;

namespace loom_detail {
// A tile larger than a warp holds thread_group's state privately: nvcc 13 converts no such
// tile to a thread_group.
class LargeTileBase : private thread_group {
protected:
  using thread_group::thread_group;
  using thread_group::lanes_;
  using thread_group::metaRank_;
  using thread_group::metaSize_;
};
template <unsigned N>
using TileBase = ::std::conditional_t<(N <= 32), thread_group, LargeTileBase>;
}  // namespace loom_detail

template <unsigned N>
class thread_block_tile<N, void> : public loom_detail::TileBase<N> {
  static_assert(N >= 1 && N <= 1024 && (N & (N - 1)) == 0,
                "thread_block_tile sizes are powers of two up to 1024");
  static constexpr bool kWarpLevel = N <= 32;
  // Called by each collective: its body is compiled only when a program uses it.
  static constexpr void warpLevelOnly() {
    static_assert(kWarpLevel, "tiles larger than 32 threads have no shuffles, votes or matches");
  }

public:
  thread_block_tile(loom_detail::Internal, unsigned metaRank, unsigned metaSize)
      : loom_detail::TileBase<N>(loom_detail::Internal{}, thread_group::Kind::Tile,
                                 ::loom::device::cg::tileMask(kWarpLevel ? N : 32, ::loom::device::cg::laneId()),
                                 N, metaRank, metaSize) {}

  [[gnu::always_inline]] void sync() const {
    if constexpr (kWarpLevel) __syncwarp(this->lanes_);
    else ::loom::device::tileSync(N, ::loom::device::cg::blockRank() / N);
  }
  [[gnu::always_inline]] static constexpr unsigned long long num_threads() { return N; }
  [[gnu::always_inline]] static constexpr unsigned long long size() { return N; }
  [[gnu::always_inline]] static unsigned long long thread_rank() {
    if constexpr (kWarpLevel) return ::loom::device::cg::laneId() & (N - 1);
    else return ::loom::device::cg::blockRank() & (N - 1);
  }
  [[gnu::always_inline]] unsigned long long meta_group_rank() const { return this->metaRank_; }
  [[gnu::always_inline]] unsigned long long meta_group_size() const { return this->metaSize_; }

  template <class T>
  [[gnu::always_inline]] T shfl(T var, int srcRank) const {
    warpLevelOnly();
    return __shfl_sync(this->lanes_, var, srcRank, N);
  }
  template <class T>
  [[gnu::always_inline]] T shfl_up(T var, unsigned delta) const {
    warpLevelOnly();
    return __shfl_up_sync(this->lanes_, var, delta, N);
  }
  template <class T>
  [[gnu::always_inline]] T shfl_down(T var, unsigned delta) const {
    warpLevelOnly();
    return __shfl_down_sync(this->lanes_, var, delta, N);
  }
  template <class T>
  [[gnu::always_inline]] T shfl_xor(T var, unsigned laneMask) const {
    warpLevelOnly();
    return __shfl_xor_sync(this->lanes_, var, static_cast<int>(laneMask), N);
  }
  [[gnu::always_inline]] int any(int predicate) const {
    warpLevelOnly();
    return __any_sync(this->lanes_, predicate);
  }
  [[gnu::always_inline]] int all(int predicate) const {
    warpLevelOnly();
    return __all_sync(this->lanes_, predicate);
  }
  [[gnu::always_inline]] unsigned ballot(int predicate) const {
    warpLevelOnly();
    return __ballot_sync(this->lanes_, predicate) >> firstLane();
  }
  template <class T>
  [[gnu::always_inline]] unsigned match_any(T value) const {
    warpLevelOnly();
    return __match_any_sync(this->lanes_, value) >> firstLane();
  }
  template <class T>
  [[gnu::always_inline]] unsigned match_all(T value, int& pred) const {
    warpLevelOnly();
    return __match_all_sync(this->lanes_, value, &pred) >> firstLane();
  }

private:
  static unsigned firstLane() { return ::loom::device::cg::laneId() & ~(N - 1) & 31u; }
};

// A tile that remembers its parent's type; converts to thread_block_tile<N>.
template <unsigned N, class ParentT>
class thread_block_tile : public thread_block_tile<N, void> {
public:
  thread_block_tile(loom_detail::Internal tag, unsigned metaRank, unsigned metaSize)
      : thread_block_tile<N, void>(tag, metaRank, metaSize) {}
};

// Tiles of N threads in the parent's thread-rank order: the parent is the block or a tile.
template <unsigned N, class ParentT>
[[gnu::always_inline]] inline thread_block_tile<N, ParentT> tiled_partition(const ParentT& parent) {
  unsigned rank = static_cast<unsigned>(parent.thread_rank());
  unsigned size = static_cast<unsigned>(parent.num_threads());
  return thread_block_tile<N, ParentT>(loom_detail::Internal{}, rank / N, (size + N - 1) / N);
}

}  // namespace cooperative_groups
