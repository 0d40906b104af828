// __mul24, __umul24: the low 32 bits of the product of the operands' low 24 bits,
// sign-extended (mul24.lo.s32) or zero-extended (mul24.lo.u32).
#pragma once
#include <cstdint>
namespace loom::isa {
namespace detail {
constexpr int64_t signExtend24(int32_t x) {
  const int64_t low = static_cast<uint32_t>(x) & 0xffffff;
  return low >= 0x800000 ? low - 0x1000000 : low;
}
}  // namespace detail
constexpr int32_t mul24(int32_t a, int32_t b) {
  return static_cast<int32_t>(
      static_cast<uint32_t>(detail::signExtend24(a) * detail::signExtend24(b)));
}
constexpr uint32_t umul24(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(uint64_t{a & 0xffffff} * uint64_t{b & 0xffffff});
}
}  // namespace loom::isa
