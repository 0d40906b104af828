// CUDA's half-precision types (__half, __half2 and their _raw forms) and intrinsics, for
// host and device code alike: under Loom both run on the CPU, and both must give the bits the
// GPU gives. Every operation is a thin wrapper over isa/fp16 (conversions in every rounding
// direction, arithmetic rounded once), which was checked against an H100 and an H200 input
// for input; see isa/fp16/narrow_arith.h.
//
// The class interface (constructors, conversion operators, assignment forms) and the
// __CUDA_NO_HALF_CONVERSIONS__ / __CUDA_NO_HALF_OPERATORS__ / __CUDA_NO_HALF2_OPERATORS__
// switches follow CUDA 13.0, so the same expressions compile or fail to compile as under nvcc
// (h + 1.0f is ambiguous there too). Math functions (hsqrt, hexp, ...) are not provided yet.
// Written for Loom; valid C++17.
#pragma once

#include <cstdint>

#include "isa/fp16/half_convert.h"
#include "isa/fp16/narrow_arith.h"
#include "loom/core/qualifiers.h"
#include "vector_types.h"

struct alignas(2) __half_raw {
  unsigned short x;
};

struct alignas(4) __half2_raw {
  unsigned short x;
  unsigned short y;
};

struct __nv_bfloat16;  // for the explicit conversion, defined in cuda_bf16.h

namespace loom::half_detail {
using Rounding = ::loom::isa::Rounding;
using Format = ::loom::isa::HalfFormat;
constexpr Rounding kRn = Rounding::NearestEven;
constexpr Rounding kRz = Rounding::TowardZero;
constexpr Rounding kRd = Rounding::Down;
constexpr Rounding kRu = Rounding::Up;
}  // namespace loom::half_detail

struct alignas(2) __half {
 protected:
  unsigned short __x;

 public:
  __half() = default;

  __host__ __device__ constexpr __half(const __half_raw& hr) : __x(hr.x) {}
  __host__ __device__ constexpr __half& operator=(const __half_raw& hr) {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ volatile __half& operator=(const __half_raw& hr) volatile {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ volatile __half& operator=(const volatile __half_raw& hr) volatile {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ constexpr operator __half_raw() const { return __half_raw{__x}; }
  __host__ __device__ operator __half_raw() const volatile { return __half_raw{__x}; }

#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
  __host__ __device__ explicit constexpr __half(const __nv_bfloat16 f);

  __host__ __device__ constexpr __half(const float f)
      : __x(::loom::isa::floatToHalf(f, loom::half_detail::kRn)) {}
  __host__ __device__ constexpr __half(const double f)
      : __x(::loom::isa::doubleToHalf(f, loom::half_detail::kRn)) {}
  // No conversion to double, as in CUDA: it would make half -> float -> double ambiguous.
  __host__ __device__ constexpr operator float() const { return ::loom::isa::halfToFloat(__x); }
  __host__ __device__ constexpr __half& operator=(const float f) { return *this = __half(f); }
  __host__ __device__ constexpr __half& operator=(const double f) { return *this = __half(f); }

  // Integers convert with round-to-nearest-even, as __int2half_rn and friends.
  __host__ __device__ constexpr __half(const short v) : __x(fromSigned(v)) {}
  __host__ __device__ constexpr __half(const unsigned short v) : __x(fromUnsigned(v)) {}
  __host__ __device__ constexpr __half(const int v) : __x(fromSigned(v)) {}
  __host__ __device__ constexpr __half(const unsigned int v) : __x(fromUnsigned(v)) {}
  __host__ __device__ constexpr __half(const long v) : __x(fromSigned(v)) {}
  __host__ __device__ constexpr __half(const unsigned long v) : __x(fromUnsigned(v)) {}
  __host__ __device__ constexpr __half(const long long v) : __x(fromSigned(v)) {}
  __host__ __device__ constexpr __half(const unsigned long long v) : __x(fromUnsigned(v)) {}

  // To integers: truncation with saturation, NaN to 0 (to 0x8000...0 for 64-bit types), as
  // the __half2<int>_rz intrinsics.
  __host__ __device__ constexpr operator signed char() const { return toInteger<signed char>(); }
  __host__ __device__ constexpr operator unsigned char() const {
    return toInteger<unsigned char>();
  }
  __host__ __device__ constexpr operator char() const {
    return static_cast<char>(-1) < 0 ? static_cast<char>(toInteger<signed char>())
                                     : static_cast<char>(toInteger<unsigned char>());
  }
  __host__ __device__ constexpr operator short() const { return toInteger<short>(); }
  __host__ __device__ constexpr operator unsigned short() const {
    return toInteger<unsigned short>();
  }
  __host__ __device__ constexpr operator int() const { return toInteger<int>(); }
  __host__ __device__ constexpr operator unsigned int() const { return toInteger<unsigned int>(); }
  __host__ __device__ constexpr operator long() const { return toInteger<long>(); }
  __host__ __device__ constexpr operator unsigned long() const {
    return toInteger<unsigned long>();
  }
  __host__ __device__ constexpr operator long long() const { return toInteger<long long>(); }
  __host__ __device__ constexpr operator unsigned long long() const {
    return toInteger<unsigned long long>();
  }
  __host__ __device__ constexpr __half& operator=(const short v) { return *this = __half(v); }
  __host__ __device__ constexpr __half& operator=(const unsigned short v) {
    return *this = __half(v);
  }
  __host__ __device__ constexpr __half& operator=(const int v) { return *this = __half(v); }
  __host__ __device__ constexpr __half& operator=(const unsigned int v) {
    return *this = __half(v);
  }
  __host__ __device__ constexpr __half& operator=(const long long v) { return *this = __half(v); }
  __host__ __device__ constexpr __half& operator=(const unsigned long long v) {
    return *this = __half(v);
  }
  // Nonzero, NaN included.
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7fffu) != 0; }

 private:
  static constexpr unsigned short fromSigned(long long v) {
    return ::loom::isa::int64ToHalf(v, loom::half_detail::kRn);
  }
  static constexpr unsigned short fromUnsigned(unsigned long long v) {
    return ::loom::isa::uint64ToHalf(v, loom::half_detail::kRn);
  }
  template <typename Int>
  constexpr Int toInteger() const {
    return ::loom::isa::halfToInteger<Int>(__x, loom::half_detail::kRz);
  }
#endif  // !__CUDA_NO_HALF_CONVERSIONS__
};

struct alignas(4) __half2 {
  __half x;
  __half y;

