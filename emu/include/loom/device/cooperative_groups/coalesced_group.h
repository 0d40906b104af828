// cooperative_groups::coalesced_group: the lanes of a warp that run a point of the program
// together (coalesced_threads()), and the groups made by splitting a warp-level group:
// labeled_partition, binary_partition and tiled_partition(coalesced_group, n). Shuffles take
// ranks, not lanes; ballots and matches come back indexed by rank.
#pragma once

#include <type_traits>

#include "loom/device/cooperative_groups/tile.h"
#include "loom/device/warp.h"

namespace cooperative_groups {

class coalesced_group : public thread_group {
public:
  coalesced_group(loom_detail::Internal, unsigned lanes, unsigned metaRank = 0,
                  unsigned metaSize = 1)
      : thread_group(loom_detail::Internal{}, Kind::Coalesced, lanes,
                     static_cast<unsigned>(__builtin_popcount(lanes)), metaRank, metaSize) {}

  [[gnu::always_inline]] void sync() const { __syncwarp(lanes_); }
  [[gnu::always_inline]] unsigned long long num_threads() const { return size_; }
  [[gnu::always_inline]] unsigned long long size() const { return size_; }
  [[gnu::always_inline]] unsigned long long thread_rank() const { return rank(); }
  [[gnu::always_inline]] unsigned long long meta_group_rank() const { return metaRank_; }
  [[gnu::always_inline]] unsigned long long meta_group_size() const { return metaSize_; }

