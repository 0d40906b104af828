// __vavgu2/4: (a + b + 1) >> 1 per unsigned lane; __vhaddu2/4: (a + b) >> 1;
// __vavgs2/4: the signed average rounded half away from zero.
#pragma once
#include "isa/simd/lanes.h"
namespace loom::isa::simd {
constexpr int64_t roundHalfAway(int64_t v) { return v >= 0 ? (v + 1) / 2 : -((-v + 1) / 2); }
}  // namespace loom::isa::simd
LOOM_ISA_SIMD_BINARY(vavgu, (L::u(a, i) + L::u(b, i) + 1) >> 1)
LOOM_ISA_SIMD_BINARY(vhaddu, (L::u(a, i) + L::u(b, i)) >> 1)
LOOM_ISA_SIMD_BINARY(vavgs, ::loom::isa::simd::roundHalfAway(L::s(a, i) + L::s(b, i)))