  __half2() = default;
  __host__ __device__ constexpr __half2(const __half& a, const __half& b) : x(a), y(b) {}
  __host__ __device__ constexpr __half2(const __half2_raw& r)
      : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  __host__ __device__ constexpr __half2& operator=(const __half2_raw& r) {
    x = __half_raw{r.x};
    y = __half_raw{r.y};
    return *this;
  }
  __host__ __device__ constexpr operator __half2_raw() const {
    return __half2_raw{static_cast<__half_raw>(x).x, static_cast<__half_raw>(y).x};
  }
};

namespace loom::half_detail {

constexpr unsigned short bits(const __half h) { return static_cast<__half_raw>(h).x; }
constexpr __half fromBits(const unsigned short b) { return __half(__half_raw{b}); }

// Lane-wise application. Plain function-pointer parameters (not templates) so that an
// overloaded name such as __hadd, which cuda_bf16.h overloads, resolves to this type's form.
using Unary = __half (*)(__half);
using Binary = __half (*)(__half, __half);
using Ternary = __half (*)(__half, __half, __half);
using Predicate = bool (*)(__half, __half);
constexpr __half2 lanewise(const __half2 a, Unary op) { return __half2(op(a.x), op(a.y)); }
constexpr __half2 lanewise(const __half2 a, const __half2 b, Binary op) {
  return __half2(op(a.x, b.x), op(a.y, b.y));
}
constexpr __half2 lanewise(const __half2 a, const __half2 b, const __half2 c, Ternary op) {
  return __half2(op(a.x, b.x, c.x), op(a.y, b.y, c.y));
}
// The __heq2 family: 1.0 where the comparison holds, 0.0 where it does not.
constexpr __half2 compareToPair(const __half2 a, const __half2 b, Predicate cmp) {
  return __half2(fromBits(cmp(a.x, b.x) ? 0x3c00 : 0), fromBits(cmp(a.y, b.y) ? 0x3c00 : 0));
}
// The __heq2_mask family: 0xffff per lane where it holds.
constexpr unsigned int compareToMask(const __half2 a, const __half2 b, Predicate cmp) {
  return (cmp(a.x, b.x) ? 0xffffu : 0u) | (cmp(a.y, b.y) ? 0xffff0000u : 0u);
}

}  // namespace loom::half_detail

// ---- Reinterpretation -------------------------------------------------------------------

__host__ __device__ constexpr unsigned short __half_as_ushort(const __half h) {
  return loom::half_detail::bits(h);
}
__host__ __device__ constexpr short __half_as_short(const __half h) {
  return static_cast<short>(loom::half_detail::bits(h));
}
__host__ __device__ constexpr __half __ushort_as_half(const unsigned short i) {
  return loom::half_detail::fromBits(i);
}
__host__ __device__ constexpr __half __short_as_half(const short i) {
  return loom::half_detail::fromBits(static_cast<unsigned short>(i));
}

// ---- Float conversions ------------------------------------------------------------------

__host__ __device__ constexpr __half __float2half_rn(const float a) {
  return loom::half_detail::fromBits(loom::isa::floatToHalf(a, loom::half_detail::kRn));
}
__host__ __device__ constexpr __half __float2half_rz(const float a) {
  return loom::half_detail::fromBits(loom::isa::floatToHalf(a, loom::half_detail::kRz));
}
__host__ __device__ constexpr __half __float2half_rd(const float a) {
  return loom::half_detail::fromBits(loom::isa::floatToHalf(a, loom::half_detail::kRd));
}
__host__ __device__ constexpr __half __float2half_ru(const float a) {
  return loom::half_detail::fromBits(loom::isa::floatToHalf(a, loom::half_detail::kRu));
}
__host__ __device__ constexpr __half __float2half(const float a) { return __float2half_rn(a); }
__host__ __device__ constexpr __half __double2half(const double a) {
  return loom::half_detail::fromBits(loom::isa::doubleToHalf(a, loom::half_detail::kRn));
}
__host__ __device__ constexpr float __half2float(const __half a) {
  return loom::isa::halfToFloat(loom::half_detail::bits(a));
}

__host__ __device__ constexpr __half2 make_half2(const __half x, const __half y) {
  return __half2(x, y);
}
__host__ __device__ constexpr __half2 __float2half2_rn(const float a) {
  return __half2(__float2half_rn(a), __float2half_rn(a));
}
__host__ __device__ constexpr __half2 __floats2half2_rn(const float a, const float b) {
  return __half2(__float2half_rn(a), __float2half_rn(b));
}
__host__ __device__ constexpr __half2 __float22half2_rn(const float2 a) {
  return __floats2half2_rn(a.x, a.y);
}
__host__ __device__ constexpr float2 __half22float2(const __half2 a) {
  return float2{__half2float(a.x), __half2float(a.y)};
}
__host__ __device__ constexpr float __low2float(const __half2 a) { return __half2float(a.x); }
__host__ __device__ constexpr float __high2float(const __half2 a) { return __half2float(a.y); }

// ---- Lane moves -------------------------------------------------------------------------

__host__ __device__ constexpr __half2 __halves2half2(const __half a, const __half b) {
  return __half2(a, b);
}
__host__ __device__ constexpr __half __low2half(const __half2 a) { return a.x; }
__host__ __device__ constexpr __half __high2half(const __half2 a) { return a.y; }
__host__ __device__ constexpr __half2 __low2half2(const __half2 a) { return __half2(a.x, a.x); }
__host__ __device__ constexpr __half2 __high2half2(const __half2 a) { return __half2(a.y, a.y); }
__host__ __device__ constexpr __half2 __lows2half2(const __half2 a, const __half2 b) {
  return __half2(a.x, b.x);
}
__host__ __device__ constexpr __half2 __highs2half2(const __half2 a, const __half2 b) {
  return __half2(a.y, b.y);
}
__host__ __device__ constexpr __half2 __lowhigh2highlow(const __half2 a) {
  return __half2(a.y, a.x);
}
__host__ __device__ constexpr __half2 __half2half2(const __half a) { return __half2(a, a); }

// ---- Integer conversions ----------------------------------------------------------------
// half -> integer: rounded in the named direction, saturated to the type's range; NaN gives
// 0, or 0x8000000000000000 for the 64-bit types (as the device does).

#define LOOM_HALF_TO_INT(NAME, TYPE, MODE)                                        \
  __host__ __device__ constexpr TYPE NAME(const __half h) {                       \
    return loom::isa::halfToInteger<TYPE>(loom::half_detail::bits(h), loom::half_detail::MODE); \
  }
#define LOOM_HALF_TO_INT_ALL(STEM, TYPE)             \
  LOOM_HALF_TO_INT(__half2##STEM##_rn, TYPE, kRn)    \
  LOOM_HALF_TO_INT(__half2##STEM##_rz, TYPE, kRz)    \
  LOOM_HALF_TO_INT(__half2##STEM##_rd, TYPE, kRd)    \
  LOOM_HALF_TO_INT(__half2##STEM##_ru, TYPE, kRu)
LOOM_HALF_TO_INT_ALL(int, int)
LOOM_HALF_TO_INT_ALL(uint, unsigned int)
LOOM_HALF_TO_INT_ALL(short, short)
LOOM_HALF_TO_INT_ALL(ushort, unsigned short)
LOOM_HALF_TO_INT_ALL(ll, long long)
LOOM_HALF_TO_INT_ALL(ull, unsigned long long)
LOOM_HALF_TO_INT(__half2char_rz, signed char, kRz)
LOOM_HALF_TO_INT(__half2uchar_rz, unsigned char, kRz)
#undef LOOM_HALF_TO_INT_ALL
#undef LOOM_HALF_TO_INT

// integer -> half, rounded in the named direction (|value| >= 65520 overflows to infinity
// under _rn, to 65504 under _rz).
#define LOOM_INT_TO_HALF(NAME, TYPE, CONVERT, WIDE, MODE)                                  \
  __host__ __device__ constexpr __half NAME(const TYPE i) {                                \
    return loom::half_detail::fromBits(                                                    \
        loom::isa::CONVERT(static_cast<WIDE>(i), loom::half_detail::MODE));                \
  }
#define LOOM_INT_TO_HALF_ALL(STEM, TYPE, CONVERT, WIDE)            \
  LOOM_INT_TO_HALF(__##STEM##2half_rn, TYPE, CONVERT, WIDE, kRn)   \
  LOOM_INT_TO_HALF(__##STEM##2half_rz, TYPE, CONVERT, WIDE, kRz)   \
  LOOM_INT_TO_HALF(__##STEM##2half_rd, TYPE, CONVERT, WIDE, kRd)   \
  LOOM_INT_TO_HALF(__##STEM##2half_ru, TYPE, CONVERT, WIDE, kRu)
LOOM_INT_TO_HALF_ALL(int, int, int64ToHalf, int64_t)
LOOM_INT_TO_HALF_ALL(uint, unsigned int, uint64ToHalf, uint64_t)
LOOM_INT_TO_HALF_ALL(short, short, int64ToHalf, int64_t)
LOOM_INT_TO_HALF_ALL(ushort, unsigned short, uint64ToHalf, uint64_t)
LOOM_INT_TO_HALF_ALL(ll, long long, int64ToHalf, int64_t)
LOOM_INT_TO_HALF_ALL(ull, unsigned long long, uint64ToHalf, uint64_t)
#undef LOOM_INT_TO_HALF_ALL
#undef LOOM_INT_TO_HALF

// ---- Arithmetic -------------------------------------------------------------------------
// Each result is the exact result rounded once to nearest-even. On the GPU, ptxas may fuse
// a __hmul followed by a __hadd into one fma (the _rn forms forbid it); Loom never fuses, so
// it computes what the _rn forms compute.

namespace loom::half_detail {
constexpr __half add(__half a, __half b) {
  return fromBits(isa::narrowAdd<Format>(bits(a), bits(b), kRn));
}
constexpr __half sub(__half a, __half b) {
  return fromBits(isa::narrowSub<Format>(bits(a), bits(b), kRn));
}
constexpr __half mul(__half a, __half b) {
  return fromBits(isa::narrowMul<Format>(bits(a), bits(b), kRn));
}
constexpr __half div(__half a, __half b) {
  return fromBits(isa::narrowDiv<Format>(bits(a), bits(b), kRn));
}
constexpr __half fma(__half a, __half b, __half c) {
  return fromBits(isa::narrowFma<Format>(bits(a), bits(b), bits(c), kRn));
}
constexpr __half sat(__half a) { return fromBits(isa::narrowSaturate<Format>(bits(a))); }
constexpr __half relu(__half a) { return fromBits(isa::narrowRelu<Format>(bits(a))); }
}  // namespace loom::half_detail

__host__ __device__ constexpr __half __hadd(const __half a, const __half b) {
  return loom::half_detail::add(a, b);
}
__host__ __device__ constexpr __half __hsub(const __half a, const __half b) {
  return loom::half_detail::sub(a, b);
}
__host__ __device__ constexpr __half __hmul(const __half a, const __half b) {
  return loom::half_detail::mul(a, b);
}
__host__ __device__ constexpr __half __hdiv(const __half a, const __half b) {
  return loom::half_detail::div(a, b);
}
__host__ __device__ constexpr __half __hfma(const __half a, const __half b, const __half c) {
  return loom::half_detail::fma(a, b, c);
}
__host__ __device__ constexpr __half __hadd_rn(const __half a, const __half b) {
  return __hadd(a, b);
}
__host__ __device__ constexpr __half __hsub_rn(const __half a, const __half b) {
  return __hsub(a, b);
}
__host__ __device__ constexpr __half __hmul_rn(const __half a, const __half b) {
  return __hmul(a, b);
}
// _sat: clamp to [0, 1], NaN to +0. _relu: negatives to +0, NaN stays NaN.
__host__ __device__ constexpr __half __hadd_sat(const __half a, const __half b) {
  return loom::half_detail::sat(__hadd(a, b));
}
__host__ __device__ constexpr __half __hsub_sat(const __half a, const __half b) {
  return loom::half_detail::sat(__hsub(a, b));
}
__host__ __device__ constexpr __half __hmul_sat(const __half a, const __half b) {
  return loom::half_detail::sat(__hmul(a, b));
}
__host__ __device__ constexpr __half __hfma_sat(const __half a, const __half b, const __half c) {
  return loom::half_detail::sat(__hfma(a, b, c));
}
__host__ __device__ constexpr __half __hfma_relu(const __half a, const __half b, const __half c) {
  return loom::half_detail::relu(__hfma(a, b, c));
}
// The device canonicalizes a NaN operand of neg/abs (measured); these do the same.
__host__ __device__ constexpr __half __hneg(const __half a) {
  using namespace loom::half_detail;
  return fromBits(loom::isa::narrowNeg<Format>(bits(a)));
}
__host__ __device__ constexpr __half __habs(const __half a) {
  using namespace loom::half_detail;
  return fromBits(loom::isa::narrowAbs<Format>(bits(a)));
}

__host__ __device__ constexpr __half2 __hadd2(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hadd);
}
__host__ __device__ constexpr __half2 __hsub2(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hsub);
}
__host__ __device__ constexpr __half2 __hmul2(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hmul);
}
__host__ __device__ constexpr __half2 __h2div(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hdiv);
}
__host__ __device__ constexpr __half2 __hfma2(const __half2 a, const __half2 b, const __half2 c) {
  return loom::half_detail::lanewise(a, b, c, __hfma);
}
__host__ __device__ constexpr __half2 __hadd2_rn(const __half2 a, const __half2 b) {
  return __hadd2(a, b);
}
__host__ __device__ constexpr __half2 __hsub2_rn(const __half2 a, const __half2 b) {
  return __hsub2(a, b);
}
__host__ __device__ constexpr __half2 __hmul2_rn(const __half2 a, const __half2 b) {
  return __hmul2(a, b);
}
__host__ __device__ constexpr __half2 __hadd2_sat(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hadd_sat);
}
__host__ __device__ constexpr __half2 __hsub2_sat(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hsub_sat);
}
__host__ __device__ constexpr __half2 __hmul2_sat(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hmul_sat);
}
__host__ __device__ constexpr __half2 __hfma2_sat(const __half2 a, const __half2 b,
                                                  const __half2 c) {
  return loom::half_detail::lanewise(a, b, c, __hfma_sat);
}
__host__ __device__ constexpr __half2 __hfma2_relu(const __half2 a, const __half2 b,
                                                   const __half2 c) {
  return loom::half_detail::lanewise(a, b, c, __hfma_relu);
}
__host__ __device__ constexpr __half2 __hneg2(const __half2 a) {
  return loom::half_detail::lanewise(a, __hneg);
}
__host__ __device__ constexpr __half2 __habs2(const __half2 a) {
  return loom::half_detail::lanewise(a, __habs);
}

// ---- Comparisons ------------------------------------------------------------------------
// Ordered forms are false when either operand is NaN; the ...u forms are true then.

__host__ __device__ constexpr bool __heq(const __half a, const __half b) {
  using namespace loom::half_detail;
  return loom::isa::narrowEqual<Format>(bits(a), bits(b));
}
__host__ __device__ constexpr bool __hlt(const __half a, const __half b) {
  using namespace loom::half_detail;
  return loom::isa::narrowLess<Format>(bits(a), bits(b));
}
__host__ __device__ constexpr bool __hisnan(const __half a) {
  return loom::isa::halfIsNaN(loom::half_detail::bits(a));
}
__host__ __device__ constexpr bool __hne(const __half a, const __half b) {
  return !__hisnan(a) && !__hisnan(b) && !__heq(a, b);
}
__host__ __device__ constexpr bool __hgt(const __half a, const __half b) { return __hlt(b, a); }
__host__ __device__ constexpr bool __hle(const __half a, const __half b) {
  return __hlt(a, b) || __heq(a, b);
}
__host__ __device__ constexpr bool __hge(const __half a, const __half b) { return __hle(b, a); }
__host__ __device__ constexpr bool __hequ(const __half a, const __half b) {
  return __hisnan(a) || __hisnan(b) || __heq(a, b);
}
__host__ __device__ constexpr bool __hneu(const __half a, const __half b) { return !__heq(a, b); }
__host__ __device__ constexpr bool __hltu(const __half a, const __half b) { return !__hge(a, b); }
__host__ __device__ constexpr bool __hleu(const __half a, const __half b) { return !__hgt(a, b); }
__host__ __device__ constexpr bool __hgtu(const __half a, const __half b) { return !__hle(a, b); }
__host__ __device__ constexpr bool __hgeu(const __half a, const __half b) { return !__hlt(a, b); }
// -1 for -infinity, 1 for +infinity, 0 otherwise.
__host__ __device__ constexpr int __hisinf(const __half a) {
  const unsigned short b = loom::half_detail::bits(a);
  return b == 0xfc00 ? -1 : b == 0x7c00 ? 1 : 0;
}

#define LOOM_HALF2_COMPARE(STEM)                                                            \
  __host__ __device__ constexpr __half2 STEM##2(const __half2 a, const __half2 b) {         \
    return loom::half_detail::compareToPair(a, b, STEM);                                   \
  }                                                                                          \
  __host__ __device__ constexpr unsigned int STEM##2_mask(const __half2 a, const __half2 b) { \
    return loom::half_detail::compareToMask(a, b, STEM);                                    \
  }
