// The C library's math functions, interposed as printf is (device_printf.cpp): the
// executable's definitions win over libm's, so every call lands here. Device code (a fiber
// of a running block) gets isa/math's results, which model the device's; host code gets the
// C library's own function, found with dlsym(RTLD_NEXT), as under nvcc. loom-cc compiles
// kernel code with -fno-builtin-<name> for each of these names so that g++ neither folds nor
// inlines them (tools/loom-cc/plan.cpp).
//
// Under --use_fast_math (registerFastMath), device calls of the float functions that nvcc maps
// to intrinsics (sinf -> __sinf, expf -> __expf, ...) take the intrinsics' path, and every
// float function flushes subnormal arguments and results, as -ftz=true does (the recorded
// isa.math_f32_fastmath: logf of a subnormal is -inf, sqrtf of one is 0).
#include <dlfcn.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>

#include "isa/math/erf.h"
#include "isa/math/exp_log.h"
#include "isa/math/fast_math.h"
#include "isa/math/gamma.h"
#include "isa/math/hyperbolic.h"
#include "isa/math/remainder.h"
#include "isa/math/roots.h"
#include "isa/math/sin_cos.h"
#include "isa/math/trig_inverse.h"
#include "sched/block_runner.h"

namespace loom::device {

namespace {
std::atomic<bool> gFastMath{false};

void* cLibrary(const char* name) {
  void* f = dlsym(RTLD_NEXT, name);
  if (f == nullptr) {
    std::fprintf(stderr, "loom: the C library has no %s (%s)\n", name, dlerror());
    std::abort();
  }
  return f;
}

bool inDevice() { return sched::BlockRunner::current() != nullptr; }
bool fastMath() { return gFastMath.load(std::memory_order_relaxed); }
float ftz(float x) { return isa::math_detail::flushF32(x); }
}  // namespace

int registerFastMath() {
  gFastMath.store(true);
  return 1;
}
bool fastMathEnabled() { return fastMath(); }

}  // namespace loom::device

using loom::device::ftz;

