// cg::invoke_one and cg::invoke_one_broadcast (CUDA 12.1): one thread of a thread_block_tile or
// coalesced_group calls the invocable; the broadcast form hands the call's result to every
// thread of the group. CUDA leaves which thread unspecified: here the group's rank 0. The group
// synchronizes after the call, as CUDA allows, so every thread sees its effects; the broadcast
// is a shuffle from rank 0, which waits for the group as well.
#pragma once

#include <type_traits>
#include <utility>

namespace cooperative_groups {

template <class Group, class Fn, class... Args>
__device__ void invoke_one(const Group& group, Fn&& fn, Args&&... args) {
  if (group.thread_rank() == 0) std::forward<Fn>(fn)(std::forward<Args>(args)...);
  group.sync();
}

template <class Group, class Fn, class... Args>
__device__ auto invoke_one_broadcast(const Group& group, Fn&& fn, Args&&... args) {
  using Result = std::invoke_result_t<Fn, Args...>;
  static_assert(!std::is_void_v<Result>, "invoke_one_broadcast: the invocable must return a value");
  Result result{};
  if (group.thread_rank() == 0) result = std::forward<Fn>(fn)(std::forward<Args>(args)...);
  return group.shfl(result, 0);
}

}  // namespace cooperative_groups
