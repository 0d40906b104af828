// Shared pieces of isa/math: the device's NaN rules, rounding a long double result once to
// float or double, and flushing subnormals (the device's .ftz forms).
//
// How the math functions are computed: each one evaluates the function in x87 extended
// precision (glibc's long double functions, or a Newton iteration on them where glibc has no
// such function) and rounds that once to the result type. For float results that is the
// correctly rounded value except within 2^-40 of a tie; for double results, except where the
// extended result lies within about 2^-10 ulp of a tie. The common float functions take a
// faster path with the same results: glibc's double function rounded to float
// (unaryF32ViaDouble below). The device's own functions are accurate
// to a few ulp, not correctly rounded: README "Math functions" lists, per function, how often
// these results equal the device's bits. The C library is called only through its long double
// functions and its C23 names of the double ones (sinf64 is sin), never through the float or
// double names, which Loom interposes for device code (emu/device/math_interpose.cpp). No state
// is read but the default round-to-nearest of the x87 control word and MXCSR, which Loom never
// changes (a host built with -ffast-math could set MXCSR's flush bits: the double path would
// then flush subnormal intermediates).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace loom::isa::math_detail {

inline constexpr uint32_t kF32CanonicalNaN = 0x7fffffff;
// The device's double NaN produced from non-NaN operands (sqrt(-1), inf-inf).
inline constexpr uint64_t kF64CanonicalNaN = 0xfff8000000000000ull;

inline uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
inline uint64_t bitsOf(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}
inline float floatOf(uint32_t b) {
  float f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}
inline double doubleOf(uint64_t b) {
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
}

inline bool isNaN(float x) { return (bitsOf(x) & 0x7fffffffu) > 0x7f800000u; }
inline bool isNaN(double x) { return (bitsOf(x) & ~(uint64_t{1} << 63)) > 0x7ff0000000000000ull; }
inline bool isNaN(long double x) { return x != x; }

// float results: every NaN the device's float math returns is the canonical one.
inline float nanF32() { return floatOf(kF32CanonicalNaN); }
inline float toFloat(long double r) { return isNaN(r) ? nanF32() : static_cast<float>(r); }

// double results: a NaN operand comes back quieted with its payload (double arithmetic on the
// device propagates payloads); a NaN made from numbers is the canonical one.
inline double quietF64(double x) { return doubleOf(bitsOf(x) | (uint64_t{1} << 51)); }
inline double nanF64() { return doubleOf(kF64CanonicalNaN); }
inline double toDouble(long double r) { return isNaN(r) ? nanF64() : static_cast<double>(r); }

// Subnormals to zero of the same sign (the .ftz instruction forms, --use_fast_math).
inline float flushF32(float x) {
  const uint32_t b = bitsOf(x);
  return (b & 0x7f800000u) == 0 ? floatOf(b & 0x80000000u) : x;
}

// Float arithmetic rounded exactly once, whatever the host's MXCSR says: products and sums of
// two floats are exact in long double (their 48-bit significands fit in 64 bits).
inline float mulRn(float a, float b) { return toFloat(static_cast<long double>(a) * b); }
inline float mulRz(float a, float b) {
  const long double p = static_cast<long double>(a) * b;
  if (isNaN(p) || std::isinf(p)) return toFloat(p);
  float r = static_cast<float>(p);
  if (std::fabs(static_cast<long double>(r)) > std::fabs(p)) r = std::nextafter(r, 0.0f);
  return r;
}

}  // namespace loom::isa::math_detail

namespace loom::isa::math_detail {

// f(x) for a function evaluated in extended precision, with the device's NaN rules.
template <class F> inline float unaryF32(float x, F f) {
  if (isNaN(x)) return nanF32();
  return toFloat(f(static_cast<long double>(x)));
}
template <class F> inline double unaryF64(double x, F f) {
  if (isNaN(x)) return quietF64(x);
  return toDouble(f(static_cast<long double>(x)));
}
template <class F> inline float binaryF32(float x, float y, F f) {
  if (isNaN(x) || isNaN(y)) return nanF32();
  return toFloat(f(static_cast<long double>(x), static_cast<long double>(y)));
}
template <class F> inline double binaryF64(double x, double y, F f) {
  if (isNaN(x)) return quietF64(x);
  if (isNaN(y)) return quietF64(y);
  return toDouble(f(static_cast<long double>(x), static_cast<long double>(y)));
}

// Defines name32(float) and name64(double) (or one of them) from an expression in v, a long
// double: the pattern of most of isa/math.
#define LOOM_ISA_F32(name32, expr)                                                            \
  inline float name32(float x) {                                                              \
    return math_detail::unaryF32(x, [](long double v) { return expr; });                      \
  }
#define LOOM_ISA_F64(name64, expr)                                                            \
  inline double name64(double x) {                                                            \
    return math_detail::unaryF64(x, [](long double v) { return expr; });                      \
  }
#define LOOM_ISA_UNARY(name32, name64, expr) LOOM_ISA_F32(name32, expr) LOOM_ISA_F64(name64, expr)

// The faster path for float functions that glibc has in double: its double function (called by
// its C23 name, sinf64 = sin, which Loom does not interpose) is accurate to about an ulp of
// double, so rounding it to float is the correctly rounded result unless the value lies within
// ~2^-28 of a float tie (the same as the extended-precision path, 10-60 times faster). The final
// rounding goes through long double so that no MXCSR flush bit can touch it.
template <class F> inline float unaryF32ViaDouble(float x, F f) {
  if (isNaN(x)) return nanF32();
  const double r = f(static_cast<double>(x));
  if (r != r) return nanF32();
  return static_cast<float>(static_cast<long double>(r));
}
template <class F> inline float binaryF32ViaDouble(float x, float y, F f) {
  if (isNaN(x) || isNaN(y)) return nanF32();
  const double r = f(static_cast<double>(x), static_cast<double>(y));
  if (r != r) return nanF32();
  return static_cast<float>(static_cast<long double>(r));
}
#define LOOM_ISA_F32_VIA_DOUBLE(name32, fn64)                                                 \
  inline float name32(float x) {                                                              \
    return math_detail::unaryF32ViaDouble(x, [](double v) { return ::fn64(v); });             \
  }

inline constexpr long double kPi = 3.141592653589793238462643383279502884L;

}  // namespace loom::isa::math_detail

namespace loom::isa::math_detail {
// sin(2 pi t) and cos(2 pi t) for a float t, reduced exactly (t mod 1 is exact).
inline long double turnsReduced(long double t) {
  long double r = std::fmod(t, 1.0L);  // (-1, 1)
  if (r > 0.5L) r -= 1;
  if (r < -0.5L) r += 1;
  return r;  // [-0.5, 0.5]
}
inline long double sinPiTimes2(long double t) { return std::sin(2 * kPi * turnsReduced(t)); }
inline long double cosPiTimes2(long double t) { return std::cos(2 * kPi * turnsReduced(t)); }
}  // namespace loom::isa::math_detail
