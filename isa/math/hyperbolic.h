// sinhf, coshf, tanhf, asinhf, acoshf, atanhf and their double versions.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

LOOM_ISA_UNARY(sinhf, sinh, std::sinh(v))
LOOM_ISA_UNARY(coshf, cosh, std::cosh(v))
LOOM_ISA_UNARY(tanhf, tanh, std::tanh(v))
LOOM_ISA_UNARY(asinhf, asinh, std::asinh(v))
LOOM_ISA_UNARY(acoshf, acosh, std::acosh(v))
LOOM_ISA_F32(atanhf, std::atanh(v))

// Outside [-1, 1] the device's double atanh returns the default NaN with the argument's sign.
inline double atanh(double x) {
  const double r = math_detail::unaryF64(x, [](long double v) { return std::atanh(v); });
  return math_detail::isNaN(r) && !math_detail::isNaN(x) ? std::copysign(r, x) : r;
}

}  // namespace loom::isa
