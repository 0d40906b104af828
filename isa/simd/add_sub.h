// __vadd2/4, __vsub2/4 (wrap around), __vaddss/__vsubss (signed saturation),
// __vaddus/__vsubus (unsigned saturation), per lane.
#pragma once
#include "isa/simd/lanes.h"
LOOM_ISA_SIMD_BINARY(vadd, L::u(a, i) + L::u(b, i))
LOOM_ISA_SIMD_BINARY(vsub, L::u(a, i) - L::u(b, i))
LOOM_ISA_SIMD_BINARY(vaddss, L::clampSigned(L::s(a, i) + L::s(b, i)))
LOOM_ISA_SIMD_BINARY(vsubss, L::clampSigned(L::s(a, i) - L::s(b, i)))
LOOM_ISA_SIMD_BINARY(vaddus, L::clampUnsigned(L::u(a, i) + L::u(b, i)))
LOOM_ISA_SIMD_BINARY(vsubus, L::clampUnsigned(L::u(a, i) - L::u(b, i)))
