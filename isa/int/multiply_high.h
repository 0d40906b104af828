// __mulhi, __umulhi, __mul64hi, __umul64hi: the high half of the full product (mul.hi).
#pragma once
#include <cstdint>
namespace loom::isa {
__extension__ typedef __int128 Int128;  // __extension__: quiet under -Wpedantic
__extension__ typedef unsigned __int128 UInt128;
constexpr int32_t mulhi(int32_t a, int32_t b) {
  return static_cast<int32_t>((int64_t{a} * int64_t{b}) >> 32);
}
constexpr uint32_t umulhi(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>((uint64_t{a} * uint64_t{b}) >> 32);
}
constexpr int64_t mul64hi(int64_t a, int64_t b) {
  return static_cast<int64_t>((static_cast<Int128>(a) * b) >> 64);
}
constexpr uint64_t umul64hi(uint64_t a, uint64_t b) {
  return static_cast<uint64_t>((static_cast<UInt128>(a) * b) >> 64);
}
}  // namespace loom::isa
