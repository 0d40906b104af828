// __dp4a (dp4a): four byte products summed into c; __dp2a_lo/__dp2a_hi (dp2a.lo/.hi): the
// two 16-bit lanes of a times bytes 0,1 (lo) or 2,3 (hi) of b, summed into c. Signed forms
// sign-extend the lanes, unsigned ones zero-extend; the sum wraps modulo 2^32.
#pragma once
#include <cstdint>
namespace loom::isa {
namespace detail {
constexpr int64_t lane(uint32_t word, int bits, int index, bool isSigned) {
  const uint64_t mask = (uint64_t{1} << bits) - 1;
  const int64_t v = static_cast<int64_t>((word >> (bits * index)) & mask);
  return isSigned && v >= static_cast<int64_t>(uint64_t{1} << (bits - 1))
             ? v - static_cast<int64_t>(uint64_t{1} << bits)
             : v;
}
constexpr uint32_t dp4(uint32_t a, uint32_t b, uint32_t c, bool s) {
  int64_t sum = 0;
  for (int i = 0; i < 4; ++i) sum += lane(a, 8, i, s) * lane(b, 8, i, s);
  return static_cast<uint32_t>(static_cast<uint64_t>(sum)) + c;
}
constexpr uint32_t dp2(uint32_t a, uint32_t b, uint32_t c, bool s, int firstByte) {
  const int64_t sum = lane(a, 16, 0, s) * lane(b, 8, firstByte, s) +
                      lane(a, 16, 1, s) * lane(b, 8, firstByte + 1, s);
  return static_cast<uint32_t>(static_cast<uint64_t>(sum)) + c;
}
}  // namespace detail
constexpr int32_t dp4a(int32_t a, int32_t b, int32_t c) {
  return static_cast<int32_t>(detail::dp4(static_cast<uint32_t>(a), static_cast<uint32_t>(b),
                                          static_cast<uint32_t>(c), true));
}
constexpr uint32_t dp4aUnsigned(uint32_t a, uint32_t b, uint32_t c) {
  return detail::dp4(a, b, c, false);
}
constexpr int32_t dp2aLo(int32_t a, int32_t b, int32_t c) {
  return static_cast<int32_t>(detail::dp2(static_cast<uint32_t>(a), static_cast<uint32_t>(b),
                                          static_cast<uint32_t>(c), true, 0));
}
constexpr uint32_t dp2aLoUnsigned(uint32_t a, uint32_t b, uint32_t c) {
  return detail::dp2(a, b, c, false, 0);
}
constexpr int32_t dp2aHi(int32_t a, int32_t b, int32_t c) {
  return static_cast<int32_t>(detail::dp2(static_cast<uint32_t>(a), static_cast<uint32_t>(b),
                                          static_cast<uint32_t>(c), true, 2));
}
constexpr uint32_t dp2aHiUnsigned(uint32_t a, uint32_t b, uint32_t c) {
  return detail::dp2(a, b, c, false, 2);
}
}  // namespace loom::isa
