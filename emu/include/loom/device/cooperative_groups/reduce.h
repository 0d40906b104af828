// cg::reduce(group, value, op): op folded over the values of every member of a warp-level group
// (a thread_block_tile or a coalesced_group), in rank order; every member gets the result.
// A tree of shuffles toward rank 0, then a broadcast: log2(size) + 1 warp collectives.
#pragma once

#include <type_traits>

#include "loom/device/cooperative_groups/functional.h"

namespace cooperative_groups {

template <class Group, class T, class Op>
[[gnu::always_inline]] inline auto reduce(const Group& group, T&& value, Op&& op)
    -> std::decay_t<decltype(op(value, value))> {
  using R = std::decay_t<decltype(op(value, value))>;
  R acc = value;
  unsigned n = static_cast<unsigned>(group.num_threads());
  unsigned rank = static_cast<unsigned>(group.thread_rank());
  for (unsigned offset = 1; offset < n; offset *= 2) {
    R other = group.shfl_down(acc, offset);
    // rank holds the fold of [rank, rank + offset); add [rank + offset, rank + 2 * offset).
    if (rank % (2 * offset) == 0 && rank + offset < n) acc = op(acc, other);
  }
  return group.shfl(acc, 0);
}

}  // namespace cooperative_groups