  // Reads the value of rank srcRank (taken modulo 32 when the group is the whole warp).
  template <class T>
  [[gnu::always_inline]] T shfl(T var, unsigned srcRank) const {
    if (size_ == 32) return __shfl_sync(lanes_, var, static_cast<int>(srcRank));
    return __shfl_sync(lanes_, var, ::loom::device::cg::laneOfRank(lanes_, srcRank));
  }
  // Rank - delta, or the caller's own value when there is no such rank.
  template <class T>
  [[gnu::always_inline]] T shfl_up(T var, unsigned delta) const {
    if (size_ == 32) return __shfl_up_sync(lanes_, var, delta);
    unsigned r = rank();
    int source = r >= delta ? ::loom::device::cg::laneOfRank(lanes_, r - delta)
                            : static_cast<int>(::loom::device::cg::laneId());
    return __shfl_sync(lanes_, var, source);
  }
  // Rank + delta, or the caller's own value when there is no such rank.
  template <class T>
  [[gnu::always_inline]] T shfl_down(T var, unsigned delta) const {
    if (size_ == 32) return __shfl_down_sync(lanes_, var, delta);
    unsigned r = rank();
    int source = delta < size_ - r ? ::loom::device::cg::laneOfRank(lanes_, r + delta)
                                   : static_cast<int>(::loom::device::cg::laneId());
    return __shfl_sync(lanes_, var, source);
  }
  [[gnu::always_inline]] int any(int predicate) const { return __any_sync(lanes_, predicate); }
  [[gnu::always_inline]] int all(int predicate) const { return __all_sync(lanes_, predicate); }
  [[gnu::always_inline]] unsigned ballot(int predicate) const {
    return ::loom::device::cg::packToRanks(__ballot_sync(lanes_, predicate), lanes_);
  }
  template <class T>
  [[gnu::always_inline]] unsigned match_any(T value) const {
    return ::loom::device::cg::packToRanks(__match_any_sync(lanes_, value), lanes_);
  }
  template <class T>
  [[gnu::always_inline]] unsigned match_all(T value, int& pred) const {
    return ::loom::device::cg::packToRanks(__match_all_sync(lanes_, value, &pred), lanes_);
  }

private:
  unsigned rank() const { return ::loom::device::cg::rankIn(lanes_, ::loom::device::cg::laneId()); }
};

// The lanes of the caller's warp that reach this call together. `file` and `line` are Loom's:
// the caller's source position (BlockRunner::converge).
[[gnu::always_inline]] inline coalesced_group coalesced_threads(
    const char* file = __builtin_FILE(), unsigned line = __builtin_LINE()) {
  unsigned lanes = ::loom::device::convergedLanes(file, line);
  asm volatile("" ::: "memory");  // not a tail call: the engine uses the call's address
  return coalesced_group(loom_detail::Internal{}, lanes);
}

namespace loom_detail {
// A partition of a warp-level group (`lanes`) into groups (`mine` is the caller's). The groups
// are numbered by their lowest lane: meta_group_rank is how many groups start below the
// caller's, meta_group_size how many there are.
[[gnu::always_inline]] inline coalesced_group partitionGroup(unsigned lanes, unsigned mine) {
  unsigned lane = ::loom::device::cg::laneId();
  unsigned leader = static_cast<unsigned>(__builtin_ctz(mine));
  unsigned leaders = __ballot_sync(lanes, lane == leader);
  return coalesced_group(Internal{}, mine,
                         static_cast<unsigned>(__builtin_popcount(leaders & ((1u << leader) - 1))),
                         static_cast<unsigned>(__builtin_popcount(leaders)));
}
template <class Label>
[[gnu::always_inline]] inline coalesced_group labeled(unsigned lanes, Label label) {
  static_assert(std::is_integral_v<Label>, "labeled_partition takes an integral label");
  return partitionGroup(lanes, __match_any_sync(lanes, label));
}
// Unlike a labeled partition, the meta groups of a binary partition are numbered by the
// predicate, not by lane: the lanes with `pred` true are meta group 1 of 2 even when they hold
// the lowest lane, and a predicate all members share gives one group (0 of 1). The H100 does
// this (tests.cuda.cooperative_groups, part.warp.binary), and CUDA's own headers say so.
[[gnu::always_inline]] inline coalesced_group binary(unsigned lanes, bool pred) {
  unsigned set = __ballot_sync(lanes, pred) & lanes;
  if (set == 0 || set == lanes) return coalesced_group(Internal{}, lanes, 0, 1);
  return coalesced_group(Internal{}, pred ? set : (lanes & ~set), pred ? 1u : 0u, 2);
}
}  // namespace loom_detail

// The members of a warp-level group with the same label as the caller.
template <class Label>
[[gnu::always_inline]] inline coalesced_group labeled_partition(const coalesced_group& parent,
                                                                Label label) {
  return loom_detail::labeled(parent.loomLanes(), label);
}
template <unsigned N, class ParentT, class Label>
[[gnu::always_inline]] inline coalesced_group labeled_partition(
    const thread_block_tile<N, ParentT>& parent, Label label) {
  return loom_detail::labeled(parent.loomLanes(), label);
}

// The members of a warp-level group whose predicate equals the caller's.
[[gnu::always_inline]] inline coalesced_group binary_partition(const coalesced_group& parent,
                                                               bool pred) {
  return loom_detail::binary(parent.loomLanes(), pred);
}
template <unsigned N, class ParentT>
[[gnu::always_inline]] inline coalesced_group binary_partition(
    const thread_block_tile<N, ParentT>& parent, bool pred) {
  return loom_detail::binary(parent.loomLanes(), pred);
}

// Tiles of n ranks of a coalesced group (the last one may be smaller).
[[gnu::always_inline]] inline coalesced_group tiled_partition(const coalesced_group& parent,
                                                             unsigned n) {
  if (!::loom::device::cg::validTileSize(n)) loom_detail::badTileSize(n);
  unsigned rank = static_cast<unsigned>(parent.thread_rank());
  unsigned size = static_cast<unsigned>(parent.num_threads());
  return coalesced_group(loom_detail::Internal{},
                         loom_detail::partitionLanes(parent.loomLanes(), rank, n), rank / n,
                         (size + n - 1) / n);
}

}  // namespace cooperative_groups
