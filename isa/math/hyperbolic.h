// sinhf, coshf, tanhf, asinhf, acoshf, atanhf and their double versions.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

#define LOOM_ISA_UNARY(name32, name64, expr)                                                \
  inline float name32(float x) {                                                            \
    return math_detail::unaryF32(x, [](long double v) { return expr; });                    \
  }                                                                                         \
  inline double name64(double x) {                                                          \
    return math_detail::unaryF64(x, [](long double v) { return expr; });                    \
  }
LOOM_ISA_UNARY(sinhf, sinh, std::sinh(v))
LOOM_ISA_UNARY(coshf, cosh, std::cosh(v))
LOOM_ISA_UNARY(tanhf, tanh, std::tanh(v))
LOOM_ISA_UNARY(asinhf, asinh, std::asinh(v))
LOOM_ISA_UNARY(acoshf, acosh, std::acosh(v))
LOOM_ISA_UNARY(atanhf, atanh, std::atanh(v))
#undef LOOM_ISA_UNARY

}  // namespace loom::isa
