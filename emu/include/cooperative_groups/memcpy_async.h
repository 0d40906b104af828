// Loom's <cooperative_groups/memcpy_async.h>: cg::memcpy_async over a group and cg::wait /
// cg::wait_prior, written from the CUDA Programming Guide. Every thread of the group calls it with
// the same arguments; each copies its share (the elements rank, rank + size, ...), at once
// (loom/device/async_copy.h). Waiting is the group's barrier, which makes every share visible to
// the whole group, as the device's wait does.
#pragma once

#include <cstddef>

#include "cooperative_groups.h"
#include "loom/device/async_copy.h"

namespace cooperative_groups {

template <class Group, class T, class Size>
void memcpy_async(const Group& group, T* __restrict__ dst, const T* __restrict__ src, const Size& bytes) {
  ::loom::device::copyShare(dst, src, static_cast<std::size_t>(bytes), group.thread_rank(), group.size());
}

template <class Group>
void wait(const Group& group) {
  group.sync();
}

template <unsigned NumStages, class Group>
void wait_prior(const Group& group) {
  group.sync();
}

}  // namespace cooperative_groups