LOOM_HALF2_COMPARE(__heq)
LOOM_HALF2_COMPARE(__hne)
LOOM_HALF2_COMPARE(__hlt)
LOOM_HALF2_COMPARE(__hle)
LOOM_HALF2_COMPARE(__hgt)
LOOM_HALF2_COMPARE(__hge)
LOOM_HALF2_COMPARE(__hequ)
LOOM_HALF2_COMPARE(__hneu)
LOOM_HALF2_COMPARE(__hltu)
LOOM_HALF2_COMPARE(__hleu)
LOOM_HALF2_COMPARE(__hgtu)
LOOM_HALF2_COMPARE(__hgeu)
#undef LOOM_HALF2_COMPARE

// The __hb...2 forms: true when the comparison holds in both lanes.
#define LOOM_HALF2_BOTH(NAME, STEM)                                           \
  __host__ __device__ constexpr bool NAME(const __half2 a, const __half2 b) { \
    return STEM(a.x, b.x) && STEM(a.y, b.y);                                  \
  }
LOOM_HALF2_BOTH(__hbeq2, __heq)
LOOM_HALF2_BOTH(__hbne2, __hne)
LOOM_HALF2_BOTH(__hblt2, __hlt)
LOOM_HALF2_BOTH(__hble2, __hle)
LOOM_HALF2_BOTH(__hbgt2, __hgt)
LOOM_HALF2_BOTH(__hbge2, __hge)
LOOM_HALF2_BOTH(__hbequ2, __hequ)
LOOM_HALF2_BOTH(__hbneu2, __hneu)
LOOM_HALF2_BOTH(__hbltu2, __hltu)
LOOM_HALF2_BOTH(__hbleu2, __hleu)
LOOM_HALF2_BOTH(__hbgtu2, __hgtu)
LOOM_HALF2_BOTH(__hbgeu2, __hgeu)
#undef LOOM_HALF2_BOTH

