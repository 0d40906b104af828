// __vmaxs/__vmaxu/__vmins/__vminu 2/4: per-lane maximum and minimum.
#pragma once
#include "isa/simd/lanes.h"
LOOM_ISA_SIMD_BINARY(vmaxs, L::s(a, i) > L::s(b, i) ? L::s(a, i) : L::s(b, i))
LOOM_ISA_SIMD_BINARY(vmaxu, L::u(a, i) > L::u(b, i) ? L::u(a, i) : L::u(b, i))
LOOM_ISA_SIMD_BINARY(vmins, L::s(a, i) < L::s(b, i) ? L::s(a, i) : L::s(b, i))
LOOM_ISA_SIMD_BINARY(vminu, L::u(a, i) < L::u(b, i) ? L::u(a, i) : L::u(b, i))
