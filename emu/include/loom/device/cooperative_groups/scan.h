// cg::inclusive_scan and cg::exclusive_scan over a warp-level group (a thread_block_tile or a
// coalesced_group), in rank order, with cg::plus by default or any op(a, b).
#pragma once

#include <type_traits>

#include "loom/device/cooperative_groups/functional.h"

namespace cooperative_groups {

// Rank r gets op over the values of ranks 0..r (a Hillis-Steele scan with shfl_up).
template <class Group, class T, class Op>
[[gnu::always_inline]] inline auto inclusive_scan(const Group& group, T&& value, Op&& op)
    -> std::decay_t<decltype(op(value, value))> {
  using R = std::decay_t<decltype(op(value, value))>;
  R acc = value;
  unsigned n = static_cast<unsigned>(group.num_threads());
  unsigned rank = static_cast<unsigned>(group.thread_rank());
  for (unsigned offset = 1; offset < n; offset *= 2) {
    R lower = group.shfl_up(acc, offset);
    if (rank >= offset) acc = op(lower, acc);
  }
  return acc;
}
template <class Group, class T>
[[gnu::always_inline]] inline std::decay_t<T> inclusive_scan(const Group& group, T&& value) {
  return inclusive_scan(group, value, plus<std::decay_t<T>>());
}

// Rank r gets op over the values of ranks 0..r-1; rank 0 gets a value-initialised T.
template <class Group, class T, class Op>
[[gnu::always_inline]] inline auto exclusive_scan(const Group& group, T&& value, Op&& op)
    -> std::decay_t<decltype(op(value, value))> {
  using R = std::decay_t<decltype(op(value, value))>;
  R inclusive = inclusive_scan(group, value, op);
  R lower = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? R{} : lower;
}
template <class Group, class T>
[[gnu::always_inline]] inline std::decay_t<T> exclusive_scan(const Group& group, T&& value) {
  return exclusive_scan(group, value, plus<std::decay_t<T>>());
}

}  // namespace cooperative_groups
