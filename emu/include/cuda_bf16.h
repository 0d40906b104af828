// CUDA's bfloat16 types (__nv_bfloat16, __nv_bfloat162 and their _raw forms) and
// intrinsics, for host and device code alike. The same design as cuda_fp16.h, which it
// includes (as CUDA's does): thin wrappers over isa/fp16, whose conversions and arithmetic
// were checked against an H100 and an H200 input for input.
//
// The class interface and the __CUDA_NO_BFLOAT16_CONVERSIONS__ /
// __CUDA_NO_BFLOAT16_OPERATORS__ / __CUDA_NO_BFLOAT162_OPERATORS__ switches follow CUDA 13.0.
// Math functions (hsin, hexp, ...): loom/device/narrow_math.h. Written for Loom; valid C++17.
//
// (Generated once from cuda_fp16.h by renaming, then formatted; keep the two in step.)
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__

#include <cstdint>

#include "cuda_fp16.h"
#include "isa/fp16/bfloat16_convert.h"
#include "isa/fp16/half_convert.h"
#include "isa/fp16/narrow_arith.h"
#include "loom/core/qualifiers.h"
#include "vector_types.h"

struct alignas(2) __nv_bfloat16_raw {
  unsigned short x;
};

struct alignas(4) __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

namespace loom::bf16_detail {
using Rounding = ::loom::isa::Rounding;
using Format = ::loom::isa::Bfloat16Format;
constexpr Rounding kRn = Rounding::NearestEven;
constexpr Rounding kRz = Rounding::TowardZero;
constexpr Rounding kRd = Rounding::Down;
constexpr Rounding kRu = Rounding::Up;
}  // namespace loom::bf16_detail

struct alignas(2) __nv_bfloat16 {
 protected:
  unsigned short __x;

 public:
  __nv_bfloat16() = default;

  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw& hr) : __x(hr.x) {}
  __host__ __device__ constexpr __nv_bfloat16& operator=(const __nv_bfloat16_raw& hr) {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ volatile __nv_bfloat16& operator=(const __nv_bfloat16_raw& hr) volatile {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ volatile __nv_bfloat16& operator=(
      const volatile __nv_bfloat16_raw& hr) volatile {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ constexpr operator __nv_bfloat16_raw() const {
    return __nv_bfloat16_raw{__x};
  }
  __host__ __device__ operator __nv_bfloat16_raw() const volatile { return __nv_bfloat16_raw{__x}; }

#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  // One rounding, half -> bfloat16 (cvt.rn.bf16.f16; every input checked on the device).
  __host__ __device__ explicit constexpr __nv_bfloat16(const __half f)
      : __x(::loom::isa::floatBitsToBfloat16(
            ::loom::isa::halfBitsToFloatBits(static_cast<__half_raw>(f).x),
            loom::bf16_detail::kRn)) {}

  __host__ __device__ constexpr __nv_bfloat16(const float f)
      : __x(::loom::isa::floatToBfloat16(f, loom::bf16_detail::kRn)) {}
  __host__ __device__ constexpr __nv_bfloat16(const double f)
      : __x(::loom::isa::doubleToBfloat16(f, loom::bf16_detail::kRn)) {}
  // No conversion to double, as in CUDA: it would make bf16 -> float -> double ambiguous.
  __host__ __device__ constexpr operator float() const { return ::loom::isa::bfloat16ToFloat(__x); }
  __host__ __device__ constexpr __nv_bfloat16& operator=(const float f) {
    return *this = __nv_bfloat16(f);
  }
  __host__ __device__ constexpr __nv_bfloat16& operator=(const double f) {
    return *this = __nv_bfloat16(f);
  }

  // Integers convert with round-to-nearest-even, as __int2bfloat16_rn and friends.
  __host__ __device__ constexpr __nv_bfloat16(const short v) : __x(fromSigned(v)) {}
  __host__ __device__ constexpr __nv_bfloat16(const unsigned short v) : __x(fromUnsigned(v)) {}
  __host__ __device__ constexpr __nv_bfloat16(const int v) : __x(fromSigned(v)) {}
  __host__ __device__ constexpr __nv_bfloat16(const unsigned int v) : __x(fromUnsigned(v)) {}
  __host__ __device__ constexpr __nv_bfloat16(const long v) : __x(fromSigned(v)) {}
  __host__ __device__ constexpr __nv_bfloat16(const unsigned long v) : __x(fromUnsigned(v)) {}
  __host__ __device__ constexpr __nv_bfloat16(const long long v) : __x(fromSigned(v)) {}
  __host__ __device__ constexpr __nv_bfloat16(const unsigned long long v) : __x(fromUnsigned(v)) {}

  // To integers: truncation with saturation, NaN to 0 (to 0x8000...0 for 64-bit types), as
  // the __nv_bfloat162<int>_rz intrinsics.
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
  __host__ __device__ constexpr __nv_bfloat16& operator=(const short v) {
    return *this = __nv_bfloat16(v);
  }
  __host__ __device__ constexpr __nv_bfloat16& operator=(const unsigned short v) {
    return *this = __nv_bfloat16(v);
  }
  __host__ __device__ constexpr __nv_bfloat16& operator=(const int v) {
    return *this = __nv_bfloat16(v);
  }
  __host__ __device__ constexpr __nv_bfloat16& operator=(const unsigned int v) {
    return *this = __nv_bfloat16(v);
  }
  __host__ __device__ constexpr __nv_bfloat16& operator=(const long long v) {
    return *this = __nv_bfloat16(v);
  }
  __host__ __device__ constexpr __nv_bfloat16& operator=(const unsigned long long v) {
    return *this = __nv_bfloat16(v);
  }
  // Nonzero, NaN included.
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7fffu) != 0; }

 private:
  static constexpr unsigned short fromSigned(long long v) {
    return ::loom::isa::int64ToBfloat16(v, loom::bf16_detail::kRn);
  }
  static constexpr unsigned short fromUnsigned(unsigned long long v) {
    return ::loom::isa::uint64ToBfloat16(v, loom::bf16_detail::kRn);
  }
  template <typename Int>
  constexpr Int toInteger() const {
    return ::loom::isa::bfloat16ToInteger<Int>(__x, loom::bf16_detail::kRz);
  }
#endif  // !__CUDA_NO_BFLOAT16_CONVERSIONS__
};

