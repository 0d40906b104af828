// Arithmetic on binary16 and bfloat16 encodings as the device's f16/bf16 instructions do it:
// each result is the exact value rounded once to the 16-bit format (add, sub, mul, fma, div),
// plus the NaN, saturation and relu rules of CUDA's __h* intrinsics. Every operation here
// was compared with an H100 and an H200 (sm_90): add, sub, mul, div, max, min, the _nan and
// _sat forms and the comparisons over all 2^32 operand pairs, fma/fma_sat/fma_relu over 2^32
// random triples, both formats, round-to-nearest-even; no difference.
//
// All of it is integer arithmetic on the encodings, for three reasons: no double rounding
// (a bfloat16 fma through double can round twice when a product sits on a midpoint and the
// addend is 2^-200 of it), no dependence on the host's rounding mode or FTZ/DAZ bits (a user
// kernel built with -ffast-math sets them), and the same code runs in constant expressions and
// in the nvcc probes under validate/ that compare it with the device, input for input.
#pragma once

#include <cstdint>

#include "isa/core/rounding.h"
#include "isa/fp16/bfloat16_convert.h"
#include "isa/fp16/half_convert.h"
#include "isa/fp16/narrow_float.h"

namespace loom::isa {

// The two 16-bit formats, as template arguments for the operations below.
struct HalfFormat {
  static constexpr int kExpBits = 5;
  static constexpr int kMantBits = 10;
  static constexpr uint16_t kInfinity = kHalfPositiveInfinity;
  static constexpr uint16_t kCanonicalNaN = kHalfCanonicalNaN;
  static constexpr uint16_t kOne = 0x3c00;
};
struct Bfloat16Format {
  static constexpr int kExpBits = 8;
  static constexpr int kMantBits = 7;
  static constexpr uint16_t kInfinity = kBfloat16PositiveInfinity;
  static constexpr uint16_t kCanonicalNaN = kBfloat16CanonicalNaN;
  static constexpr uint16_t kOne = 0x3f80;
};

namespace detail {

inline constexpr uint16_t kSign16 = 0x8000;

template <class F>
constexpr bool isNaN16(uint16_t x) { return (x & 0x7fff) > F::kInfinity; }
template <class F>
constexpr bool isInf16(uint16_t x) { return (x & 0x7fff) == F::kInfinity; }
constexpr bool isZero16(uint16_t x) { return (x & 0x7fff) == 0; }
constexpr bool isNegative16(uint16_t x) { return (x & kSign16) != 0; }

// A total order key for non-NaN encodings in which -0 and +0 are equal.
constexpr int orderKey16(uint16_t x) {
  const int magnitude = x & 0x7fff;
  return isNegative16(x) ? -magnitude : magnitude;
}

// Rounds the exact sum (-1)^xNeg * xSig * 2^xExp + (-1)^yNeg * ySig * 2^yExp once into F.
// The significands are small (at most 22 bits: a product of two 11-bit significands).
template <class F>
constexpr uint16_t roundExactSum(bool xNeg, uint64_t xSig, int xExp, bool yNeg, uint64_t ySig,
                                 int yExp, Rounding mode) {
  constexpr int E = F::kExpBits;
  constexpr int M = F::kMantBits;
  if (xSig == 0 && ySig == 0) {
    // IEEE 754: zeros of opposite sign sum to +0, except rounding toward -infinity.
    const bool negative = xNeg == yNeg ? xNeg : mode == Rounding::Down;
    return negative ? kSign16 : 0;
  }
  if (xSig == 0) return static_cast<uint16_t>(roundToFormat<E, M>(yNeg, ySig, yExp, mode));
  if (ySig == 0) return static_cast<uint16_t>(roundToFormat<E, M>(xNeg, xSig, xExp, mode));

  if (xExp + highestBit(xSig) < yExp + highestBit(ySig)) {
    const bool n = xNeg; xNeg = yNeg; yNeg = n;
    const uint64_t s = xSig; xSig = ySig; ySig = s;
    const int e = xExp; xExp = yExp; yExp = e;
  }
  // x now has the higher leading bit. Put it at bit 61 of a 64-bit window and align y to
  // it; y's bits that fall below the window only matter as "something nonzero was there".
  const int lift = 61 - highestBit(xSig);
  xSig <<= lift;
  xExp -= lift;
  const int shift = xExp - yExp;
  uint64_t yAligned = 0;
  bool sticky = false;
  if (shift <= 0) {
    yAligned = ySig << -shift;  // y's leading bit is at most bit 61 too
  } else if (shift >= 64) {
    sticky = true;
  } else {
    yAligned = ySig >> shift;
    sticky = (ySig & ((uint64_t{1} << shift) - 1)) != 0;
  }
  // Work in half units so that lost bits of y can be represented by a 1 in the lowest bit:
  // the true sum then lies strictly between two even integers with this odd one between
  // them, and every rounding boundary of F at this magnitude (at least 2^50 units apart)
  // is an even integer, so both round alike.
  const uint64_t x2 = xSig << 1;
  const uint64_t y2 = (yAligned << 1) | (sticky ? 1u : 0u);
  const int exp2 = xExp - 1;
  if (xNeg == yNeg) return static_cast<uint16_t>(roundToFormat<E, M>(xNeg, x2 + y2, exp2, mode));
  if (x2 == y2) return mode == Rounding::Down ? kSign16 : 0;  // exact cancellation
  if (x2 > y2) return static_cast<uint16_t>(roundToFormat<E, M>(xNeg, x2 - y2, exp2, mode));
  return static_cast<uint16_t>(roundToFormat<E, M>(yNeg, y2 - x2, exp2, mode));
}

}  // namespace detail

// a * b + c with a single rounding (fma.{rn,rz,rm,rp}.f16 / .bf16). Any NaN operand, inf*0
// and inf-inf give F::kCanonicalNaN.
template <class F>
constexpr uint16_t narrowFma(uint16_t a, uint16_t b, uint16_t c, Rounding mode) {
  using namespace detail;
  if (isNaN16<F>(a) || isNaN16<F>(b) || isNaN16<F>(c)) return F::kCanonicalNaN;
  const bool productNeg = isNegative16(a) != isNegative16(b);
  if (isInf16<F>(a) || isInf16<F>(b)) {
    if (isZero16(a) || isZero16(b)) return F::kCanonicalNaN;
    if (isInf16<F>(c) && isNegative16(c) != productNeg) return F::kCanonicalNaN;
    return productNeg ? static_cast<uint16_t>(kSign16 | F::kInfinity) : F::kInfinity;
  }
  if (isInf16<F>(c)) return c;
  const Decoded da = decodeFinite<F::kExpBits, F::kMantBits>(a);
  const Decoded db = decodeFinite<F::kExpBits, F::kMantBits>(b);
  const Decoded dc = decodeFinite<F::kExpBits, F::kMantBits>(c);
  return roundExactSum<F>(productNeg, da.sig * db.sig, da.exp + db.exp, dc.negative, dc.sig,
                          dc.exp, mode);
}

// a + b, a - b, a * b, each rounded once: the fma with an exact 1 or an exact -0 operand
// (a*1 is exact; x + -0 is x, also for x = +0).
template <class F>
constexpr uint16_t narrowAdd(uint16_t a, uint16_t b, Rounding mode) {
  return narrowFma<F>(a, F::kOne, b, mode);
}
template <class F>
constexpr uint16_t narrowSub(uint16_t a, uint16_t b, Rounding mode) {
  return narrowFma<F>(a, F::kOne, static_cast<uint16_t>(b ^ detail::kSign16), mode);
}
template <class F>
constexpr uint16_t narrowMul(uint16_t a, uint16_t b, Rounding mode) {
  return narrowFma<F>(a, b, detail::kSign16, mode);
}

// a / b, correctly rounded: a long division with enough quotient bits (at least 30) that a
// sticky lowest bit makes one final rounding exact.
template <class F>
constexpr uint16_t narrowDiv(uint16_t a, uint16_t b, Rounding mode) {
  using namespace detail;
  if (isNaN16<F>(a) || isNaN16<F>(b)) return F::kCanonicalNaN;
  const bool aInf = isInf16<F>(a), bInf = isInf16<F>(b);
  const bool aZero = isZero16(a), bZero = isZero16(b);
  if ((aInf && bInf) || (aZero && bZero)) return F::kCanonicalNaN;
  const uint16_t sign = isNegative16(a) != isNegative16(b) ? kSign16 : 0;
  if (aInf || bZero) return static_cast<uint16_t>(sign | F::kInfinity);
  if (bInf || aZero) return sign;
  const Decoded da = decodeFinite<F::kExpBits, F::kMantBits>(a);
  const Decoded db = decodeFinite<F::kExpBits, F::kMantBits>(b);
  constexpr int kExtra = 40;
  const uint64_t numerator = da.sig << kExtra;
  const uint64_t quotient = numerator / db.sig;
  const bool inexact = numerator % db.sig != 0;
  return static_cast<uint16_t>(roundToFormat<F::kExpBits, F::kMantBits>(
      sign != 0, (quotient << 1) | (inexact ? 1u : 0u), da.exp - db.exp - kExtra - 1, mode));
}

// Ordered comparisons (false when either is NaN); -0 == +0.
template <class F>
constexpr bool narrowEqual(uint16_t a, uint16_t b) {
  return !detail::isNaN16<F>(a) && !detail::isNaN16<F>(b) &&
         detail::orderKey16(a) == detail::orderKey16(b);
}
template <class F>
constexpr bool narrowLess(uint16_t a, uint16_t b) {
  return !detail::isNaN16<F>(a) && !detail::isNaN16<F>(b) &&
         detail::orderKey16(a) < detail::orderKey16(b);
}
template <class F>
constexpr bool narrowUnordered(uint16_t a, uint16_t b) {
  return detail::isNaN16<F>(a) || detail::isNaN16<F>(b);
}

// max/min as __hmax/__hmin: a NaN operand is ignored (two NaNs give the canonical NaN), and
// +0 counts as greater than -0.
template <class F>
constexpr uint16_t narrowMax(uint16_t a, uint16_t b) {
  const bool aNaN = detail::isNaN16<F>(a), bNaN = detail::isNaN16<F>(b);
  if (aNaN && bNaN) return F::kCanonicalNaN;
  if (aNaN) return b;
  if (bNaN) return a;
  if (detail::orderKey16(a) != detail::orderKey16(b))
    return detail::orderKey16(a) > detail::orderKey16(b) ? a : b;
  return static_cast<uint16_t>(a & b);  // equal: the same bits, or +0 unless both are -0
}
template <class F>
constexpr uint16_t narrowMin(uint16_t a, uint16_t b) {
  const bool aNaN = detail::isNaN16<F>(a), bNaN = detail::isNaN16<F>(b);
  if (aNaN && bNaN) return F::kCanonicalNaN;
  if (aNaN) return b;
  if (bNaN) return a;
  if (detail::orderKey16(a) != detail::orderKey16(b))
    return detail::orderKey16(a) < detail::orderKey16(b) ? a : b;
  return static_cast<uint16_t>(a | b);  // equal: the same bits, or -0 if either is -0
}
// __hmax_nan/__hmin_nan: any NaN operand gives the canonical NaN.
template <class F>
constexpr uint16_t narrowMaxNaN(uint16_t a, uint16_t b) {
  return narrowUnordered<F>(a, b) ? F::kCanonicalNaN : narrowMax<F>(a, b);
}
template <class F>
constexpr uint16_t narrowMinNaN(uint16_t a, uint16_t b) {
  return narrowUnordered<F>(a, b) ? F::kCanonicalNaN : narrowMin<F>(a, b);
}

// The .sat modifier: clamp to [+0, 1]; NaN becomes +0.
template <class F>
constexpr uint16_t narrowSaturate(uint16_t x) {
  if (detail::isNaN16<F>(x) || detail::isNegative16(x)) return 0;
  return x > F::kOne ? F::kOne : x;
}
// The .relu modifier: negative results become +0; NaN stays (canonical) NaN.
template <class F>
constexpr uint16_t narrowRelu(uint16_t x) {
  if (detail::isNaN16<F>(x)) return F::kCanonicalNaN;
  return detail::isNegative16(x) ? 0 : x;
}

// neg.f16/abs.f16 (and .bf16) flip or clear the sign, but a NaN comes out as the canonical
// NaN, not as the input with its sign changed (measured on an H100 and an H200, every NaN).
template <class F>
constexpr uint16_t narrowNeg(uint16_t x) {
  return detail::isNaN16<F>(x) ? F::kCanonicalNaN : static_cast<uint16_t>(x ^ detail::kSign16);
}
template <class F>
constexpr uint16_t narrowAbs(uint16_t x) {
  return detail::isNaN16<F>(x) ? F::kCanonicalNaN : static_cast<uint16_t>(x & 0x7fff);
}

}  // namespace loom::isa
