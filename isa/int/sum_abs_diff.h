// __sad(x, y, z), __usad(x, y, z): |x - y| + z, modulo 2^32 (sad.s32, sad.u32).
#pragma once
#include <cstdint>
namespace loom::isa {
constexpr uint32_t sad(int32_t x, int32_t y, uint32_t z) {
  const int64_t d = int64_t{x} - int64_t{y};
  return static_cast<uint32_t>(d < 0 ? -d : d) + z;
}
constexpr uint32_t usad(uint32_t x, uint32_t y, uint32_t z) {
  return (x > y ? x - y : y - x) + z;
}
}  // namespace loom::isa
