// __clz, __clzll: leading zero bits of the 32- or 64-bit pattern; 32 (64) for zero (clz.b32).
#pragma once
#include <cstdint>
namespace loom::isa {
constexpr int32_t clzll(int64_t x) {
  uint64_t v = static_cast<uint64_t>(x);
  int32_t n = 0;
  for (uint64_t bit = uint64_t{1} << 63; bit != 0 && (v & bit) == 0; bit >>= 1) ++n;
  return n;
}
constexpr int32_t clz(int32_t x) {
  return clzll(static_cast<int64_t>(static_cast<uint32_t>(x))) - 32;
}
}  // namespace loom::isa