__host__ __device__ constexpr __half2 __hisnan2(const __half2 a) {
  using loom::half_detail::fromBits;
  return __half2(fromBits(__hisnan(a.x) ? 0x3c00 : 0), fromBits(__hisnan(a.y) ? 0x3c00 : 0));
}

// max/min ignore one NaN operand (two give the canonical NaN) and order -0 below +0; the
// _nan forms return the canonical NaN if either operand is NaN.
__host__ __device__ constexpr __half __hmax(const __half a, const __half b) {
  using namespace loom::half_detail;
  return fromBits(loom::isa::narrowMax<Format>(bits(a), bits(b)));
}
__host__ __device__ constexpr __half __hmin(const __half a, const __half b) {
  using namespace loom::half_detail;
  return fromBits(loom::isa::narrowMin<Format>(bits(a), bits(b)));
}
__host__ __device__ constexpr __half __hmax_nan(const __half a, const __half b) {
  using namespace loom::half_detail;
  return fromBits(loom::isa::narrowMaxNaN<Format>(bits(a), bits(b)));
}
__host__ __device__ constexpr __half __hmin_nan(const __half a, const __half b) {
  using namespace loom::half_detail;
  return fromBits(loom::isa::narrowMinNaN<Format>(bits(a), bits(b)));
}
__host__ __device__ constexpr __half2 __hmax2(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hmax);
}
__host__ __device__ constexpr __half2 __hmin2(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hmin);
}
__host__ __device__ constexpr __half2 __hmax2_nan(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hmax_nan);
}
__host__ __device__ constexpr __half2 __hmin2_nan(const __half2 a, const __half2 b) {
  return loom::half_detail::lanewise(a, b, __hmin_nan);
}

