// Bit-exact conversions between IEEE binary16 ("half", CUDA's __half) and float, double
// and the integer types, in the four rounding directions the device's cvt instruction offers.
// The *Bits functions work on encodings only and are usable in constant expressions (and in
// nvcc device code, which the validate/ probes rely on); the float/double overloads wrap them.
#pragma once

#include <cstdint>

#include "isa/core/rounding.h"
#include "isa/fp16/narrow_float.h"

namespace loom::isa {

// NaN rules, measured over every input on an H100 and an H200 (sm_90, CUDA 13.0):
// - float NaN -> half (cvt.{rn,rz,rm,rp}.f16.f32): always kHalfCanonicalNaN, whatever the
//   sign and payload; f16 arithmetic (add, sub, mul, div, fma, neg, abs, max/min with two NaNs)
//   produces the same value.
// - double NaN -> half (cvt.rn.f16.f64, __double2half): keeps the sign and the top 10 payload
//   bits, and sets the quiet bit.
// - half NaN -> float (cvt.f32.f16, __half2float): always kFloatCanonicalNaN.
// A different device generation may differ: re-run the probe there before trusting these.
inline constexpr uint16_t kHalfCanonicalNaN = 0x7fff;
inline constexpr uint32_t kFloatCanonicalNaN = 0x7fffffff;

inline constexpr uint16_t kHalfPositiveInfinity = 0x7c00;
inline constexpr uint16_t kHalfMaxFinite = 0x7bff;  // 65504

constexpr bool halfIsNaN(uint16_t h) { return (h & 0x7fff) > 0x7c00; }
constexpr bool halfIsInf(uint16_t h) { return (h & 0x7fff) == 0x7c00; }

// binary32 encoding -> binary16 encoding, rounded once in direction `mode`.
constexpr uint16_t floatBitsToHalf(uint32_t f, Rounding mode) {
  const bool negative = (f >> 31) != 0;
  const uint32_t field = (f >> 23) & 0xff;
  const uint32_t fraction = f & 0x7fffff;
  if (field == 0xff) {
    if (fraction != 0) return kHalfCanonicalNaN;
    return negative ? 0xfc00 : 0x7c00;
  }
  const detail::Decoded v = detail::decodeFinite<8, 23>(f);
  return static_cast<uint16_t>(detail::roundToFormat<5, 10>(negative, v.sig, v.exp, mode));
}

// binary64 encoding -> binary16 encoding, rounded once (not via float, which would round
// twice: CUDA's __double2half rounds once).
constexpr uint16_t doubleBitsToHalf(uint64_t d, Rounding mode) {
  const bool negative = (d >> 63) != 0;
  const uint64_t field = (d >> 52) & 0x7ff;
  const uint64_t fraction = d & 0xfffffffffffffull;
  if (field == 0x7ff) {
    const uint16_t sign = negative ? 0x8000 : 0;
    if (fraction != 0) return static_cast<uint16_t>(sign | 0x7e00 | (fraction >> 42));
    return static_cast<uint16_t>(sign | 0x7c00);
  }
  const detail::Decoded v = detail::decodeFinite<11, 52>(d);
  return static_cast<uint16_t>(detail::roundToFormat<5, 10>(negative, v.sig, v.exp, mode));
}

// binary16 encoding -> binary32 encoding. Exact for every finite value and infinity; every
// NaN becomes kFloatCanonicalNaN, as on the device (x86's vcvtph2ps would keep the payload).
constexpr uint32_t halfBitsToFloatBits(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000) << 16;
  const uint32_t field = (h >> 10) & 0x1f;
  uint32_t fraction = h & 0x3ff;
  if (field == 0x1f) return fraction != 0 ? kFloatCanonicalNaN : sign | 0x7f800000u;
  if (field == 0) {
    if (fraction == 0) return sign;
    // Subnormal half: fraction * 2^-24 is a normal float. Move its leading 1 to bit 10.
    const int lift = 10 - detail::highestBit(fraction);
    fraction = (fraction << lift) & 0x3ff;
    return sign | (static_cast<uint32_t>(1 - lift + 112) << 23) | (fraction << 13);
  }
  return sign | ((field + 112) << 23) | (fraction << 13);
}

// Signed or unsigned integer -> half, rounded once in direction `mode`.
constexpr uint16_t int64ToHalf(int64_t value, Rounding mode) {
  const bool negative = value < 0;
  const uint64_t magnitude = negative ? uint64_t{0} - static_cast<uint64_t>(value)
                                      : static_cast<uint64_t>(value);
  return static_cast<uint16_t>(detail::roundToFormat<5, 10>(negative, magnitude, 0, mode));
}
constexpr uint16_t uint64ToHalf(uint64_t value, Rounding mode) {
  return static_cast<uint16_t>(detail::roundToFormat<5, 10>(false, value, 0, mode));
}

// half -> integer type Int (int8..uint64), as cvt.{rni,rzi,rmi,rpi}.<int>.f16: rounded in
// direction `mode`, saturated to Int's range, NaN to detail::integerFromNaN<Int>().
template <typename Int>
constexpr Int halfToInteger(uint16_t h, Rounding mode) {
  if (halfIsNaN(h)) return detail::integerFromNaN<Int>();
  const bool negative = (h & 0x8000) != 0;
  if (halfIsInf(h)) return detail::saturateToInteger<Int>(negative, 0, true);
  bool huge = false;
  const uint64_t magnitude =
      detail::roundToIntegerMagnitude(detail::decodeFinite<5, 10>(h), mode, huge);
  return detail::saturateToInteger<Int>(negative, magnitude, huge);
}

// Value-level wrappers. __builtin_bit_cast (g++ >= 11, clang >= 9) keeps them constexpr in
// C++17, which std::bit_cast would not.
constexpr uint16_t floatToHalf(float f, Rounding mode) {
  return floatBitsToHalf(__builtin_bit_cast(uint32_t, f), mode);
}
constexpr uint16_t doubleToHalf(double d, Rounding mode) {
  return doubleBitsToHalf(__builtin_bit_cast(uint64_t, d), mode);
}
constexpr float halfToFloat(uint16_t h) {
  return __builtin_bit_cast(float, halfBitsToFloatBits(h));
}

}  // namespace loom::isa
