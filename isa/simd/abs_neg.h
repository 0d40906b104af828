// __vabs2/4 and __vneg2/4 (wrap around: the most negative lane stays itself),
// __vabsss/__vnegss (signed saturation), __vabsdiffs/__vabsdiffu (|a - b| per lane, exact).
#pragma once
#include "isa/simd/lanes.h"
LOOM_ISA_SIMD_UNARY(vabs, L::s(a, i) < 0 ? -L::s(a, i) : L::s(a, i))
LOOM_ISA_SIMD_UNARY(vabsss, L::clampSigned(L::s(a, i) < 0 ? -L::s(a, i) : L::s(a, i)))
LOOM_ISA_SIMD_UNARY(vneg, -L::s(a, i))
LOOM_ISA_SIMD_UNARY(vnegss, L::clampSigned(-L::s(a, i)))
LOOM_ISA_SIMD_BINARY(vabsdiffs, L::s(a, i) > L::s(b, i) ? L::s(a, i) - L::s(b, i) : L::s(b, i) - L::s(a, i))
LOOM_ISA_SIMD_BINARY(vabsdiffu, L::u(a, i) > L::u(b, i) ? L::u(a, i) - L::u(b, i) : L::u(b, i) - L::u(a, i))
