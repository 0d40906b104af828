// __brev, __brevll: bit i of the result is bit (width-1-i) of the input (brev.b32/b64).
#pragma once
#include <cstdint>
namespace loom::isa {
constexpr uint64_t brevll(uint64_t x) {
  uint64_t r = 0;
  for (int i = 0; i < 64; ++i) r |= ((x >> i) & 1) << (63 - i);
  return r;
}
constexpr uint32_t brev(uint32_t x) { return static_cast<uint32_t>(brevll(x) >> 32); }
}  // namespace loom::isa
