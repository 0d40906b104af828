// Warp-level primitives: __shfl*_sync, __ballot_sync, __any_sync, __all_sync, __activemask,
// __match_any_sync, __match_all_sync, __reduce_*_sync. Each is one rendezvous of the lanes named
// in the mask (loom::sched::BlockRunner::warpCollective); the results follow PTX's shfl.sync,
// vote.sync, match.sync and redux.sync (isa/warp/warp_collective.h).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "isa/warp/warp_collective.h"
#include "loom/core/engine_call.h"

namespace loom::device {

// Out of line in the engine; the returned value is this lane's result.
LOOM_ENGINE_CALL std::uint64_t warpCollective(isa::WarpOp op, unsigned mask, std::uint64_t value, unsigned param,
                             unsigned width);
// The lanes of the caller's warp that reach this call together (BlockRunner::converge): what
// __activemask() and coalesced_threads() return. `file` and `line` are the caller's source
// position: lanes at the same line run it together (see sched/converge.cpp).
LOOM_ENGINE_CALL unsigned convergedLanes(const char* file, unsigned line);
// Fails the launch with `detail`, naming the caller's line (a cooperative-groups call against
// CUDA's rules).
[[noreturn]] LOOM_ENGINE_CALL void groupMisuse(const char* detail);

template <class T>
inline std::uint64_t toBits(T v) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>,
                "warp shuffles take types of at most 8 bytes");
  std::uint64_t bits = 0;
  std::memcpy(&bits, static_cast<const void*>(&v), sizeof(T));  // void*: no -Wclass-memaccess
  return bits;
}

template <class T>
inline T fromBits(std::uint64_t bits) {
  T v;
  std::memcpy(static_cast<void*>(&v), &bits, sizeof(T));
  return v;
}

// Values of up to 8 bytes move in one collective; larger ones (up to 32 bytes, what
// cooperative groups' shuffles accept: int4, small structs) in one per 8-byte piece.
template <class T>
[[gnu::always_inline]] inline T shuffle(isa::WarpOp op, unsigned mask, T var, unsigned param, int width) {
  if constexpr (sizeof(T) <= 8) {
    T r = fromBits<T>(warpCollective(op, mask, toBits(var), param, static_cast<unsigned>(width)));
    asm volatile("" ::: "memory");  // not a tail call: the engine names the call's line in reports
    return r;
  } else {
    static_assert(sizeof(T) <= 32 && std::is_trivially_copyable_v<T>,
                  "warp shuffles take trivially copyable types of at most 32 bytes");
    unsigned char bytes[sizeof(T)];
    std::memcpy(bytes, &var, sizeof(T));
    for (std::size_t at = 0; at < sizeof(T); at += 8) {
      std::size_t n = sizeof(T) - at < 8 ? sizeof(T) - at : 8;
      std::uint64_t piece = 0;
      std::memcpy(&piece, bytes + at, n);
      piece = warpCollective(op, mask, piece, param, static_cast<unsigned>(width));
      asm volatile("" ::: "memory");
      std::memcpy(bytes + at, &piece, n);
    }
    T r;
    std::memcpy(&r, bytes, sizeof(T));
    return r;
  }
}

[[gnu::always_inline]] inline std::uint64_t vote(isa::WarpOp op, unsigned mask, std::uint64_t value) {
  std::uint64_t r = warpCollective(op, mask, value, 0, 32);
  asm volatile("" ::: "memory");
  return r;
}

}  // namespace loom::device

template <class T>
[[gnu::always_inline]] inline T __shfl_sync(unsigned mask, T var, int srcLane, int width = 32) {
  return ::loom::device::shuffle(::loom::isa::WarpOp::ShflIdx, mask, var,
                                 static_cast<unsigned>(srcLane), width);
}
template <class T>
[[gnu::always_inline]] inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32) {
  return ::loom::device::shuffle(::loom::isa::WarpOp::ShflUp, mask, var, delta, width);
}
template <class T>
[[gnu::always_inline]] inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32) {
  return ::loom::device::shuffle(::loom::isa::WarpOp::ShflDown, mask, var, delta, width);
}
template <class T>
[[gnu::always_inline]] inline T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = 32) {
  return ::loom::device::shuffle(::loom::isa::WarpOp::ShflXor, mask, var,
                                 static_cast<unsigned>(laneMask), width);
}

[[gnu::always_inline]] inline unsigned __ballot_sync(unsigned mask, int predicate) {
  return static_cast<unsigned>(::loom::device::vote(::loom::isa::WarpOp::Ballot, mask, predicate != 0));
}
[[gnu::always_inline]] inline int __any_sync(unsigned mask, int predicate) {
  return static_cast<int>(::loom::device::vote(::loom::isa::WarpOp::Any, mask, predicate != 0));
}
[[gnu::always_inline]] inline int __all_sync(unsigned mask, int predicate) {
  return static_cast<int>(::loom::device::vote(::loom::isa::WarpOp::All, mask, predicate != 0));
}
[[gnu::always_inline]] inline unsigned __activemask(const char* file = __builtin_FILE(),
                                                    unsigned line = __builtin_LINE()) {
  unsigned r = ::loom::device::convergedLanes(file, line);
  asm volatile("" ::: "memory");
  return r;
}

template <class T>
[[gnu::always_inline]] inline unsigned __match_any_sync(unsigned mask, T value) {
  return static_cast<unsigned>(
      ::loom::device::vote(::loom::isa::WarpOp::MatchAny, mask, ::loom::device::toBits(value)));
}
template <class T>
[[gnu::always_inline]] inline unsigned __match_all_sync(unsigned mask, T value, int* pred) {
  std::uint64_t r =
      ::loom::device::vote(::loom::isa::WarpOp::MatchAll, mask, ::loom::device::toBits(value));
  *pred = static_cast<int>(r >> 32);
  return static_cast<unsigned>(r);
}

#define LOOM_WARP_REDUCE(name, T, op)                                                          \
  [[gnu::always_inline]] inline T name(unsigned mask, T value) {                                                       \
    return static_cast<T>(::loom::device::vote(::loom::isa::WarpOp::op, mask,                   \
                                               static_cast<std::uint32_t>(value)));             \
  }
LOOM_WARP_REDUCE(__reduce_add_sync, unsigned, ReduceAdd)
LOOM_WARP_REDUCE(__reduce_add_sync, int, ReduceAdd)
LOOM_WARP_REDUCE(__reduce_min_sync, unsigned, ReduceMinU)
LOOM_WARP_REDUCE(__reduce_min_sync, int, ReduceMinS)
LOOM_WARP_REDUCE(__reduce_max_sync, unsigned, ReduceMaxU)
LOOM_WARP_REDUCE(__reduce_max_sync, int, ReduceMaxS)
LOOM_WARP_REDUCE(__reduce_and_sync, unsigned, ReduceAnd)
LOOM_WARP_REDUCE(__reduce_or_sync, unsigned, ReduceOr)
LOOM_WARP_REDUCE(__reduce_xor_sync, unsigned, ReduceXor)
#undef LOOM_WARP_REDUCE
