// __byte_perm(x, y, s) (prmt.b32 in its default mode): the eight bytes {y, x} are numbered
// 0..3 for x's and 4..7 for y's, from least significant; result byte i is the byte that
// nibble i of s selects, of which only the low three bits count.
#pragma once
#include <cstdint>
namespace loom::isa {
constexpr uint32_t bytePerm(uint32_t x, uint32_t y, uint32_t s) {
  const uint64_t bytes = (uint64_t{y} << 32) | x;
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) {
    const uint32_t pick = (s >> (4 * i)) & 7;
    r |= static_cast<uint32_t>((bytes >> (8 * pick)) & 0xff) << (8 * i);
  }
  return r;
}
}  // namespace loom::isa
