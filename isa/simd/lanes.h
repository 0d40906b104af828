// Lane access for the SIMD video intrinsics: a 32-bit word as two 16-bit or four 8-bit
// lanes, lane 0 least significant. An operation is written once on exact (64-bit) lane
// values and applied per lane; `Lanes<B>` names the lane width in bits.
#pragma once
#include <cstdint>
namespace loom::isa::simd {

template <int B>
struct Lanes {
  static constexpr int kCount = 32 / B;
  static constexpr int64_t kMask = (int64_t{1} << B) - 1;
  static constexpr int64_t kSignedMax = (int64_t{1} << (B - 1)) - 1;
  static constexpr int64_t kSignedMin = -(int64_t{1} << (B - 1));
  static constexpr int64_t kUnsignedMax = kMask;
  static constexpr int64_t u(uint32_t w, int i) { return (w >> (B * i)) & kMask; }
  static constexpr int64_t s(uint32_t w, int i) {
    const int64_t v = u(w, i);
    return v > kSignedMax ? v - (int64_t{1} << B) : v;
  }
  // Packs lane values, keeping each one's low B bits (wrap-around).
  template <class F>
  static constexpr uint32_t map(F f) {
    uint32_t r = 0;
    for (int i = 0; i < kCount; ++i)
      r |= static_cast<uint32_t>(static_cast<uint64_t>(f(i)) & kMask) << (B * i);
    return r;
  }
  static constexpr int64_t clampSigned(int64_t v) {
    return v < kSignedMin ? kSignedMin : v > kSignedMax ? kSignedMax : v;
  }
  static constexpr int64_t clampUnsigned(int64_t v) {
    return v < 0 ? 0 : v > kUnsignedMax ? kUnsignedMax : v;
  }
};
using Lanes2 = Lanes<16>;  // the ...2 intrinsics
using Lanes4 = Lanes<8>;   // the ...4 intrinsics

}  // namespace loom::isa::simd

// Defines loom::isa::<stem>2 and <stem>4 from a per-lane expression over (L, a, b, i), where L
// is the Lanes type. Used by the simd/*.h headers only.
#define LOOM_ISA_SIMD_BINARY(STEM, EXPR)                                                  \
  namespace loom::isa {                                                                  \
  namespace simd {                                                                       \
  template <class L>                                                                     \
  constexpr uint32_t STEM(uint32_t a, uint32_t b) {                                      \
    return L::map([&](int i) -> int64_t { return EXPR; });                               \
  }                                                                                      \
  }                                                                                      \
  constexpr uint32_t STEM##2(uint32_t a, uint32_t b) { return simd::STEM<simd::Lanes2>(a, b); } \
  constexpr uint32_t STEM##4(uint32_t a, uint32_t b) { return simd::STEM<simd::Lanes4>(a, b); } \
  }
#define LOOM_ISA_SIMD_UNARY(STEM, EXPR)                                                   \
  namespace loom::isa {                                                                  \
  namespace simd {                                                                       \
  template <class L>                                                                     \
  constexpr uint32_t STEM(uint32_t a) {                                                  \
    return L::map([&](int i) -> int64_t { return EXPR; });                               \
  }                                                                                      \
  }                                                                                      \
  constexpr uint32_t STEM##2(uint32_t a) { return simd::STEM<simd::Lanes2>(a); }         \
  constexpr uint32_t STEM##4(uint32_t a) { return simd::STEM<simd::Lanes4>(a); }         \
  }
