// __nv_bswap16, __nv_bswap32, __nv_bswap64: the bytes in reverse order.
#pragma once
#include <cstdint>
namespace loom::isa {
constexpr uint64_t bswap64(uint64_t x) {
  uint64_t r = 0;
  for (int i = 0; i < 8; ++i) r |= ((x >> (8 * i)) & 0xff) << (8 * (7 - i));
  return r;
}
constexpr uint32_t bswap32(uint32_t x) { return static_cast<uint32_t>(bswap64(x) >> 32); }
constexpr uint16_t bswap16(uint16_t x) { return static_cast<uint16_t>(bswap64(x) >> 48); }
}  // namespace loom::isa
