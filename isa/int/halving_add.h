// __hadd, __rhadd, __uhadd, __urhadd: (x + y) >> 1 and (x + y + 1) >> 1 without overflow
// (the sum is taken in 64 bits; the shift is arithmetic for the signed forms).
#pragma once
#include <cstdint>
namespace loom::isa {
namespace detail {
constexpr int64_t floorHalf(int64_t v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); }  // floor(v / 2)
}  // namespace detail
constexpr int32_t hadd(int32_t x, int32_t y) {
  return static_cast<int32_t>(detail::floorHalf(int64_t{x} + y));
}
constexpr int32_t rhadd(int32_t x, int32_t y) {
  return static_cast<int32_t>(detail::floorHalf(int64_t{x} + y + 1));
}
constexpr uint32_t uhadd(uint32_t x, uint32_t y) {
  return static_cast<uint32_t>((uint64_t{x} + y) >> 1);
}
constexpr uint32_t urhadd(uint32_t x, uint32_t y) {
  return static_cast<uint32_t>((uint64_t{x} + y + 1) >> 1);
}
}  // namespace loom::isa
