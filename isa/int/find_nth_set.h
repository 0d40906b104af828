// __fns(mask, base, offset) (fns.b32): the position of the |offset|-th set bit of mask
// counting from bit `base` upward (offset > 0) or downward (offset < 0), base itself
// included; offset 0 asks whether bit base is set. 0xffffffff when there is no such bit.
// base > 31 is undefined behaviour on the device; it is taken modulo 32 here. offset
// INT_MIN gives 0 on the device (measured on an H100, every mask and base tried).
#pragma once
#include <cstdint>
namespace loom::isa {
constexpr uint32_t fns(uint32_t mask, uint32_t base, int32_t offset) {
  const int start = static_cast<int>(base & 31);
  if (offset == INT32_MIN) return 0;
  if (offset == 0) return ((mask >> start) & 1) != 0 ? static_cast<uint32_t>(start) : 0xffffffffu;
  int64_t remaining = offset > 0 ? int64_t{offset} : -int64_t{offset};
  const int step = offset > 0 ? 1 : -1;
  for (int pos = start; pos >= 0 && pos < 32; pos += step) {
    if (((mask >> pos) & 1) != 0 && --remaining == 0) return static_cast<uint32_t>(pos);
  }
  return 0xffffffffu;
}
}  // namespace loom::isa