// A host call resolves the C library's function once and calls it.
#define LOOM_HOST_CALL(type, name, ...)                                                     \
  static const auto host = reinterpret_cast<type>(loom::device::cLibrary(#name));          \
  return host(__VA_ARGS__)

// Float functions that --use_fast_math leaves exact apart from flushing subnormals.
#define LOOM_F32_1(name)                                                                    \
  extern "C" float name(float x) noexcept {                                                 \
    if (!loom::device::inDevice()) { LOOM_HOST_CALL(float (*)(float), name, x); }           \
    if (loom::device::fastMath()) return ftz(loom::isa::name(ftz(x)));                      \
    return loom::isa::name(x);                                                              \
  }
// Float functions nvcc maps to an intrinsic under --use_fast_math.
#define LOOM_F32_1_FAST(name, fastFn)                                                     \
  extern "C" float name(float x) noexcept {                                                 \
    if (!loom::device::inDevice()) { LOOM_HOST_CALL(float (*)(float), name, x); }           \
    if (loom::device::fastMath()) return ftz(fastFn(ftz(x)));                             \
    return loom::isa::name(x);                                                              \
  }
#define LOOM_F32_2(name)                                                                    \
  extern "C" float name(float x, float y) noexcept {                                        \
    if (!loom::device::inDevice()) { LOOM_HOST_CALL(float (*)(float, float), name, x, y); } \
    if (loom::device::fastMath()) return ftz(loom::isa::name(ftz(x), ftz(y)));              \
    return loom::isa::name(x, y);                                                           \
  }
#define LOOM_F64_1(name)                                                                    \
  extern "C" double name(double x) noexcept {                                               \
    if (!loom::device::inDevice()) { LOOM_HOST_CALL(double (*)(double), name, x); }         \
    return loom::isa::name(x);                                                              \
  }
#define LOOM_F64_2(name)                                                                    \
  extern "C" double name(double x, double y) noexcept {                                     \
    if (!loom::device::inDevice()) {                                                        \
      LOOM_HOST_CALL(double (*)(double, double), name, x, y);                               \
    }                                                                                       \
    return loom::isa::name(x, y);                                                           \
  }

namespace fastm = loom::isa::fast;
LOOM_F32_1_FAST(sinf, fastm::sinf)
LOOM_F32_1_FAST(cosf, fastm::cosf)
LOOM_F32_1_FAST(tanf, fastm::tanf)
LOOM_F32_1_FAST(expf, fastm::expf)
LOOM_F32_1_FAST(exp2f, loom::isa::fast::detail::ex2Approx)
LOOM_F32_1_FAST(exp10f, fastm::exp10f)
LOOM_F32_1_FAST(logf, fastm::logf)
LOOM_F32_1_FAST(log2f, fastm::log2f)
LOOM_F32_1_FAST(log10f, fastm::log10f)
LOOM_F32_1(expm1f)
LOOM_F32_1(log1pf)
LOOM_F32_1(sqrtf)
LOOM_F32_1(cbrtf)
LOOM_F32_1(asinf)
LOOM_F32_1(acosf)
LOOM_F32_1(atanf)
LOOM_F32_1(sinhf)
LOOM_F32_1(coshf)
LOOM_F32_1(tanhf)
LOOM_F32_1(asinhf)
LOOM_F32_1(acoshf)
LOOM_F32_1(atanhf)
LOOM_F32_1(erff)
LOOM_F32_1(erfcf)
LOOM_F32_1(tgammaf)
LOOM_F32_1(lgammaf)
LOOM_F32_2(hypotf)
LOOM_F32_2(atan2f)
LOOM_F32_2(fmodf)
LOOM_F32_2(remainderf)

extern "C" float powf(float x, float y) noexcept {
  if (!loom::device::inDevice()) { LOOM_HOST_CALL(float (*)(float, float), powf, x, y); }
  if (loom::device::fastMath()) return ftz(fastm::powf(ftz(x), ftz(y)));
  return loom::isa::powf(x, y);
}
extern "C" void sincosf(float x, float* s, float* c) noexcept {
  if (!loom::device::inDevice()) { LOOM_HOST_CALL(void (*)(float, float*, float*), sincosf, x, s, c); }
  if (loom::device::fastMath()) {
    fastm::sincosf(ftz(x), s, c);
    *s = ftz(*s);
    *c = ftz(*c);
    return;
  }
  loom::isa::sincosf(x, s, c);
}
extern "C" float frexpf(float x, int* e) noexcept {
  if (!loom::device::inDevice()) { LOOM_HOST_CALL(float (*)(float, int*), frexpf, x, e); }
  return loom::isa::frexpf(loom::device::fastMath() ? ftz(x) : x, e);
}
extern "C" float ldexpf(float x, int n) noexcept {
  if (!loom::device::inDevice()) { LOOM_HOST_CALL(float (*)(float, int), ldexpf, x, n); }
  if (loom::device::fastMath()) return ftz(loom::isa::ldexpf(ftz(x), n));
  return loom::isa::ldexpf(x, n);
}
extern "C" float modff(float x, float* ip) noexcept {
  if (!loom::device::inDevice()) { LOOM_HOST_CALL(float (*)(float, float*), modff, x, ip); }
  return loom::isa::modff(loom::device::fastMath() ? ftz(x) : x, ip);
}

LOOM_F64_1(sin)
LOOM_F64_1(cos)
LOOM_F64_1(tan)
LOOM_F64_1(exp)
LOOM_F64_1(exp2)
LOOM_F64_1(exp10)
LOOM_F64_1(expm1)
LOOM_F64_1(log)
LOOM_F64_1(log2)
LOOM_F64_1(log10)
LOOM_F64_1(log1p)
LOOM_F64_1(sqrt)
LOOM_F64_1(cbrt)
LOOM_F64_1(asin)
LOOM_F64_1(acos)
LOOM_F64_1(atan)
LOOM_F64_1(sinh)
LOOM_F64_1(cosh)
LOOM_F64_1(tanh)
LOOM_F64_1(asinh)
LOOM_F64_1(acosh)
LOOM_F64_1(atanh)
LOOM_F64_1(erf)
LOOM_F64_1(erfc)
LOOM_F64_1(tgamma)
LOOM_F64_1(lgamma)
LOOM_F64_2(pow)
LOOM_F64_2(hypot)
LOOM_F64_2(atan2)
LOOM_F64_2(fmod)
LOOM_F64_2(remainder)

extern "C" void sincos(double x, double* s, double* c) noexcept {
  if (!loom::device::inDevice()) { LOOM_HOST_CALL(void (*)(double, double*, double*), sincos, x, s, c); }
  loom::isa::sincos(x, s, c);
}
extern "C" double frexp(double x, int* e) noexcept {
  if (!loom::device::inDevice()) { LOOM_HOST_CALL(double (*)(double, int*), frexp, x, e); }
  return loom::isa::frexp(x, e);
}
extern "C" double ldexp(double x, int n) noexcept {
  if (!loom::device::inDevice()) { LOOM_HOST_CALL(double (*)(double, int), ldexp, x, n); }
  return loom::isa::ldexp(x, n);
}
extern "C" double modf(double x, double* ip) noexcept {
  if (!loom::device::inDevice()) { LOOM_HOST_CALL(double (*)(double, double*), modf, x, ip); }
  return loom::isa::modf(x, ip);
}
