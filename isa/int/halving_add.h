// __hadd, __rhadd, __uhadd, __urhadd: (x + y) >> 1 and (x + y + 1) >> 1 without overflow
// (the sum is taken in 64 bits; the shift is arithmetic for the signed forms).
#pragma once
#include <cstdint>
namespace loom::isa {
constexpr int32_t hadd(int32_t x, int32_t y) {
  const int64_t s = int64_t{x} + y;
  return static_cast<int32_t>(s >= 0 ? s / 2 : -((-s + 1) / 2));  // floor(s / 2)
}
constexpr int32_t rhadd(int32_t x, int32_t y) {
  const int64_t s = int64_t{x} + y + 1;
  return static_cast<int32_t>(s >= 0 ? s / 2 : -((-s + 1) / 2));
}
constexpr uint32_t uhadd(uint32_t x, uint32_t y) {
  return static_cast<uint32_t>((uint64_t{x} + y) >> 1);
}
constexpr uint32_t urhadd(uint32_t x, uint32_t y) {
  return static_cast<uint32_t>((uint64_t{x} + y + 1) >> 1);
}
}  // namespace loom::isa
