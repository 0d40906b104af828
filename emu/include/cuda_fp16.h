// CUDA's half-precision types (__half, __half2 and their _raw forms) and intrinsics, for
// host and device code alike: under Loom both run on the CPU, and both must give the bits the
// GPU gives. Every operation is a thin wrapper over isa/fp16 (conversions in every rounding
// direction, arithmetic rounded once), which was checked against an H100 and an H200 input
// for input; see isa/fp16/narrow_arith.h.
//
// The class interface (constructors, conversion operators, assignment forms) and the
// __CUDA_NO_HALF_CONVERSIONS__ / __CUDA_NO_HALF_OPERATORS__ / __CUDA_NO_HALF2_OPERATORS__
// switches follow CUDA 13.0, so the same expressions compile or fail to compile as under nvcc
// (h + 1.0f is ambiguous there too). Math functions (hsin, hexp, ...): loom/device/narrow_math.h.
// Written for Loom; valid C++17.
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__

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

// ---- Table rows ------------------------------------------------------------------------
// Conversions in every rounding direction, arithmetic, comparisons, max/min: generated from
// isa/table/half.def, each a forwarder to loom::isa::h16 (isa/fp16/narrow_ops.h), whose
// results were compared with an H100 input for input (validate/results/h100-sm90/isa.half).

#include "isa/fp16/narrow_ops.h"
#include "loom/device/isa_wrapper_rows.h"
#include "isa/table/half.def"
#include "isa/table/undef_rows.h"

__host__ __device__ constexpr __half2 make_half2(const __half x, const __half y) {
  return __half2(x, y);
}
__host__ __device__ constexpr __half2 __float22half2_rn(const float2 a) {
  return __floats2half2_rn(a.x, a.y);
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

// atomicAdd on __half and __half2 (cuda_fp16.h's): the engine adds the bits with __hadd's
// rounding (loom/device/atomics.h); each 16-bit element is atomic, as CUDA guarantees.
#include "loom/device/atomics.h"
LOOM_ATOMIC_ADD_BITS(__half, unsigned short, atomicAddHalf)
LOOM_ATOMIC_ADD_BITS(__half2, unsigned, atomicAddHalf2)
