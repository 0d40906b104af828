// Exact arithmetic on float and double encodings for the rounding-mode intrinsics: operands
// decoded to integer significands, the exact result formed in 128-bit integers, and rounded
// once in a direction given as a parameter (never the host's MXCSR, which a fiber or a user's
// -ffast-math may have changed). The narrow formats' routines (isa/fp16/narrow_float.h) do
// the final rounding; a 128-bit significand is first cut to 62 bits with a sticky bit, which
// rounds identically because the cut lies far below the last kept bit.
#pragma once

#include <cstdint>

#include "isa/core/rounding.h"
#include "isa/fp16/narrow_float.h"

namespace loom::isa {

__extension__ typedef unsigned __int128 u128;  // __extension__: quiet under -Wpedantic

// IEEE binary32 and binary64, as template arguments.
struct Binary32 {
  using Value = float;
  using Bits = uint32_t;
  static constexpr int kExpBits = 8;
  static constexpr int kMantBits = 23;
  static constexpr Bits kSign = 0x80000000u;
  static constexpr Bits kInfinity = 0x7f800000u;
  // The device's NaN result for arithmetic (measured: HARDWARE_NOTES.md): always this one,
  // whatever the NaN operands were.
  static constexpr Bits kCanonicalNaN = 0x7fffffffu;
  static constexpr bool kPropagatesNaN = false;
  static constexpr Bits toBits(Value v) { return __builtin_bit_cast(Bits, v); }
  static constexpr Value fromBits(Bits b) { return __builtin_bit_cast(Value, b); }
};
struct Binary64 {
  using Value = double;
  using Bits = uint64_t;
  static constexpr int kExpBits = 11;
  static constexpr int kMantBits = 52;
  static constexpr Bits kSign = 0x8000000000000000ull;
  static constexpr Bits kInfinity = 0x7ff0000000000000ull;
  // Double arithmetic returns a NaN operand, quieted, payload kept (measured on an H100 for
  // add, sub, mul, fma, div, rcp, sqrt; fma prefers a, then c, then b); invalid operations
  // (inf - inf, 0 * inf, sqrt(-1), ...) give kCanonicalNaN.
  static constexpr Bits kCanonicalNaN = 0xfff8000000000000ull;
  static constexpr bool kPropagatesNaN = true;
  static constexpr Bits kQuietBit = 0x0008000000000000ull;
  static constexpr Bits toBits(Value v) { return __builtin_bit_cast(Bits, v); }
  static constexpr Value fromBits(Bits b) { return __builtin_bit_cast(Value, b); }
};

namespace detail {

template <class F>
constexpr bool isNaNBits(typename F::Bits b) { return (b & ~F::kSign) > F::kInfinity; }
template <class F>
constexpr bool isInfBits(typename F::Bits b) { return (b & ~F::kSign) == F::kInfinity; }
template <class F>
constexpr bool isZeroBits(typename F::Bits b) { return (b & ~F::kSign) == 0; }
template <class F>
constexpr bool isNegBits(typename F::Bits b) { return (b & F::kSign) != 0; }

// The NaN result of an operation whose operands include a NaN (checked in argument order).
template <class F>
constexpr typename F::Bits nanResult(typename F::Bits a, typename F::Bits b = 0,
                                     typename F::Bits c = 0) {
  if constexpr (F::kPropagatesNaN) {
    if (isNaNBits<F>(a)) return a | F::kQuietBit;
    if (isNaNBits<F>(b)) return b | F::kQuietBit;
    return c | F::kQuietBit;
  } else {
    return F::kCanonicalNaN;
  }
}

constexpr int highestBit128(u128 v) {
  const uint64_t hi = static_cast<uint64_t>(v >> 64);
  return hi != 0 ? 64 + highestBit(hi) : highestBit(static_cast<uint64_t>(v));
}

// Rounds (-1)^negative * sig * 2^exp (sig may use all 128 bits) into F.
template <class F>
constexpr typename F::Bits roundWide(bool negative, u128 sig, int exp, Rounding mode) {
  if (sig != 0 && highestBit128(sig) > 61) {
    const int cut = highestBit128(sig) - 61;
    const bool sticky = (sig & ((u128{1} << cut) - 1)) != 0;
    sig = (sig >> cut) | (sticky ? 1u : 0u);
    exp += cut;
  }
  return static_cast<typename F::Bits>(roundToFormat<F::kExpBits, F::kMantBits>(
      negative, static_cast<uint64_t>(sig), exp, mode));
}

// A finite operand with its significand normalized so its leading bit is at kMantBits
// (subnormals shifted up, the exponent lowered to match). sig == 0 for zeros.
template <class F>
constexpr Decoded decodeNormalized(typename F::Bits b) {
  Decoded d = decodeFinite<F::kExpBits, F::kMantBits>(b);
  if (d.sig != 0) {
    const int lift = F::kMantBits - highestBit(d.sig);
    d.sig <<= lift;
    d.exp -= lift;
  }
  return d;
}

// Rounds the exact sum x + y of two nonzero-or-zero values given as 128-bit significands.
// `zeroNegative` is the sign of an exact zero result other than by cancellation.
template <class F>
constexpr typename F::Bits roundExactSum(bool xNeg, u128 xSig, int xExp, bool yNeg, u128 ySig,
                                         int yExp, Rounding mode) {
  if (xSig == 0 && ySig == 0) {
    const bool negative = xNeg == yNeg ? xNeg : mode == Rounding::Down;
    return negative ? F::kSign : 0;
  }
  if (xSig == 0) return roundWide<F>(yNeg, ySig, yExp, mode);
  if (ySig == 0) return roundWide<F>(xNeg, xSig, xExp, mode);
  if (xExp + highestBit128(xSig) < yExp + highestBit128(ySig)) {
    const bool n = xNeg; xNeg = yNeg; yNeg = n;
    const u128 s = xSig; xSig = ySig; ySig = s;
    const int e = xExp; xExp = yExp; yExp = e;
  }
  // x has the higher leading bit: put it at bit 125 and align y to it. Bits of y below the
  // window only matter as "something nonzero", kept as a sticky lowest bit in half units.
  const int lift = 125 - highestBit128(xSig);
  xSig <<= lift;
  xExp -= lift;
  const int shift = xExp - yExp;
  u128 yAligned = 0;
  bool sticky = false;
  if (shift <= 0) {
    yAligned = ySig << -shift;
  } else if (shift >= 128) {
    sticky = true;
  } else {
    yAligned = ySig >> shift;
    sticky = (ySig & ((u128{1} << shift) - 1)) != 0;
  }
  const u128 x2 = xSig << 1;
  const u128 y2 = (yAligned << 1) | (sticky ? 1u : 0u);
  const int exp2 = xExp - 1;
  if (xNeg == yNeg) return roundWide<F>(xNeg, x2 + y2, exp2, mode);
  if (x2 == y2) return mode == Rounding::Down ? F::kSign : 0;
  if (x2 > y2) return roundWide<F>(xNeg, x2 - y2, exp2, mode);
  return roundWide<F>(yNeg, y2 - x2, exp2, mode);
}

// floor(sqrt(v)), bit by bit.
constexpr u128 isqrt128(u128 v) {
  u128 root = 0;
  u128 bit = u128{1} << 126;
  while (bit > v) bit >>= 2;
  while (bit != 0) {
    if (v >= root + bit) {
      v -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
    bit >>= 2;
  }
  return root;
}

}  // namespace detail

// -ftz=true (and --use_fast_math): f32 instructions take subnormal operands as zero and
// flush results to zero, keeping the sign. Most flush when the exact result is below 2^-126
// in magnitude, even where it would round up to 2^-126 (flushedResult); FFMA flushes by the
// rounded result (measured on an H100: the sweep under -ftz=true,
// validate/results/h100-sm90/isa.*.ftz). Double precision never flushes.
template <bool Ftz>
constexpr float flushF32(float x) {
  if constexpr (Ftz) {
    const uint32_t b = Binary32::toBits(x);
    if ((b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0) return Binary32::fromBits(b & Binary32::kSign);
  }
  return x;
}

// The result of compute(mode) under Ftz's output rule. compute(TowardZero) is below 2^-126
// exactly when the exact result is, so it decides the flush.
template <bool Ftz, class Compute>
constexpr float flushedResult(Compute compute, Rounding mode) {
  const float r = compute(mode);
  if constexpr (Ftz) {
    const uint32_t rb = Binary32::toBits(r);
    if ((rb & 0x7fffffffu) == 0) return r;  // an exact zero keeps its IEEE sign
    const uint32_t z = Binary32::toBits(compute(Rounding::TowardZero));
    if ((z & 0x7f800000u) == 0) return Binary32::fromBits(z & Binary32::kSign);
  }
  return r;
}

}  // namespace loom::isa