// ---- Operators --------------------------------------------------------------------------

#if !defined(__CUDA_NO_HALF_OPERATORS__)
__host__ __device__ constexpr __half operator+(const __half& lh, const __half& rh) {
  return __hadd(lh, rh);
}
__host__ __device__ constexpr __half operator-(const __half& lh, const __half& rh) {
  return __hsub(lh, rh);
}
__host__ __device__ constexpr __half operator*(const __half& lh, const __half& rh) {
  return __hmul(lh, rh);
}
__host__ __device__ constexpr __half operator/(const __half& lh, const __half& rh) {
  return __hdiv(lh, rh);
}
__host__ __device__ constexpr __half& operator+=(__half& lh, const __half& rh) {
  return lh = __hadd(lh, rh);
}
__host__ __device__ constexpr __half& operator-=(__half& lh, const __half& rh) {
  return lh = __hsub(lh, rh);
}
__host__ __device__ constexpr __half& operator*=(__half& lh, const __half& rh) {
  return lh = __hmul(lh, rh);
}
__host__ __device__ constexpr __half& operator/=(__half& lh, const __half& rh) {
  return lh = __hdiv(lh, rh);
}
__host__ __device__ constexpr __half& operator++(__half& h) {
  return h = __hadd(h, __ushort_as_half(0x3c00));
}
__host__ __device__ constexpr __half& operator--(__half& h) {
  return h = __hsub(h, __ushort_as_half(0x3c00));
}
__host__ __device__ constexpr __half operator++(__half& h, const int) {
  const __half old = h;
  ++h;
  return old;
}
__host__ __device__ constexpr __half operator--(__half& h, const int) {
  const __half old = h;
  --h;
  return old;
}
__host__ __device__ constexpr __half operator+(const __half& h) { return h; }
__host__ __device__ constexpr __half operator-(const __half& h) { return __hneg(h); }
__host__ __device__ constexpr bool operator==(const __half& lh, const __half& rh) {
  return __heq(lh, rh);
}
__host__ __device__ constexpr bool operator!=(const __half& lh, const __half& rh) {
  return __hneu(lh, rh);
}
__host__ __device__ constexpr bool operator<(const __half& lh, const __half& rh) {
  return __hlt(lh, rh);
}
__host__ __device__ constexpr bool operator>(const __half& lh, const __half& rh) {
  return __hgt(lh, rh);
}
__host__ __device__ constexpr bool operator<=(const __half& lh, const __half& rh) {
  return __hle(lh, rh);
}
__host__ __device__ constexpr bool operator>=(const __half& lh, const __half& rh) {
  return __hge(lh, rh);
}
#endif  // !__CUDA_NO_HALF_OPERATORS__

