// sinhf, coshf, tanhf, asinhf, acoshf, atanhf and their double versions.
#pragma once

#include <cmath>

#include "isa/math/math_core.h"

namespace loom::isa {

LOOM_ISA_F32_VIA_DOUBLE(sinhf, sinhf64)
LOOM_ISA_F64(sinh, std::sinh(v))
LOOM_ISA_F32_VIA_DOUBLE(coshf, coshf64)
LOOM_ISA_F64(cosh, std::cosh(v))
LOOM_ISA_F32_VIA_DOUBLE(tanhf, tanhf64)
LOOM_ISA_F64(tanh, std::tanh(v))
LOOM_ISA_F32_VIA_DOUBLE(asinhf, asinhf64)
LOOM_ISA_F64(asinh, std::asinh(v))
LOOM_ISA_F32_VIA_DOUBLE(acoshf, acoshf64)
LOOM_ISA_F64(acosh, std::acosh(v))
LOOM_ISA_F32_VIA_DOUBLE(atanhf, atanhf64)

// Outside [-1, 1] the device's double atanh returns the default NaN with the argument's sign.
inline double atanh(double x) {
  const double r = math_detail::unaryF64(x, [](long double v) { return std::atanh(v); });
  return math_detail::isNaN(r) && !math_detail::isNaN(x) ? std::copysign(r, x) : r;
}

}  // namespace loom::isa
