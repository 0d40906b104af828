// __vsads2/4, __vsadu2/4: the sum over lanes of |a - b| (signed or unsigned lanes), as one
// 32-bit integer.
#pragma once
#include "isa/simd/lanes.h"
namespace loom::isa {
namespace simd {
template <class L, bool Signed>
constexpr uint32_t sad(uint32_t a, uint32_t b) {
  int64_t sum = 0;
  for (int i = 0; i < L::kCount; ++i) {
    const int64_t x = Signed ? L::s(a, i) : L::u(a, i);
    const int64_t y = Signed ? L::s(b, i) : L::u(b, i);
    sum += x > y ? x - y : y - x;
  }
  return static_cast<uint32_t>(sum);
}
}  // namespace simd
constexpr uint32_t vsads2(uint32_t a, uint32_t b) { return simd::sad<simd::Lanes2, true>(a, b); }
constexpr uint32_t vsads4(uint32_t a, uint32_t b) { return simd::sad<simd::Lanes4, true>(a, b); }
constexpr uint32_t vsadu2(uint32_t a, uint32_t b) { return simd::sad<simd::Lanes2, false>(a, b); }
constexpr uint32_t vsadu4(uint32_t a, uint32_t b) { return simd::sad<simd::Lanes4, false>(a, b); }
}  // namespace loom::isa