struct alignas(4) __nv_bfloat162 {
  __nv_bfloat16 x;
  __nv_bfloat16 y;

  __nv_bfloat162() = default;
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16& a, const __nv_bfloat16& b)
      : x(a), y(b) {}
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat162_raw& r)
      : x(__nv_bfloat16_raw{r.x}), y(__nv_bfloat16_raw{r.y}) {}
  __host__ __device__ constexpr __nv_bfloat162& operator=(const __nv_bfloat162_raw& r) {
    x = __nv_bfloat16_raw{r.x};
    y = __nv_bfloat16_raw{r.y};
    return *this;
  }
  __host__ __device__ constexpr operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{static_cast<__nv_bfloat16_raw>(x).x,
                              static_cast<__nv_bfloat16_raw>(y).x};
  }
};

namespace loom::bf16_detail {

constexpr unsigned short bits(const __nv_bfloat16 h) { return static_cast<__nv_bfloat16_raw>(h).x; }
constexpr __nv_bfloat16 fromBits(const unsigned short b) {
  return __nv_bfloat16(__nv_bfloat16_raw{b});
}


}  // namespace loom::bf16_detail

// ---- Reinterpretation -------------------------------------------------------------------

__host__ __device__ constexpr unsigned short __bfloat16_as_ushort(const __nv_bfloat16 h) {
  return loom::bf16_detail::bits(h);
}
__host__ __device__ constexpr short __bfloat16_as_short(const __nv_bfloat16 h) {
  return static_cast<short>(loom::bf16_detail::bits(h));
}
__host__ __device__ constexpr __nv_bfloat16 __ushort_as_bfloat16(const unsigned short i) {
  return loom::bf16_detail::fromBits(i);
}
__host__ __device__ constexpr __nv_bfloat16 __short_as_bfloat16(const short i) {
  return loom::bf16_detail::fromBits(static_cast<unsigned short>(i));
}

// ---- Lane moves -------------------------------------------------------------------------

