// __popc, __popcll: the number of set bits (popc.b32, popc.b64).
#pragma once
#include <cstdint>
namespace loom::isa {
constexpr int32_t popcll(uint64_t x) {
  int32_t n = 0;
  for (; x != 0; x &= x - 1) ++n;
  return n;
}
constexpr int32_t popc(uint32_t x) { return popcll(x); }
}  // namespace loom::isa
