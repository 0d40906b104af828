// Bit-exact conversions between bfloat16 (CUDA's __nv_bfloat16: float's sign and 8-bit
// exponent, 7 fraction bits) and float, double and the integer types, in the four rounding
// directions. Same shape as half_convert.h: *Bits functions on encodings, usable in constant
// expressions and nvcc device code, and value-level wrappers.
#pragma once

#include <cstdint>

#include "isa/core/rounding.h"
#include "isa/fp16/narrow_float.h"

namespace loom::isa {

// NaN rules, measured over every input on an H100 and an H200 (sm_90, CUDA 13.0):
// - float NaN -> bfloat16 (cvt.{rn,rz,rm,rp}.bf16.f32): always kBfloat16CanonicalNaN; bf16
//   arithmetic (add, sub, mul, div, fma, neg, abs, max/min with two NaNs) gives the same.
// - double NaN -> bfloat16 (__double2bfloat16): keeps the sign and the top 7 payload bits,
//   and sets the quiet bit.
// - bfloat16 NaN -> float: unchanged bits (it is a shift), payload and sign kept.
inline constexpr uint16_t kBfloat16CanonicalNaN = 0x7fff;

inline constexpr uint16_t kBfloat16PositiveInfinity = 0x7f80;
inline constexpr uint16_t kBfloat16MaxFinite = 0x7f7f;  // about 3.39e38

constexpr bool bfloat16IsNaN(uint16_t b) { return (b & 0x7fff) > 0x7f80; }
constexpr bool bfloat16IsInf(uint16_t b) { return (b & 0x7fff) == 0x7f80; }

// binary32 encoding -> bfloat16 encoding, rounded once in direction `mode`. Float
// subnormals map onto bfloat16 subnormals (same exponent range), with no flush to zero.
constexpr uint16_t floatBitsToBfloat16(uint32_t f, Rounding mode) {
  const bool negative = (f >> 31) != 0;
  const uint32_t field = (f >> 23) & 0xff;
  const uint32_t fraction = f & 0x7fffff;
  if (field == 0xff) {
    if (fraction != 0) return kBfloat16CanonicalNaN;
    return negative ? 0xff80 : 0x7f80;
  }
  const detail::Decoded v = detail::decodeFinite<8, 23>(f);
  return static_cast<uint16_t>(detail::roundToFormat<8, 7>(negative, v.sig, v.exp, mode));
}

// binary64 encoding -> bfloat16 encoding, rounded once.
constexpr uint16_t doubleBitsToBfloat16(uint64_t d, Rounding mode) {
  const bool negative = (d >> 63) != 0;
  const uint64_t field = (d >> 52) & 0x7ff;
  const uint64_t fraction = d & 0xfffffffffffffull;
  if (field == 0x7ff) {
    const uint16_t sign = negative ? 0x8000 : 0;
    if (fraction != 0) return static_cast<uint16_t>(sign | 0x7fc0 | (fraction >> 45));
    return static_cast<uint16_t>(sign | 0x7f80);
  }
  const detail::Decoded v = detail::decodeFinite<11, 52>(d);
  return static_cast<uint16_t>(detail::roundToFormat<8, 7>(negative, v.sig, v.exp, mode));
}

// bfloat16 encoding -> binary32 encoding: bfloat16 is the top half of a float, so this is
// exact for every input, NaN payloads included.
constexpr uint32_t bfloat16BitsToFloatBits(uint16_t b) { return static_cast<uint32_t>(b) << 16; }

constexpr uint16_t int64ToBfloat16(int64_t value, Rounding mode) {
  const bool negative = value < 0;
  const uint64_t magnitude = negative ? uint64_t{0} - static_cast<uint64_t>(value)
                                      : static_cast<uint64_t>(value);
  return static_cast<uint16_t>(detail::roundToFormat<8, 7>(negative, magnitude, 0, mode));
}
constexpr uint16_t uint64ToBfloat16(uint64_t value, Rounding mode) {
  return static_cast<uint16_t>(detail::roundToFormat<8, 7>(false, value, 0, mode));
}

// bfloat16 -> integer type Int, rounded in direction `mode`, saturated, NaN to
// detail::integerFromNaN<Int>().
template <typename Int>
constexpr Int bfloat16ToInteger(uint16_t b, Rounding mode) {
  if (bfloat16IsNaN(b)) return detail::integerFromNaN<Int>();
  const bool negative = (b & 0x8000) != 0;
  if (bfloat16IsInf(b)) return detail::saturateToInteger<Int>(negative, 0, true);
  bool huge = false;
  const uint64_t magnitude =
      detail::roundToIntegerMagnitude(detail::decodeFinite<8, 7>(b), mode, huge);
  return detail::saturateToInteger<Int>(negative, magnitude, huge);
}

constexpr uint16_t floatToBfloat16(float f, Rounding mode) {
  return floatBitsToBfloat16(__builtin_bit_cast(uint32_t, f), mode);
}
constexpr uint16_t doubleToBfloat16(double d, Rounding mode) {
  return doubleBitsToBfloat16(__builtin_bit_cast(uint64_t, d), mode);
}
constexpr float bfloat16ToFloat(uint16_t b) {
  return __builtin_bit_cast(float, bfloat16BitsToFloatBits(b));
}

}  // namespace loom::isa