__host__ __device__ constexpr __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a,
                                                                const __nv_bfloat16 b) {
  return __nv_bfloat162(a, b);
}
__host__ __device__ constexpr __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a) { return a.x; }
__host__ __device__ constexpr __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a) { return a.y; }
__host__ __device__ constexpr __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 a) {
  return __nv_bfloat162(a.x, a.x);
}
__host__ __device__ constexpr __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 a) {
  return __nv_bfloat162(a.y, a.y);
}
__host__ __device__ constexpr __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 a,
                                                              const __nv_bfloat162 b) {
  return __nv_bfloat162(a.x, b.x);
}
__host__ __device__ constexpr __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 a,
                                                               const __nv_bfloat162 b) {
  return __nv_bfloat162(a.y, b.y);
}
__host__ __device__ constexpr __nv_bfloat162 __lowhigh2highlow(const __nv_bfloat162 a) {
  return __nv_bfloat162(a.y, a.x);
}
__host__ __device__ constexpr __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a) {
  return __nv_bfloat162(a, a);
}

// ---- Table rows ------------------------------------------------------------------------
// Conversions in every rounding direction, arithmetic, comparisons, max/min: generated from
// isa/table/bfloat16.def, each a forwarder to loom::isa::bf16 (isa/fp16/narrow_ops.h), whose
// results were compared with an H100 input for input (validate/results/h100-sm90/isa.bfloat16).

#include "isa/fp16/narrow_ops.h"
#include "loom/device/isa_wrapper_rows.h"
#include "isa/table/bfloat16.def"
#include "isa/table/undef_rows.h"

__host__ __device__ constexpr __nv_bfloat162 make_bfloat162(const __nv_bfloat16 x, const __nv_bfloat16 y) {
  return __nv_bfloat162(x, y);
}
__host__ __device__ constexpr __nv_bfloat162 __float22bfloat162_rn(const float2 a) {
  return __floats2bfloat162_rn(a.x, a.y);
}

// ---- Operators --------------------------------------------------------------------------