#if !defined(__CUDA_NO_HALF2_OPERATORS__)
__host__ __device__ constexpr __half2 operator+(const __half2& lh, const __half2& rh) {
  return __hadd2(lh, rh);
}
__host__ __device__ constexpr __half2 operator-(const __half2& lh, const __half2& rh) {
  return __hsub2(lh, rh);
}
__host__ __device__ constexpr __half2 operator*(const __half2& lh, const __half2& rh) {
  return __hmul2(lh, rh);
}
__host__ __device__ constexpr __half2 operator/(const __half2& lh, const __half2& rh) {
  return __h2div(lh, rh);
}
__host__ __device__ constexpr __half2& operator+=(__half2& lh, const __half2& rh) {
  return lh = __hadd2(lh, rh);
}
__host__ __device__ constexpr __half2& operator-=(__half2& lh, const __half2& rh) {
  return lh = __hsub2(lh, rh);
}
__host__ __device__ constexpr __half2& operator*=(__half2& lh, const __half2& rh) {
  return lh = __hmul2(lh, rh);
}
__host__ __device__ constexpr __half2& operator/=(__half2& lh, const __half2& rh) {
  return lh = __h2div(lh, rh);
}
__host__ __device__ constexpr __half2& operator++(__half2& h) {
  return h = __hadd2(h, __half2(__ushort_as_half(0x3c00), __ushort_as_half(0x3c00)));
}
__host__ __device__ constexpr __half2& operator--(__half2& h) {
  return h = __hsub2(h, __half2(__ushort_as_half(0x3c00), __ushort_as_half(0x3c00)));
}
__host__ __device__ constexpr __half2 operator++(__half2& h, const int) {
  const __half2 old = h;
  ++h;
  return old;
}
__host__ __device__ constexpr __half2 operator--(__half2& h, const int) {
  const __half2 old = h;
  --h;
  return old;
}
__host__ __device__ constexpr __half2 operator+(const __half2& h) { return h; }
__host__ __device__ constexpr __half2 operator-(const __half2& h) { return __hneg2(h); }
// As in CUDA, a __half2 comparison is true only when it holds in both lanes.
__host__ __device__ constexpr bool operator==(const __half2& lh, const __half2& rh) {
  return __hbeq2(lh, rh);
}
__host__ __device__ constexpr bool operator!=(const __half2& lh, const __half2& rh) {
  return __hbneu2(lh, rh);
}
__host__ __device__ constexpr bool operator<(const __half2& lh, const __half2& rh) {
  return __hblt2(lh, rh);
}
__host__ __device__ constexpr bool operator>(const __half2& lh, const __half2& rh) {
  return __hbgt2(lh, rh);
}
__host__ __device__ constexpr bool operator<=(const __half2& lh, const __half2& rh) {
  return __hble2(lh, rh);
}
__host__ __device__ constexpr bool operator>=(const __half2& lh, const __half2& rh) {
  return __hbge2(lh, rh);
}
#endif  // !__CUDA_NO_HALF2_OPERATORS__

#if !defined(CUDA_NO_HALF)
typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;
#endif

// Math functions (hsin, h2exp, ...): isa/math/half_math.h.
#include "loom/device/narrow_math.h"
LOOM_NARROW_MATH(__half, __half2, HalfFormat, loom::half_detail)
