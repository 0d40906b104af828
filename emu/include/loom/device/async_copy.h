// The copies CUDA makes asynchronous (cp.async, LDGSTS: __pipeline_memcpy_async, cuda::memcpy_async,
// cooperative_groups::memcpy_async), made at once. A program may read the destination only after
// waiting for the copy (__pipeline_wait_prior, pipeline.consumer_wait, cg::wait), so a copy that
// has already happened by then is one of the outcomes the device allows, and the only one that
// needs no model of copies in flight. The copy is plain loads and stores of the element type, so
// that kernel code's instrumentation counts and checks it like any other access.
#pragma once

#include <cstddef>
#include <cstdint>

namespace loom::device {

// Copies `bytes` from src to dst in words of the widest size that both addresses and the size
// allow (16, 8, 4, 2 or 1 bytes), as the device's 4/8/16-byte cp.async does.
[[gnu::always_inline]] inline void copyNow(void* dst, const void* src, std::size_t bytes) {
  auto d = reinterpret_cast<std::uintptr_t>(dst), s = reinterpret_cast<std::uintptr_t>(src);
  auto aligned = [&](std::size_t w) { return (d | s | bytes) % w == 0; };
  auto copy = [&](auto word) {
    using W = decltype(word);
    for (std::size_t i = 0; i < bytes / sizeof(W); ++i) static_cast<W*>(dst)[i] = static_cast<const W*>(src)[i];
  };
  struct alignas(16) Word16 { std::uint64_t lo, hi; };
  if (aligned(16)) copy(Word16{});
  else if (aligned(8)) copy(std::uint64_t{});
  else if (aligned(4)) copy(std::uint32_t{});
  else if (aligned(2)) copy(std::uint16_t{});
  else copy(std::uint8_t{});
}

// One thread's share of a copy every thread of a group makes with the same arguments (a
// group's memcpy_async): the elements rank, rank + threads, ...; rank 0 copies a tail shorter
// than an element.
template <class T>
void copyShare(T* dst, const T* src, std::size_t bytes, std::size_t rank, std::size_t threads) {
  const std::size_t count = bytes / sizeof(T);
  for (std::size_t i = rank; i < count; i += threads) dst[i] = src[i];
  if (bytes % sizeof(T) != 0 && rank == 0) copyNow(dst + count, src + count, bytes % sizeof(T));
}

}  // namespace loom::device
