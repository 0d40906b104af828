// __vcmp<cc>2/4: all ones in each lane where the comparison holds, else zero;
// __vset<cc>2/4: 1 in each lane where it holds. s/u name signed or unsigned lanes.
#pragma once
#include "isa/simd/lanes.h"
#define LOOM_ISA_SIMD_COMPARE(CC, OP, KIND)                                  \
  LOOM_ISA_SIMD_BINARY(vcmp##CC, (L::KIND(a, i) OP L::KIND(b, i)) ? -1 : 0) \
  LOOM_ISA_SIMD_BINARY(vset##CC, (L::KIND(a, i) OP L::KIND(b, i)) ? 1 : 0)
LOOM_ISA_SIMD_COMPARE(eq, ==, u)
LOOM_ISA_SIMD_COMPARE(ne, !=, u)
LOOM_ISA_SIMD_COMPARE(ges, >=, s)
LOOM_ISA_SIMD_COMPARE(geu, >=, u)
LOOM_ISA_SIMD_COMPARE(gts, >, s)
LOOM_ISA_SIMD_COMPARE(gtu, >, u)
LOOM_ISA_SIMD_COMPARE(les, <=, s)
LOOM_ISA_SIMD_COMPARE(leu, <=, u)
LOOM_ISA_SIMD_COMPARE(lts, <, s)
LOOM_ISA_SIMD_COMPARE(ltu, <, u)
#undef LOOM_ISA_SIMD_COMPARE
