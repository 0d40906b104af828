// sm_90 DPX intrinsics: three-way and relu max/min, add-then-max/min, and max/min that also
// report which operand won (__vibmax: pred = a >= b; __vibmin: pred = a <= b). _s32/_u32
// act on one 32-bit lane, _s16x2/_u16x2 on two 16-bit lanes (wrap-around add).
#pragma once
#include <cstdint>
#include "isa/simd/lanes.h"
namespace loom::isa {
namespace dpx {
using L16 = simd::Lanes<16>;
template <bool Max>
constexpr int64_t pick(int64_t a, int64_t b) { return Max ? (a > b ? a : b) : (a < b ? a : b); }
// One 32-bit lane, or two 16-bit lanes, through f(lane values...) on exact values.
template <class F>
constexpr uint32_t pairs(uint32_t a, uint32_t b, uint32_t c, bool s, F f) {
  return L16::map([&](int i) -> int64_t {
    return s ? f(L16::s(a, i), L16::s(b, i), L16::s(c, i)) : f(L16::u(a, i), L16::u(b, i), L16::u(c, i));
  });
}
constexpr int64_t wrap16(int64_t v, bool s) {
  const int64_t u = v & 0xffff;
  return s && u > 0x7fff ? u - 0x10000 : u;
}
constexpr int64_t wrap32(int64_t v, bool s) {
  const int64_t u = v & 0xffffffff;
  return s && u > 0x7fffffff ? u - 0x100000000 : u;
}
}  // namespace dpx

#define LOOM_ISA_DPX_FAMILY(MM, MAX)                                                          \
  constexpr int32_t vi##MM##3_s32(int32_t a, int32_t b, int32_t c) {                          \
    return static_cast<int32_t>(dpx::pick<MAX>(dpx::pick<MAX>(a, b), c));                     \
  }                                                                                           \
  constexpr uint32_t vi##MM##3_u32(uint32_t a, uint32_t b, uint32_t c) {                      \
    return static_cast<uint32_t>(dpx::pick<MAX>(dpx::pick<MAX>(a, b), c));                    \
  }                                                                                           \
  constexpr uint32_t vi##MM##3_s16x2(uint32_t a, uint32_t b, uint32_t c) {                    \
    return dpx::pairs(a, b, c, true, [](int64_t x, int64_t y, int64_t z) {                    \
      return dpx::pick<MAX>(dpx::pick<MAX>(x, y), z); });                                     \
  }                                                                                           \
  constexpr uint32_t vi##MM##3_u16x2(uint32_t a, uint32_t b, uint32_t c) {                    \
    return dpx::pairs(a, b, c, false, [](int64_t x, int64_t y, int64_t z) {                   \
      return dpx::pick<MAX>(dpx::pick<MAX>(x, y), z); });                                     \
  }                                                                                           \
  constexpr int32_t vi##MM##_s32_relu(int32_t a, int32_t b) {                                 \
    return static_cast<int32_t>(dpx::pick<true>(dpx::pick<MAX>(a, b), 0));                    \
  }                                                                                           \
  constexpr uint32_t vi##MM##_s16x2_relu(uint32_t a, uint32_t b) {                            \
    return dpx::pairs(a, b, 0, true, [](int64_t x, int64_t y, int64_t) {                      \
      return dpx::pick<true>(dpx::pick<MAX>(x, y), 0); });                                    \
  }                                                                                           \
  constexpr int32_t vi##MM##3_s32_relu(int32_t a, int32_t b, int32_t c) {                     \
    return static_cast<int32_t>(dpx::pick<true>(dpx::pick<MAX>(dpx::pick<MAX>(a, b), c), 0)); \
  }                                                                                           \
  constexpr uint32_t vi##MM##3_s16x2_relu(uint32_t a, uint32_t b, uint32_t c) {               \
    return dpx::pairs(a, b, c, true, [](int64_t x, int64_t y, int64_t z) {                    \
      return dpx::pick<true>(dpx::pick<MAX>(dpx::pick<MAX>(x, y), z), 0); });                 \
  }                                                                                           \
  constexpr int32_t viadd##MM##_s32(int32_t a, int32_t b, int32_t c) {                        \
    return static_cast<int32_t>(dpx::pick<MAX>(dpx::wrap32(int64_t{a} + b, true), c));        \
  }                                                                                           \
  constexpr uint32_t viadd##MM##_u32(uint32_t a, uint32_t b, uint32_t c) {                    \
    return static_cast<uint32_t>(dpx::pick<MAX>(dpx::wrap32(int64_t{a} + b, false), c));     \
  }                                                                                           \
  constexpr int32_t viadd##MM##_s32_relu(int32_t a, int32_t b, int32_t c) {                   \
    return static_cast<int32_t>(                                                              \
        dpx::pick<true>(dpx::pick<MAX>(dpx::wrap32(int64_t{a} + b, true), c), 0));            \
  }                                                                                           \
  constexpr uint32_t viadd##MM##_s16x2(uint32_t a, uint32_t b, uint32_t c) {                  \
    return dpx::pairs(a, b, c, true, [](int64_t x, int64_t y, int64_t z) {                    \
      return dpx::pick<MAX>(dpx::wrap16(x + y, true), z); });                                 \
  }                                                                                           \
  constexpr uint32_t viadd##MM##_u16x2(uint32_t a, uint32_t b, uint32_t c) {                  \
    return dpx::pairs(a, b, c, false, [](int64_t x, int64_t y, int64_t z) {                   \
      return dpx::pick<MAX>(dpx::wrap16(x + y, false), z); });                                \
  }                                                                                           \
  constexpr uint32_t viadd##MM##_s16x2_relu(uint32_t a, uint32_t b, uint32_t c) {             \
    return dpx::pairs(a, b, c, true, [](int64_t x, int64_t y, int64_t z) {                    \
      return dpx::pick<true>(dpx::pick<MAX>(dpx::wrap16(x + y, true), z), 0); });             \
  }                                                                                           \
  constexpr int32_t vib##MM##_s32(int32_t a, int32_t b, bool* pred) {                         \
    *pred = MAX ? a >= b : a <= b;                                                            \
    return static_cast<int32_t>(dpx::pick<MAX>(a, b));                                        \
  }                                                                                           \
  constexpr uint32_t vib##MM##_u32(uint32_t a, uint32_t b, bool* pred) {                      \
    *pred = MAX ? a >= b : a <= b;                                                            \
    return static_cast<uint32_t>(dpx::pick<MAX>(a, b));                                       \
  }                                                                                           \
  constexpr uint32_t vib##MM##_s16x2(uint32_t a, uint32_t b, bool* predHi, bool* predLo) {    \
    *predHi = MAX ? dpx::L16::s(a, 1) >= dpx::L16::s(b, 1) : dpx::L16::s(a, 1) <= dpx::L16::s(b, 1); \
    *predLo = MAX ? dpx::L16::s(a, 0) >= dpx::L16::s(b, 0) : dpx::L16::s(a, 0) <= dpx::L16::s(b, 0); \
    return dpx::pairs(a, b, 0, true, [](int64_t x, int64_t y, int64_t) { return dpx::pick<MAX>(x, y); }); \
  }                                                                                           \
  constexpr uint32_t vib##MM##_u16x2(uint32_t a, uint32_t b, bool* predHi, bool* predLo) {    \
    *predHi = MAX ? dpx::L16::u(a, 1) >= dpx::L16::u(b, 1) : dpx::L16::u(a, 1) <= dpx::L16::u(b, 1); \
    *predLo = MAX ? dpx::L16::u(a, 0) >= dpx::L16::u(b, 0) : dpx::L16::u(a, 0) <= dpx::L16::u(b, 0); \
    return dpx::pairs(a, b, 0, false, [](int64_t x, int64_t y, int64_t) { return dpx::pick<MAX>(x, y); }); \
  }
LOOM_ISA_DPX_FAMILY(max, true)
LOOM_ISA_DPX_FAMILY(min, false)
#undef LOOM_ISA_DPX_FAMILY
}  // namespace loom::isa
