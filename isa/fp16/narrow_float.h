// Exact rounding of a value given as sign * significand * 2^exponent into a narrow binary
// floating-point format (binary16, bfloat16), and of such a format's values into integers.
// half_convert.h and bfloat16_convert.h are thin users of these two routines.
//
// Everything is integer arithmetic: the result does not depend on the host's rounding mode
// or flush-to-zero state, works in constant expressions, and is the same on any compiler.
#pragma once

#include <cstdint>

#include "isa/core/rounding.h"

namespace loom::isa::detail {

// Index of the highest set bit; v must be nonzero.
constexpr int highestBit(uint64_t v) {
  int index = 0;
  while (v >>= 1) ++index;
  return index;
}

// Where the discarded low part of a value lies relative to half a unit of the kept part.
enum class Remainder { Zero, BelowHalf, Half, AboveHalf };

// Whether rounding a magnitude that dropped `rest` moves it one unit away from zero.
constexpr bool roundsAway(Remainder rest, bool keptIsOdd, bool negative, Rounding mode) {
  if (rest == Remainder::Zero) return false;
  switch (mode) {
    case Rounding::NearestEven:
      return rest == Remainder::AboveHalf || (rest == Remainder::Half && keptIsOdd);
    case Rounding::TowardZero:
      return false;
    case Rounding::Down:
      return negative;
    case Rounding::Up:
      return !negative;
  }
  return false;
}

// Splits sig into sig >> shift and a classification of the bits shifted out (shift >= 1).
constexpr uint64_t shiftRightClassify(uint64_t sig, int shift, Remainder& rest) {
  if (shift > 64) {  // everything drops, and sig < 2^64 <= half a unit
    rest = Remainder::BelowHalf;
    return 0;
  }
  const uint64_t half = uint64_t{1} << (shift - 1);
  const uint64_t dropped = shift == 64 ? sig : sig & ((half << 1) - 1);
  rest = dropped == 0      ? Remainder::Zero
         : dropped < half  ? Remainder::BelowHalf
         : dropped == half ? Remainder::Half
                           : Remainder::AboveHalf;
  return shift == 64 ? 0 : sig >> shift;
}

// Encodes (-1)^negative * sig * 2^exp into the format with kExpBits exponent bits and
// kMantBits stored significand bits (IEEE layout: sign, biased exponent, fraction; with
// subnormals, infinities and NaNs), rounding once in direction `mode`. Returns the encoding
// in the low 1 + kExpBits + kMantBits bits (binary64 included). Overflow follows IEEE 754: to infinity unless the
// direction points toward zero, in which case to the largest finite value.
template <int kExpBits, int kMantBits>
constexpr uint64_t roundToFormat(bool negative, uint64_t sig, int exp, Rounding mode) {
  constexpr int kBias = (1 << (kExpBits - 1)) - 1;
  constexpr int kMinNormalExp = 1 - kBias;
  constexpr int kMaxExp = kBias;
  constexpr uint64_t kInfinity = ((uint64_t{1} << kExpBits) - 1) << kMantBits;
  constexpr uint64_t kMaxFinite = kInfinity - 1;
  const uint64_t sign = negative ? uint64_t{1} << (kExpBits + kMantBits) : 0;
  if (sig == 0) return sign;

  const bool overflowToInfinity = mode == Rounding::NearestEven ||
                                  (mode == Rounding::Up && !negative) ||
                                  (mode == Rounding::Down && negative);
  const uint64_t overflowed = sign | (overflowToInfinity ? kInfinity : kMaxFinite);

  const int magnitudeExp = exp + highestBit(sig);  // floor(log2(|value|))
  if (magnitudeExp > kMaxExp) return overflowed;
  // Exponent of one unit in the last place of the result; below the normal range the
  // spacing stays that of the smallest normal (gradual underflow).
  const int ulpExp = (magnitudeExp < kMinNormalExp ? kMinNormalExp : magnitudeExp) - kMantBits;
  const int shift = ulpExp - exp;

  Remainder rest = Remainder::Zero;
  uint64_t units = shift <= 0 ? sig << -shift : shiftRightClassify(sig, shift, rest);
  units += roundsAway(rest, (units & 1) != 0, negative, mode) ? 1u : 0u;

  // With ulpExp measured from the subnormal spacing, the encoding is the exponent step
  // times 2^kMantBits plus the units; a carry out of the significand (subnormal to normal,
  // or 1.11..1 to 10.0) lands in the exponent field by itself.
  const uint64_t encoded =
      (static_cast<uint64_t>(ulpExp - (kMinNormalExp - kMantBits)) << kMantBits) + units;
  if (encoded >= kInfinity) return overflowed;
  return sign | encoded;
}

// A decoded finite value: (-1)^negative * sig * 2^exp.
struct Decoded {
  bool negative;
  uint64_t sig;
  int exp;
};

// Decodes a finite encoding of the format with kExpBits/kMantBits (the caller has
// already handled infinities and NaNs).
template <int kExpBits, int kMantBits>
constexpr Decoded decodeFinite(uint64_t bits) {
  constexpr int kBias = (1 << (kExpBits - 1)) - 1;
  const bool negative = ((bits >> (kExpBits + kMantBits)) & 1) != 0;
  const uint64_t field = (bits >> kMantBits) & ((uint64_t{1} << kExpBits) - 1);
  const uint64_t fraction = bits & ((uint64_t{1} << kMantBits) - 1);
  if (field == 0) return Decoded{negative, fraction, 1 - kBias - kMantBits};
  return Decoded{negative, fraction | (uint64_t{1} << kMantBits),
                 static_cast<int>(field) - kBias - kMantBits};
}

// Rounds a finite value to an integer magnitude in direction `mode` (applied to the signed
// value). Sets `huge` when the magnitude does not fit in 64 bits.
constexpr uint64_t roundToIntegerMagnitude(const Decoded& v, Rounding mode, bool& huge) {
  huge = false;
  if (v.sig == 0) return 0;
  if (v.exp >= 0) {
    if (highestBit(v.sig) + v.exp > 63) {
      huge = true;
      return 0;
    }
    return v.sig << v.exp;
  }
  Remainder rest = Remainder::Zero;
  uint64_t magnitude = shiftRightClassify(v.sig, -v.exp, rest);
  magnitude += roundsAway(rest, (magnitude & 1) != 0, v.negative, mode) ? 1u : 0u;
  return magnitude;
}

// Saturating conversion of a rounded magnitude to the integer type Int, as the device's
// cvt.{rni,rzi,rmi,rpi}.{s,u}N does: out-of-range values clamp to the type's limits.
template <typename Int>
constexpr Int saturateToInteger(bool negative, uint64_t magnitude, bool huge) {
  constexpr bool kSigned = static_cast<Int>(-1) < static_cast<Int>(0);
  constexpr int kBits = static_cast<int>(sizeof(Int) * 8);
  constexpr uint64_t kMaxMagnitude =
      kSigned ? (uint64_t{1} << (kBits - 1)) - 1
              : (kBits == 64 ? ~uint64_t{0} : (uint64_t{1} << (kBits & 63)) - 1);  // no UB shift
  if (!negative) return huge || magnitude > kMaxMagnitude ? static_cast<Int>(kMaxMagnitude)
                                                           : static_cast<Int>(magnitude);
  if (!kSigned) return static_cast<Int>(0);
  // The most negative value is one beyond kMaxMagnitude; build it without overflow.
  if (huge || magnitude > kMaxMagnitude) {
    return static_cast<Int>(-static_cast<int64_t>(kMaxMagnitude) - 1);
  }
  return static_cast<Int>(-static_cast<int64_t>(magnitude));
}

// What the device produces for a NaN source in a float-to-integer cvt: 0 for types of up
// to 32 bits, and the bit pattern 0x8000...0 for 64-bit types, signed or not (measured on an
// H100 and an H200 for every half and bfloat16 NaN, all four directions).
template <typename Int>
constexpr Int integerFromNaN() {
  return sizeof(Int) == 8 ? static_cast<Int>(uint64_t{1} << 63) : static_cast<Int>(0);
}

}  // namespace loom::isa::detail
