// __float_as_int and friends, __double2hiint/__double2loint, __hiloint2double: the same bits
// seen as another type (mov.b32/b64); nothing is converted, NaN payloads included.
#pragma once

#include <cstdint>

namespace loom::isa {

constexpr int32_t floatAsInt(float x) { return __builtin_bit_cast(int32_t, x); }
constexpr uint32_t floatAsUint(float x) { return __builtin_bit_cast(uint32_t, x); }
constexpr float intAsFloat(int32_t x) { return __builtin_bit_cast(float, x); }
constexpr float uintAsFloat(uint32_t x) { return __builtin_bit_cast(float, x); }
constexpr int64_t doubleAsLonglong(double x) { return __builtin_bit_cast(int64_t, x); }
constexpr double longlongAsDouble(int64_t x) { return __builtin_bit_cast(double, x); }
constexpr int32_t doubleHiInt(double x) {
  return static_cast<int32_t>(static_cast<uint32_t>(__builtin_bit_cast(uint64_t, x) >> 32));
}
constexpr int32_t doubleLoInt(double x) {
  return static_cast<int32_t>(static_cast<uint32_t>(__builtin_bit_cast(uint64_t, x)));
}
constexpr double hiLoIntToDouble(int32_t hi, int32_t lo) {
  return __builtin_bit_cast(
      double, (uint64_t{static_cast<uint32_t>(hi)} << 32) | static_cast<uint32_t>(lo));
}

}  // namespace loom::isa
