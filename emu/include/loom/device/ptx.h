// What loom-cc's inline-PTX translation (tools/loom-cc/inline_ptx.h) calls: PTX's special
// registers and the instructions that are more than a C++ operator, written from the PTX ISA
// manual, over Loom's warp collectives and fences, so that an instruction in `asm` is counted,
// checked and sanitized like the CUDA function it stands for.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "loom/device/cooperative_groups/lanes.h"
#include "loom/device/sync.h"
#include "loom/device/thread_exit.h"
#include "loom/device/warp.h"

namespace loom::ptx {

// A register's bits as another type of the same size (PTX registers are untyped), or a value
// conversion between sizes (a 32-bit operand of a 64-bit instruction is zero- or sign-extended).
template <class To, class From>
[[gnu::always_inline]] inline To as(From v) {
  using F = std::remove_cv_t<std::remove_reference_t<From>>;
  if constexpr (std::is_pointer_v<F>) {
    return static_cast<To>(reinterpret_cast<std::uintptr_t>(v));
  } else if constexpr (sizeof(To) == sizeof(F) && !std::is_same_v<To, bool> && !std::is_same_v<F, bool>) {
    To out;
    std::memcpy(&out, &v, sizeof out);
    return out;
  } else {
    return static_cast<To>(v);
  }
}

// Writes an instruction's result into an output operand, as the register's bits.
template <class Out, class T>
[[gnu::always_inline]] inline void store(Out& out, T value) {
  out = as<std::remove_cv_t<Out>>(value);
}

// ---- Special registers -----------------------------------------------------------------------
[[gnu::always_inline]] inline std::uint32_t laneid() { return ::loom::device::cg::laneId(); }
[[gnu::always_inline]] inline std::uint32_t warpid() { return ::loom::device::cg::blockRank() / 32; }
[[gnu::always_inline]] inline std::uint32_t lanemask(int op) {  // eq, lt, le, gt, ge
  std::uint32_t bit = 1u << laneid();
  switch (op) {
    case 0: return bit;
    case 1: return bit - 1;
    case 2: return bit | (bit - 1);
    case 3: return ~(bit | (bit - 1));
    default: return ~(bit - 1);
  }
}
[[gnu::always_inline]] inline std::uint64_t clock64() { return static_cast<std::uint64_t>(::clock64()); }
[[gnu::always_inline]] inline std::uint64_t globaltimer() { return static_cast<std::uint64_t>(::clock64()); }

// ---- Memory orders of ld/st.relaxed, .acquire, .release ---------------------------------------
// The translation is C++ inserted into preprocessed text, where GCC's predefined __ATOMIC_*
// macros no longer expand; it names these constants instead.
inline constexpr int relaxed = __ATOMIC_RELAXED;
inline constexpr int acquire = __ATOMIC_ACQUIRE;
inline constexpr int release = __ATOMIC_RELEASE;

// ---- shfl.sync: the PTX ISA's pseudocode, over __shfl_sync of the lane it picks ----------------
enum class ShflMode { Up, Down, Bfly, Idx };
template <class T>
[[gnu::always_inline]] inline T shfl(ShflMode mode, std::uint32_t memberMask, T a, std::uint32_t b, std::uint32_t c,
                                     bool* inRange) {
  std::uint32_t lane = laneid(), bval = b & 31, cval = c & 31, segMask = (c >> 8) & 31;
  std::uint32_t maxLane = (lane & segMask) | (cval & ~segMask), minLane = lane & segMask;
  std::uint32_t j = 0;
  bool p = false;
  switch (mode) {
    case ShflMode::Up: j = lane - bval; p = static_cast<std::int32_t>(j) >= static_cast<std::int32_t>(maxLane); break;
    case ShflMode::Down: j = lane + bval; p = j <= maxLane; break;
    case ShflMode::Bfly: j = lane ^ bval; p = j <= maxLane; break;
    case ShflMode::Idx: j = minLane | (bval & ~segMask); p = j <= maxLane; break;
  }
  if (!p) j = lane;
  if (inRange) *inRange = p;
  return __shfl_sync(memberMask, a, static_cast<int>(j));
}

// ---- elect.sync: the lowest lane of the mask's lanes that execute it -----------------------------
// A warp collective like __ballot_sync, over which it is written (so its checks apply).
[[gnu::always_inline]] inline std::uint32_t electLeader(std::uint32_t memberMask) {
  const std::uint32_t voters = __ballot_sync(memberMask, 1);
  return static_cast<std::uint32_t>(__builtin_ctz(voters | 0x80000000u));
}

// ---- mbarrier: the PTX ISA's barrier object in shared memory (mbarrier.*, cp.async.bulk) ------
// The object is 8 opaque bytes on the device; here it holds the current phase's parity (bit 63),
// the expected arrival count (bits 21-41), the arrivals still pending (bits 0-20) and the pending
// transaction count in bytes (bits 42-62, two's complement: a bulk copy can complete its bytes
// before a thread announces them with expect_tx). The phase completes when no arrival and no byte
// is pending; the next phase then expects the same count. Every change is one atomic update of
// the word, so threads of the block may use it concurrently.
namespace mbarrier {
inline constexpr std::uint64_t kCountMask = (std::uint64_t{1} << 21) - 1;
inline constexpr int kExpectedShift = 21, kTxShift = 42;
inline constexpr std::uint64_t kPhaseBit = std::uint64_t{1} << 63;

[[gnu::always_inline]] inline std::uint64_t pending(std::uint64_t w) { return w & kCountMask; }
[[gnu::always_inline]] inline std::uint64_t expected(std::uint64_t w) { return (w >> kExpectedShift) & kCountMask; }
[[gnu::always_inline]] inline std::int64_t tx(std::uint64_t w) {
  std::int64_t t = static_cast<std::int64_t>((w >> kTxShift) & kCountMask);
  return t >= (std::int64_t{1} << 20) ? t - (std::int64_t{1} << 21) : t;
}
[[gnu::always_inline]] inline std::uint64_t make(std::uint64_t phase, std::uint64_t expectedCount,
                                                 std::uint64_t pendingCount, std::int64_t txCount) {
  return (phase & kPhaseBit) | ((expectedCount & kCountMask) << kExpectedShift) | (pendingCount & kCountMask) |
         ((static_cast<std::uint64_t>(txCount) & kCountMask) << kTxShift);
}

// Applies `arrivals` arrivals and `bytes` transaction bytes (negative: completed) to the barrier;
// returns the word before the change (mbarrier.arrive's state).
inline std::uint64_t update(std::uint64_t* bar, std::uint32_t arrivals, std::int64_t bytes) {
  std::uint64_t old = __atomic_load_n(bar, __ATOMIC_RELAXED);
  for (;;) {
    std::uint64_t left = pending(old) - arrivals;
    std::int64_t txLeft = tx(old) + bytes;
    std::uint64_t next = left == 0 && txLeft == 0 ? make(~old, expected(old), expected(old), 0)
                                                  : make(old, expected(old), left, txLeft);
    if (__atomic_compare_exchange_n(bar, &old, next, false, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED)) return old;
  }
}
}  // namespace mbarrier

// mbarrier.init.shared.b64 [bar], count: phase 0, `count` arrivals expected, no transaction.
[[gnu::always_inline]] inline void mbarrierInit(std::uint64_t* bar, std::uint32_t count) {
  __atomic_store_n(bar, mbarrier::make(0, count, count, 0), __ATOMIC_RELEASE);
}
// mbarrier.arrive[.expect_tx]: `count` arrivals, after announcing `txBytes` bytes to come.
[[gnu::always_inline]] inline std::uint64_t mbarrierArrive(std::uint64_t* bar, std::uint32_t count,
                                                           std::uint32_t txBytes) {
  if (txBytes != 0) mbarrier::update(bar, 0, txBytes);
  return mbarrier::update(bar, count, 0);
}
// mbarrier.expect_tx and mbarrier.complete_tx: bytes announced, bytes arrived.
[[gnu::always_inline]] inline void mbarrierExpectTx(std::uint64_t* bar, std::uint32_t txBytes) {
  mbarrier::update(bar, 0, txBytes);
}
[[gnu::always_inline]] inline void mbarrierCompleteTx(std::uint64_t* bar, std::uint32_t txBytes) {
  mbarrier::update(bar, 0, -static_cast<std::int64_t>(txBytes));
}
// Whether the phase of `state` (or the phase of parity `parity`) has completed, i.e. the
// barrier is in another phase now.
[[gnu::always_inline]] inline bool mbarrierPhaseDone(std::uint64_t* bar, std::uint64_t state) {
  return ((__atomic_load_n(bar, __ATOMIC_ACQUIRE) ^ state) & mbarrier::kPhaseBit) != 0;
}
[[gnu::always_inline]] inline bool mbarrierParityDone(std::uint64_t* bar, std::uint32_t parity) {
  return (__atomic_load_n(bar, __ATOMIC_ACQUIRE) >> 63) != (parity & 1u);
}
// mbarrier.test_wait[.parity]: the test, without waiting. Programs poll it in a loop, which on
// the device other warps' arrivals end; here a thread that finds the phase incomplete lets the
// block's other threads run before it answers.
[[gnu::always_inline]] inline bool mbarrierTestWait(std::uint64_t* bar, std::uint64_t state) {
  if (mbarrierPhaseDone(bar, state)) return true;
  __nanosleep(0);
  return false;
}
[[gnu::always_inline]] inline bool mbarrierTestWaitParity(std::uint64_t* bar, std::uint32_t parity) {
  if (mbarrierParityDone(bar, parity)) return true;
  __nanosleep(0);
  return false;
}
// mbarrier.try_wait[.parity]: test_wait that may suspend the thread for a while first, as the
// device's time-limited wait does: the others run, then it tests again.
[[gnu::always_inline]] inline bool mbarrierTryWait(std::uint64_t* bar, std::uint64_t state) {
  return mbarrierTestWait(bar, state) || mbarrierPhaseDone(bar, state);
}
[[gnu::always_inline]] inline bool mbarrierTryWaitParity(std::uint64_t* bar, std::uint32_t parity) {
  return mbarrierTestWaitParity(bar, parity) || mbarrierParityDone(bar, parity);
}
// cp.async.bulk ... .mbarrier::complete_tx::bytes [dst], [src], size, [bar]: the copy is made at
// once (an outcome the device allows: the destination is read only after the barrier's phase
// completes), then its bytes complete on the barrier.
[[gnu::always_inline]] inline void copyBulk(void* dst, const void* src, std::uint32_t size, std::uint64_t* bar) {
  std::memcpy(dst, src, size);
  mbarrierCompleteTx(bar, size);
}

// ---- Bit manipulation --------------------------------------------------------------------------
// Shifts by the register's width or more give 0 (shr of a negative signed value: all ones).
template <class T>
[[gnu::always_inline]] inline T shl(T a, T b) {
  return static_cast<std::uint64_t>(b) >= sizeof(T) * 8 ? T{0} : static_cast<T>(a << b);
}
template <class T>
[[gnu::always_inline]] inline T shr(T a, T b) {
  if (static_cast<std::uint64_t>(b) < sizeof(T) * 8) return static_cast<T>(a >> b);
  if constexpr (std::is_signed_v<T>) return a < 0 ? T{-1} : T{0};
  return T{0};
}
template <class T>
[[gnu::always_inline]] inline T bfe(T a, std::uint32_t pos, std::uint32_t len) {
  constexpr std::uint32_t bits = sizeof(T) * 8;
  pos &= 0xff;
  len &= 0xff;
  using U = std::make_unsigned_t<T>;
  U u = static_cast<U>(a);
  bool sign = std::is_signed_v<T> && len > 0 && ((u >> (pos + len - 1 < bits ? pos + len - 1 : bits - 1)) & 1);
  U field = 0;
  for (std::uint32_t i = 0; i < len && i < bits; ++i) {
    bool bit = pos + i < bits ? (u >> (pos + i)) & 1 : sign;
    field |= static_cast<U>(bit) << i;
  }
  if (std::is_signed_v<T> && sign)
    for (std::uint32_t i = len; i < bits; ++i) field |= static_cast<U>(1) << i;
  return static_cast<T>(field);
}
template <class T>
[[gnu::always_inline]] inline T bfi(T f, T b, std::uint32_t pos, std::uint32_t len) {
  constexpr std::uint32_t bits = sizeof(T) * 8;
  pos &= 0xff;
  len &= 0xff;
  T out = b;
  for (std::uint32_t i = 0; i < len && pos + i < bits; ++i) {
    T bit = static_cast<T>(1) << (pos + i);
    out = (out & ~bit) | (((f >> i) & 1) ? bit : 0);
  }
  return out;
}
template <class T>
[[gnu::always_inline]] inline T brev(T a) {
  T r = 0;
  for (unsigned i = 0; i < sizeof(T) * 8; ++i) r |= static_cast<T>((a >> i) & 1) << (sizeof(T) * 8 - 1 - i);
  return r;
}
template <class T>
[[gnu::always_inline]] inline std::uint32_t popc(T a) { return static_cast<std::uint32_t>(__builtin_popcountll(a)); }
template <class T>
[[gnu::always_inline]] inline std::uint32_t clz(T a) {
  return a == 0 ? sizeof(T) * 8 : static_cast<std::uint32_t>(__builtin_clzll(a) - (64 - sizeof(T) * 8));
}
// prmt.b32 in its default mode: each result byte picks one of the eight bytes of {b, a}; bit 3
// of the selector replicates that byte's sign.
[[gnu::always_inline]] inline std::uint32_t prmt(std::uint32_t a, std::uint32_t b, std::uint32_t c) {
  std::uint64_t bytes = (static_cast<std::uint64_t>(b) << 32) | a;
  std::uint32_t r = 0;
  for (int i = 0; i < 4; ++i) {
    std::uint32_t sel = (c >> (4 * i)) & 0xf;
    std::uint32_t byte = (bytes >> (8 * (sel & 7))) & 0xff;
    if (sel & 8) byte = (byte & 0x80) ? 0xff : 0;
    r |= byte << (8 * i);
  }
  return r;
}
// bmsk.clamp.b32 / bmsk.wrap.b32: a mask of `b` bits starting at bit `a`. .clamp limits both to
// 32 (a mask starting at bit 32 is empty, a width of 32 or more takes every bit from `a` up),
// .wrap takes both modulo 32; bits past bit 31 are dropped.
[[gnu::always_inline]] inline std::uint32_t bmsk(std::uint32_t a, std::uint32_t b, bool wrap) {
  if (wrap) {
    a &= 31;
    b &= 31;
  } else {
    a = a < 32 ? a : 32;
    b = b < 32 ? b : 32;
  }
  if (a >= 32) return 0;
  return static_cast<std::uint32_t>(((std::uint64_t{1} << b) - 1) << a);
}
// lop3.b32: any function of three inputs, bit by bit; bit (a << 2 | b << 1 | c) of the lookup
// table is the result for that combination of input bits.
[[gnu::always_inline]] inline std::uint32_t lop3(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t lut) {
  std::uint32_t r = 0;
  for (std::uint32_t k = 0; k < 8; ++k) {
    if (((lut >> k) & 1u) == 0) continue;
    std::uint32_t term = ((k & 4) ? a : ~a) & ((k & 2) ? b : ~b) & ((k & 1) ? c : ~c);
    r |= term;
  }
  return r;
}
// mul.hi: the upper half of the full product.
template <class T>
[[gnu::always_inline]] inline T mulhi(T a, T b) {
  if constexpr (sizeof(T) == 8) {
    using Wide = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
    return static_cast<T>((static_cast<Wide>(a) * static_cast<Wide>(b)) >> 64);
  } else {
    using Wide = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return static_cast<T>((static_cast<Wide>(a) * static_cast<Wide>(b)) >> (8 * sizeof(T)));
  }
}
// add.cc / addc / sub.cc / subc: the carry (or borrow) flag, 0 or 1, in and out.
template <class T>
[[gnu::always_inline]] inline T addCarry(T a, T b, unsigned& carry, bool carryIn, bool carryOut) {
  using U = std::make_unsigned_t<T>;
  const U ua = static_cast<U>(a), ub = static_cast<U>(b), cin = carryIn ? carry : 0u;
  const U sum = static_cast<U>(ua + ub + cin);
  if (carryOut) carry = (sum < ua || (cin != 0 && sum == ua)) ? 1u : 0u;
  return static_cast<T>(sum);
}
template <class T>
[[gnu::always_inline]] inline T subBorrow(T a, T b, unsigned& borrow, bool borrowIn, bool borrowOut) {
  using U = std::make_unsigned_t<T>;
  const U ua = static_cast<U>(a), ub = static_cast<U>(b), bin = borrowIn ? borrow : 0u;
  const U diff = static_cast<U>(ua - ub - bin);
  if (borrowOut) borrow = (ua < ub || (bin != 0 && ua == ub)) ? 1u : 0u;
  return static_cast<T>(diff);
}

}  // namespace loom::ptx