#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
__host__ __device__ constexpr __nv_bfloat16 operator+(const __nv_bfloat16& lh,
                                                      const __nv_bfloat16& rh) {
  return __hadd(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat16 operator-(const __nv_bfloat16& lh,
                                                      const __nv_bfloat16& rh) {
  return __hsub(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat16 operator*(const __nv_bfloat16& lh,
                                                      const __nv_bfloat16& rh) {
  return __hmul(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat16 operator/(const __nv_bfloat16& lh,
                                                      const __nv_bfloat16& rh) {
  return __hdiv(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat16& operator+=(__nv_bfloat16& lh,
                                                        const __nv_bfloat16& rh) {
  return lh = __hadd(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat16& operator-=(__nv_bfloat16& lh,
                                                        const __nv_bfloat16& rh) {
  return lh = __hsub(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat16& operator*=(__nv_bfloat16& lh,
                                                        const __nv_bfloat16& rh) {
  return lh = __hmul(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat16& operator/=(__nv_bfloat16& lh,
                                                        const __nv_bfloat16& rh) {
  return lh = __hdiv(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat16& operator++(__nv_bfloat16& h) {
  return h = __hadd(h, __ushort_as_bfloat16(0x3f80));
}
__host__ __device__ constexpr __nv_bfloat16& operator--(__nv_bfloat16& h) {
  return h = __hsub(h, __ushort_as_bfloat16(0x3f80));
}
__host__ __device__ constexpr __nv_bfloat16 operator++(__nv_bfloat16& h, const int) {
  const __nv_bfloat16 old = h;
  ++h;
  return old;
}
__host__ __device__ constexpr __nv_bfloat16 operator--(__nv_bfloat16& h, const int) {
  const __nv_bfloat16 old = h;
  --h;
  return old;
}
__host__ __device__ constexpr __nv_bfloat16 operator+(const __nv_bfloat16& h) { return h; }
__host__ __device__ constexpr __nv_bfloat16 operator-(const __nv_bfloat16& h) { return __hneg(h); }
__host__ __device__ constexpr bool operator==(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __heq(lh, rh);
}
__host__ __device__ constexpr bool operator!=(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __hneu(lh, rh);
}
__host__ __device__ constexpr bool operator<(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __hlt(lh, rh);
}
__host__ __device__ constexpr bool operator>(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __hgt(lh, rh);
}
__host__ __device__ constexpr bool operator<=(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __hle(lh, rh);
}
__host__ __device__ constexpr bool operator>=(const __nv_bfloat16& lh, const __nv_bfloat16& rh) {
  return __hge(lh, rh);
}
#endif  // !__CUDA_NO_BFLOAT16_OPERATORS__

#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
__host__ __device__ constexpr __nv_bfloat162 operator+(const __nv_bfloat162& lh,
                                                       const __nv_bfloat162& rh) {
  return __hadd2(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat162 operator-(const __nv_bfloat162& lh,
                                                       const __nv_bfloat162& rh) {
  return __hsub2(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat162 operator*(const __nv_bfloat162& lh,
                                                       const __nv_bfloat162& rh) {
  return __hmul2(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat162 operator/(const __nv_bfloat162& lh,
                                                       const __nv_bfloat162& rh) {
  return __h2div(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat162& operator+=(__nv_bfloat162& lh,
                                                         const __nv_bfloat162& rh) {
  return lh = __hadd2(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat162& operator-=(__nv_bfloat162& lh,
                                                         const __nv_bfloat162& rh) {
  return lh = __hsub2(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat162& operator*=(__nv_bfloat162& lh,
                                                         const __nv_bfloat162& rh) {
  return lh = __hmul2(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat162& operator/=(__nv_bfloat162& lh,
                                                         const __nv_bfloat162& rh) {
  return lh = __h2div(lh, rh);
}
__host__ __device__ constexpr __nv_bfloat162& operator++(__nv_bfloat162& h) {
  return h = __hadd2(h, __nv_bfloat162(__ushort_as_bfloat16(0x3f80), __ushort_as_bfloat16(0x3f80)));
}
__host__ __device__ constexpr __nv_bfloat162& operator--(__nv_bfloat162& h) {
  return h = __hsub2(h, __nv_bfloat162(__ushort_as_bfloat16(0x3f80), __ushort_as_bfloat16(0x3f80)));
}
__host__ __device__ constexpr __nv_bfloat162 operator++(__nv_bfloat162& h, const int) {
  const __nv_bfloat162 old = h;
  ++h;
  return old;
}
__host__ __device__ constexpr __nv_bfloat162 operator--(__nv_bfloat162& h, const int) {
  const __nv_bfloat162 old = h;
  --h;
  return old;
}
__host__ __device__ constexpr __nv_bfloat162 operator+(const __nv_bfloat162& h) { return h; }
__host__ __device__ constexpr __nv_bfloat162 operator-(const __nv_bfloat162& h) {
  return __hneg2(h);
}
// As in CUDA, a __nv_bfloat162 comparison is true only when it holds in both lanes.
__host__ __device__ constexpr bool operator==(const __nv_bfloat162& lh, const __nv_bfloat162& rh) {
  return __hbeq2(lh, rh);
}
__host__ __device__ constexpr bool operator!=(const __nv_bfloat162& lh, const __nv_bfloat162& rh) {
  return __hbneu2(lh, rh);
}
__host__ __device__ constexpr bool operator<(const __nv_bfloat162& lh, const __nv_bfloat162& rh) {
  return __hblt2(lh, rh);
}
__host__ __device__ constexpr bool operator>(const __nv_bfloat162& lh, const __nv_bfloat162& rh) {
  return __hbgt2(lh, rh);
}
__host__ __device__ constexpr bool operator<=(const __nv_bfloat162& lh, const __nv_bfloat162& rh) {
  return __hble2(lh, rh);
}
__host__ __device__ constexpr bool operator>=(const __nv_bfloat162& lh, const __nv_bfloat162& rh) {
  return __hbge2(lh, rh);
}
#endif  // !__CUDA_NO_BFLOAT162_OPERATORS__

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

// __half's explicit constructor from __nv_bfloat16, declared in cuda_fp16.h: one rounding,
// bfloat16 -> half (cvt.rn.f16.bf16 on sm_90). Not compared with the device for NaN inputs,
// which come out as the canonical half NaN here.
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
__host__ __device__ constexpr __half::__half(const __nv_bfloat16 f)
    : __x(::loom::isa::floatBitsToHalf(
          ::loom::isa::bfloat16BitsToFloatBits(__bfloat16_as_ushort(f)), loom::half_detail::kRn)) {}
#endif

// Math functions (hsin, h2exp, ...): isa/math/half_math.h.
#include "loom/device/narrow_math.h"
LOOM_NARROW_MATH(__nv_bfloat16, __nv_bfloat162, Bfloat16Format, loom::bf16_detail)

// atomicAdd on __nv_bfloat16 and __nv_bfloat162 (cuda_bf16.h's), as for __half in cuda_fp16.h.
#include "loom/device/atomics.h"
LOOM_ATOMIC_ADD_BITS(__nv_bfloat16, unsigned short, atomicAddBfloat16)
LOOM_ATOMIC_ADD_BITS(__nv_bfloat162, unsigned, atomicAddBfloat162)
