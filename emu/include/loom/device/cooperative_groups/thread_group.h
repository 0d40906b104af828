// cooperative_groups::thread_group (the type every group converts to), thread_block and
// this_thread_block() (with or without block_tile_memory), cg::sync, and the dynamic
// tiled_partition(group, n).
// Written from the CUDA Programming Guide's "Cooperative Groups" chapter.
#pragma once

#include "loom/device/cooperative_groups/lanes.h"
#include "loom/device/sync.h"
#include "loom/device/warp.h"
#include "vector_types.h"

namespace cooperative_groups {

namespace loom_detail {
struct Internal {};  // constructors taking this are Loom's, not part of CUDA's API
}  // namespace loom_detail

// What all groups share. A group is a set of threads of one block: the whole block, or lanes
// of one warp (`lanes`, a mask over the caller's warp).
class thread_group {
public:
  enum class Kind : unsigned char { Block, Tile, Coalesced };

  [[gnu::always_inline]] void sync() const {
    if (kind_ == Kind::Block) __syncthreads();
    else __syncwarp(lanes_);
  }
  [[gnu::always_inline]] unsigned long long num_threads() const { return size_; }
  [[gnu::always_inline]] unsigned long long size() const { return size_; }
  [[gnu::always_inline]] unsigned long long thread_rank() const {
    if (kind_ == Kind::Block) return ::loom::device::cg::blockRank();
    return ::loom::device::cg::rankIn(lanes_, ::loom::device::cg::laneId());
  }

  // Loom's: the group's kind and lanes, for the partition functions.
  thread_group(loom_detail::Internal, Kind kind, unsigned lanes, unsigned size, unsigned metaRank,
               unsigned metaSize)
      : kind_(kind), lanes_(lanes), size_(size), metaRank_(metaRank), metaSize_(metaSize) {}
  Kind loomKind() const { return kind_; }
  unsigned loomLanes() const { return lanes_; }

protected:
  Kind kind_;
  unsigned lanes_;  // Tile, Coalesced: the member lanes of the caller's warp
  unsigned size_;
  unsigned metaRank_, metaSize_;  // this group's index among its parent's partitions
};

class thread_block : public thread_group {
public:
  thread_block()
      : thread_group(loom_detail::Internal{}, Kind::Block, 0, ::loom::device::cg::blockThreads(),
                     0, 1) {}
  [[gnu::always_inline]] static void sync() { __syncthreads(); }
  [[gnu::always_inline]] static unsigned thread_rank() { return ::loom::device::cg::blockRank(); }
  [[gnu::always_inline]] static unsigned num_threads() { return ::loom::device::cg::blockThreads(); }
  [[gnu::always_inline]] static unsigned size() { return ::loom::device::cg::blockThreads(); }
  [[gnu::always_inline]] static dim3 group_index() {
    uint3 b = blockIdx;
    return dim3(b.x, b.y, b.z);
  }
  [[gnu::always_inline]] static dim3 thread_index() {
    uint3 t = threadIdx;
    return dim3(t.x, t.y, t.z);
  }
  [[gnu::always_inline]] static dim3 dim_threads() {
    uint3 d = blockDim;
    return dim3(d.x, d.y, d.z);
  }
  [[gnu::always_inline]] static dim3 group_dim() { return dim_threads(); }
};

[[gnu::always_inline]] inline thread_block this_thread_block() { return thread_block(); }

// The scratch CUDA's tiles larger than 32 threads use for their barriers on devices before
// sm_80 (block_tile_memory<MaxBlockSize>, CUDA 11's <TileCommunicationSize, MaxBlockSize>).
// Loom's tiles synchronize in the engine (loom::device::tileSync), so it holds nothing and
// this_thread_block(scratch) is this_thread_block().
template <unsigned... Sizes>
struct block_tile_memory {
  static_assert(sizeof...(Sizes) <= 2, "block_tile_memory takes at most two sizes");
  unsigned char loom_unused;
};
template <unsigned... Sizes>
[[gnu::always_inline]] inline thread_block this_thread_block(block_tile_memory<Sizes...>&) {
  return thread_block();
}

template <class Group>
[[gnu::always_inline]] inline void sync(const Group& g) {
  g.sync();
}

namespace loom_detail {
[[gnu::always_inline, noreturn]] inline void badTileSize(unsigned n) {
  char text[128];
  __builtin_snprintf(text, sizeof text,
                     "cooperative_groups::tiled_partition with tile size %u, which is not a "
                     "power of two from 1 to 32",
                     n);
  ::loom::device::groupMisuse(text);
}
// Ranks [t*n, t*n+n) of a warp-level group, t = the caller's rank / n.
inline unsigned partitionLanes(unsigned lanes, unsigned rank, unsigned n) {
  unsigned first = rank / n * n, out = 0, r = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!(lanes & (1u << lane))) continue;
    if (r >= first && r < first + n) out |= 1u << lane;
    ++r;
  }
  return out;
}
}  // namespace loom_detail

// Dynamic partition: tiles of n threads (a power of two up to 32) in thread-rank order.
[[gnu::always_inline]] inline thread_group tiled_partition(const thread_group& parent, unsigned n) {
  if (!::loom::device::cg::validTileSize(n)) loom_detail::badTileSize(n);
  unsigned rank = static_cast<unsigned>(parent.thread_rank());
  unsigned size = static_cast<unsigned>(parent.num_threads());
  unsigned metaSize = (size + n - 1) / n;
  if (parent.loomKind() == thread_group::Kind::Coalesced) {
    unsigned lanes = loom_detail::partitionLanes(parent.loomLanes(), rank, n);
    return thread_group(loom_detail::Internal{}, thread_group::Kind::Coalesced, lanes,
                        static_cast<unsigned>(__builtin_popcount(lanes)), rank / n, metaSize);
  }
  return thread_group(loom_detail::Internal{}, thread_group::Kind::Tile,
                      ::loom::device::cg::tileMask(n, ::loom::device::cg::laneId()), n, rank / n,
                      metaSize);
}

}  // namespace cooperative_groups
