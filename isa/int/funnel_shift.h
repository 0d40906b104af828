// __funnelshift_{l,lc,r,rc}(lo, hi, shift) (shf.{l,r}.{wrap,clamp}.b32): shift the 64-bit
// hi:lo left (l: return the high word) or right (r: return the low word). The plain forms
// use shift & 31, the c(lamp) forms min(shift, 32).
#pragma once
#include <cstdint>
namespace loom::isa {
namespace detail {
constexpr uint64_t joinWords(uint32_t lo, uint32_t hi) { return (uint64_t{hi} << 32) | lo; }
}  // namespace detail
constexpr uint32_t funnelShiftL(uint32_t lo, uint32_t hi, uint32_t shift) {
  return static_cast<uint32_t>((detail::joinWords(lo, hi) << (shift & 31)) >> 32);
}
constexpr uint32_t funnelShiftLc(uint32_t lo, uint32_t hi, uint32_t shift) {
  return static_cast<uint32_t>((detail::joinWords(lo, hi) << (shift > 32 ? 32 : shift)) >> 32);
}
constexpr uint32_t funnelShiftR(uint32_t lo, uint32_t hi, uint32_t shift) {
  return static_cast<uint32_t>(detail::joinWords(lo, hi) >> (shift & 31));
}
constexpr uint32_t funnelShiftRc(uint32_t lo, uint32_t hi, uint32_t shift) {
  return static_cast<uint32_t>(detail::joinWords(lo, hi) >> (shift > 32 ? 32 : shift));
}
}  // namespace loom::isa
