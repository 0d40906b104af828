// __ffs, __ffsll: 1-based position of the least significant set bit; 0 for zero.
#pragma once
#include <cstdint>
namespace loom::isa {
constexpr int32_t ffsll(int64_t x) {
  const uint64_t v = static_cast<uint64_t>(x);
  if (v == 0) return 0;
  int32_t n = 1;
  for (uint64_t bit = 1; (v & bit) == 0; bit <<= 1) ++n;
  return n;
}
constexpr int32_t ffs(int32_t x) { return ffsll(static_cast<int64_t>(static_cast<uint32_t>(x))); }
}  // namespace loom::isa
