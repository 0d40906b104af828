// CUDA's bfloat16 types (__nv_bfloat16, __nv_bfloat162 and their _raw forms) and
// intrinsics, for host and device code alike. The same design as cuda_fp16.h, which it
// includes (as CUDA's does): thin wrappers over isa/fp16, whose conversions and arithmetic
// were checked against an H100 and an H200 input for input.
//
// The class interface and the __CUDA_NO_BFLOAT16_CONVERSIONS__ /
// __CUDA_NO_BFLOAT16_OPERATORS__ / __CUDA_NO_BFLOAT162_OPERATORS__ switches follow CUDA 13.0.
// Math functions (hsqrt, hexp, ...) are not provided yet. Written for Loom; valid C++17.
//
// (Generated once from cuda_fp16.h by renaming, then formatted; keep the two in step.)
#pragma once

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

// Lane-wise application. Plain function-pointer parameters (not templates) so that an
// overloaded name such as __hadd, which cuda_fp16.h overloads too, resolves to this type's form.
using Unary = __nv_bfloat16 (*)(__nv_bfloat16);
using Binary = __nv_bfloat16 (*)(__nv_bfloat16, __nv_bfloat16);
using Ternary = __nv_bfloat16 (*)(__nv_bfloat16, __nv_bfloat16, __nv_bfloat16);
using Predicate = bool (*)(__nv_bfloat16, __nv_bfloat16);
constexpr __nv_bfloat162 lanewise(const __nv_bfloat162 a, Unary op) {
  return __nv_bfloat162(op(a.x), op(a.y));
}
constexpr __nv_bfloat162 lanewise(const __nv_bfloat162 a, const __nv_bfloat162 b, Binary op) {
  return __nv_bfloat162(op(a.x, b.x), op(a.y, b.y));
}
constexpr __nv_bfloat162 lanewise(const __nv_bfloat162 a, const __nv_bfloat162 b,
                                  const __nv_bfloat162 c, Ternary op) {
  return __nv_bfloat162(op(a.x, b.x, c.x), op(a.y, b.y, c.y));
}
// The __heq2 family: 1.0 where the comparison holds, 0.0 where it does not.
constexpr __nv_bfloat162 compareToPair(const __nv_bfloat162 a, const __nv_bfloat162 b,
                                       Predicate cmp) {
  return __nv_bfloat162(fromBits(cmp(a.x, b.x) ? 0x3f80 : 0), fromBits(cmp(a.y, b.y) ? 0x3f80 : 0));
}
// The __heq2_mask family: 0xffff per lane where it holds.
constexpr unsigned int compareToMask(const __nv_bfloat162 a, const __nv_bfloat162 b,
                                     Predicate cmp) {
  return (cmp(a.x, b.x) ? 0xffffu : 0u) | (cmp(a.y, b.y) ? 0xffff0000u : 0u);
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

// ---- Float conversions ------------------------------------------------------------------

__host__ __device__ constexpr __nv_bfloat16 __float2bfloat16_rn(const float a) {
  return loom::bf16_detail::fromBits(loom::isa::floatToBfloat16(a, loom::bf16_detail::kRn));
}
__host__ __device__ constexpr __nv_bfloat16 __float2bfloat16_rz(const float a) {
  return loom::bf16_detail::fromBits(loom::isa::floatToBfloat16(a, loom::bf16_detail::kRz));
}
__host__ __device__ constexpr __nv_bfloat16 __float2bfloat16_rd(const float a) {
  return loom::bf16_detail::fromBits(loom::isa::floatToBfloat16(a, loom::bf16_detail::kRd));
}
__host__ __device__ constexpr __nv_bfloat16 __float2bfloat16_ru(const float a) {
  return loom::bf16_detail::fromBits(loom::isa::floatToBfloat16(a, loom::bf16_detail::kRu));
}
__host__ __device__ constexpr __nv_bfloat16 __float2bfloat16(const float a) {
  return __float2bfloat16_rn(a);
}
__host__ __device__ constexpr __nv_bfloat16 __double2bfloat16(const double a) {
  return loom::bf16_detail::fromBits(loom::isa::doubleToBfloat16(a, loom::bf16_detail::kRn));
}
__host__ __device__ constexpr float __bfloat162float(const __nv_bfloat16 a) {
  return loom::isa::bfloat16ToFloat(loom::bf16_detail::bits(a));
}

__host__ __device__ constexpr __nv_bfloat162 make_bfloat162(const __nv_bfloat16 x,
                                                            const __nv_bfloat16 y) {
  return __nv_bfloat162(x, y);
}
__host__ __device__ constexpr __nv_bfloat162 __float2bfloat162_rn(const float a) {
  return __nv_bfloat162(__float2bfloat16_rn(a), __float2bfloat16_rn(a));
}
__host__ __device__ constexpr __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b) {
  return __nv_bfloat162(__float2bfloat16_rn(a), __float2bfloat16_rn(b));
}
__host__ __device__ constexpr __nv_bfloat162 __float22bfloat162_rn(const float2 a) {
  return __floats2bfloat162_rn(a.x, a.y);
}
__host__ __device__ constexpr float2 __bfloat1622float2(const __nv_bfloat162 a) {
  return float2{__bfloat162float(a.x), __bfloat162float(a.y)};
}
__host__ __device__ constexpr float __low2float(const __nv_bfloat162 a) {
  return __bfloat162float(a.x);
}
__host__ __device__ constexpr float __high2float(const __nv_bfloat162 a) {
  return __bfloat162float(a.y);
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

// ---- Integer conversions ----------------------------------------------------------------
// bfloat16 -> integer: rounded in the named direction, saturated to the type's range; NaN gives
// 0, or 0x8000000000000000 for the 64-bit types (as the device does).

#define LOOM_BF16_TO_INT(NAME, TYPE, MODE)                                \
  __host__ __device__ constexpr TYPE NAME(const __nv_bfloat16 h) {        \
    return loom::isa::bfloat16ToInteger<TYPE>(loom::bf16_detail::bits(h), \
                                              loom::bf16_detail::MODE);   \
  }
#define LOOM_BF16_TO_INT_ALL(STEM, TYPE)              \
  LOOM_BF16_TO_INT(__bfloat162##STEM##_rn, TYPE, kRn) \
  LOOM_BF16_TO_INT(__bfloat162##STEM##_rz, TYPE, kRz) \
  LOOM_BF16_TO_INT(__bfloat162##STEM##_rd, TYPE, kRd) \
  LOOM_BF16_TO_INT(__bfloat162##STEM##_ru, TYPE, kRu)
LOOM_BF16_TO_INT_ALL(int, int)
LOOM_BF16_TO_INT_ALL(uint, unsigned int)
LOOM_BF16_TO_INT_ALL(short, short)
LOOM_BF16_TO_INT_ALL(ushort, unsigned short)
LOOM_BF16_TO_INT_ALL(ll, long long)
LOOM_BF16_TO_INT_ALL(ull, unsigned long long)
LOOM_BF16_TO_INT(__bfloat162char_rz, signed char, kRz)
LOOM_BF16_TO_INT(__bfloat162uchar_rz, unsigned char, kRz)
#undef LOOM_BF16_TO_INT_ALL
#undef LOOM_BF16_TO_INT

// integer -> bfloat16, rounded in the named direction (only 8 significant bits: 257
// becomes 256 under _rn).
#define LOOM_INT_TO_BF16(NAME, TYPE, CONVERT, WIDE, MODE)                   \
  __host__ __device__ constexpr __nv_bfloat16 NAME(const TYPE i) {          \
    return loom::bf16_detail::fromBits(                                     \
        loom::isa::CONVERT(static_cast<WIDE>(i), loom::bf16_detail::MODE)); \
  }
#define LOOM_INT_TO_BF16_ALL(STEM, TYPE, CONVERT, WIDE)              \
  LOOM_INT_TO_BF16(__##STEM##2bfloat16_rn, TYPE, CONVERT, WIDE, kRn) \
  LOOM_INT_TO_BF16(__##STEM##2bfloat16_rz, TYPE, CONVERT, WIDE, kRz) \
  LOOM_INT_TO_BF16(__##STEM##2bfloat16_rd, TYPE, CONVERT, WIDE, kRd) \
  LOOM_INT_TO_BF16(__##STEM##2bfloat16_ru, TYPE, CONVERT, WIDE, kRu)
LOOM_INT_TO_BF16_ALL(int, int, int64ToBfloat16, int64_t)
LOOM_INT_TO_BF16_ALL(uint, unsigned int, uint64ToBfloat16, uint64_t)
LOOM_INT_TO_BF16_ALL(short, short, int64ToBfloat16, int64_t)
LOOM_INT_TO_BF16_ALL(ushort, unsigned short, uint64ToBfloat16, uint64_t)
LOOM_INT_TO_BF16_ALL(ll, long long, int64ToBfloat16, int64_t)
LOOM_INT_TO_BF16_ALL(ull, unsigned long long, uint64ToBfloat16, uint64_t)
#undef LOOM_INT_TO_BF16_ALL
#undef LOOM_INT_TO_BF16

// ---- Arithmetic -------------------------------------------------------------------------
// Each result is the exact result rounded once to nearest-even. On the GPU, ptxas may fuse
// a __hmul followed by a __hadd into one fma (the _rn forms forbid it); Loom never fuses, so
// it computes what the _rn forms compute.

namespace loom::bf16_detail {
constexpr __nv_bfloat16 add(__nv_bfloat16 a, __nv_bfloat16 b) {
  return fromBits(isa::narrowAdd<Format>(bits(a), bits(b), kRn));
}
constexpr __nv_bfloat16 sub(__nv_bfloat16 a, __nv_bfloat16 b) {
  return fromBits(isa::narrowSub<Format>(bits(a), bits(b), kRn));
}
constexpr __nv_bfloat16 mul(__nv_bfloat16 a, __nv_bfloat16 b) {
  return fromBits(isa::narrowMul<Format>(bits(a), bits(b), kRn));
}
constexpr __nv_bfloat16 div(__nv_bfloat16 a, __nv_bfloat16 b) {
  return fromBits(isa::narrowDiv<Format>(bits(a), bits(b), kRn));
}
constexpr __nv_bfloat16 fma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {
  return fromBits(isa::narrowFma<Format>(bits(a), bits(b), bits(c), kRn));
}
constexpr __nv_bfloat16 sat(__nv_bfloat16 a) {
  return fromBits(isa::narrowSaturate<Format>(bits(a)));
}
constexpr __nv_bfloat16 relu(__nv_bfloat16 a) { return fromBits(isa::narrowRelu<Format>(bits(a))); }
}  // namespace loom::bf16_detail

__host__ __device__ constexpr __nv_bfloat16 __hadd(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return loom::bf16_detail::add(a, b);
}
__host__ __device__ constexpr __nv_bfloat16 __hsub(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return loom::bf16_detail::sub(a, b);
}
__host__ __device__ constexpr __nv_bfloat16 __hmul(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return loom::bf16_detail::mul(a, b);
}
__host__ __device__ constexpr __nv_bfloat16 __hdiv(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return loom::bf16_detail::div(a, b);
}
__host__ __device__ constexpr __nv_bfloat16 __hfma(const __nv_bfloat16 a, const __nv_bfloat16 b,
                                                   const __nv_bfloat16 c) {
  return loom::bf16_detail::fma(a, b, c);
}
__host__ __device__ constexpr __nv_bfloat16 __hadd_rn(const __nv_bfloat16 a,
                                                      const __nv_bfloat16 b) {
  return __hadd(a, b);
}
__host__ __device__ constexpr __nv_bfloat16 __hsub_rn(const __nv_bfloat16 a,
                                                      const __nv_bfloat16 b) {
  return __hsub(a, b);
}
__host__ __device__ constexpr __nv_bfloat16 __hmul_rn(const __nv_bfloat16 a,
                                                      const __nv_bfloat16 b) {
  return __hmul(a, b);
}
// _sat: clamp to [0, 1], NaN to +0. _relu: negatives to +0, NaN stays NaN.
__host__ __device__ constexpr __nv_bfloat16 __hadd_sat(const __nv_bfloat16 a,
                                                       const __nv_bfloat16 b) {
  return loom::bf16_detail::sat(__hadd(a, b));
}
__host__ __device__ constexpr __nv_bfloat16 __hsub_sat(const __nv_bfloat16 a,
                                                       const __nv_bfloat16 b) {
  return loom::bf16_detail::sat(__hsub(a, b));
}
__host__ __device__ constexpr __nv_bfloat16 __hmul_sat(const __nv_bfloat16 a,
                                                       const __nv_bfloat16 b) {
  return loom::bf16_detail::sat(__hmul(a, b));
}
__host__ __device__ constexpr __nv_bfloat16 __hfma_sat(const __nv_bfloat16 a, const __nv_bfloat16 b,
                                                       const __nv_bfloat16 c) {
  return loom::bf16_detail::sat(__hfma(a, b, c));
}
__host__ __device__ constexpr __nv_bfloat16 __hfma_relu(const __nv_bfloat16 a,
                                                        const __nv_bfloat16 b,
                                                        const __nv_bfloat16 c) {
  return loom::bf16_detail::relu(__hfma(a, b, c));
}
// The device canonicalizes a NaN operand of neg/abs (measured); these do the same.
__host__ __device__ constexpr __nv_bfloat16 __hneg(const __nv_bfloat16 a) {
  using namespace loom::bf16_detail;
  return fromBits(loom::isa::narrowNeg<Format>(bits(a)));
}
__host__ __device__ constexpr __nv_bfloat16 __habs(const __nv_bfloat16 a) {
  using namespace loom::bf16_detail;
  return fromBits(loom::isa::narrowAbs<Format>(bits(a)));
}

__host__ __device__ constexpr __nv_bfloat162 __hadd2(const __nv_bfloat162 a,
                                                     const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hadd);
}
__host__ __device__ constexpr __nv_bfloat162 __hsub2(const __nv_bfloat162 a,
                                                     const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hsub);
}
__host__ __device__ constexpr __nv_bfloat162 __hmul2(const __nv_bfloat162 a,
                                                     const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hmul);
}
__host__ __device__ constexpr __nv_bfloat162 __h2div(const __nv_bfloat162 a,
                                                     const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hdiv);
}
__host__ __device__ constexpr __nv_bfloat162 __hfma2(const __nv_bfloat162 a, const __nv_bfloat162 b,
                                                     const __nv_bfloat162 c) {
  return loom::bf16_detail::lanewise(a, b, c, __hfma);
}
__host__ __device__ constexpr __nv_bfloat162 __hadd2_rn(const __nv_bfloat162 a,
                                                        const __nv_bfloat162 b) {
  return __hadd2(a, b);
}
__host__ __device__ constexpr __nv_bfloat162 __hsub2_rn(const __nv_bfloat162 a,
                                                        const __nv_bfloat162 b) {
  return __hsub2(a, b);
}
__host__ __device__ constexpr __nv_bfloat162 __hmul2_rn(const __nv_bfloat162 a,
                                                        const __nv_bfloat162 b) {
  return __hmul2(a, b);
}
__host__ __device__ constexpr __nv_bfloat162 __hadd2_sat(const __nv_bfloat162 a,
                                                         const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hadd_sat);
}
__host__ __device__ constexpr __nv_bfloat162 __hsub2_sat(const __nv_bfloat162 a,
                                                         const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hsub_sat);
}
__host__ __device__ constexpr __nv_bfloat162 __hmul2_sat(const __nv_bfloat162 a,
                                                         const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hmul_sat);
}
__host__ __device__ constexpr __nv_bfloat162 __hfma2_sat(const __nv_bfloat162 a,
                                                         const __nv_bfloat162 b,
                                                         const __nv_bfloat162 c) {
  return loom::bf16_detail::lanewise(a, b, c, __hfma_sat);
}
__host__ __device__ constexpr __nv_bfloat162 __hfma2_relu(const __nv_bfloat162 a,
                                                          const __nv_bfloat162 b,
                                                          const __nv_bfloat162 c) {
  return loom::bf16_detail::lanewise(a, b, c, __hfma_relu);
}
__host__ __device__ constexpr __nv_bfloat162 __hneg2(const __nv_bfloat162 a) {
  return loom::bf16_detail::lanewise(a, __hneg);
}
__host__ __device__ constexpr __nv_bfloat162 __habs2(const __nv_bfloat162 a) {
  return loom::bf16_detail::lanewise(a, __habs);
}

// ---- Comparisons ------------------------------------------------------------------------
// Ordered forms are false when either operand is NaN; the ...u forms are true then.

__host__ __device__ constexpr bool __heq(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  using namespace loom::bf16_detail;
  return loom::isa::narrowEqual<Format>(bits(a), bits(b));
}
__host__ __device__ constexpr bool __hlt(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  using namespace loom::bf16_detail;
  return loom::isa::narrowLess<Format>(bits(a), bits(b));
}
__host__ __device__ constexpr bool __hisnan(const __nv_bfloat16 a) {
  return loom::isa::bfloat16IsNaN(loom::bf16_detail::bits(a));
}
__host__ __device__ constexpr bool __hne(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return !__hisnan(a) && !__hisnan(b) && !__heq(a, b);
}
__host__ __device__ constexpr bool __hgt(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return __hlt(b, a);
}
__host__ __device__ constexpr bool __hle(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return __hlt(a, b) || __heq(a, b);
}
__host__ __device__ constexpr bool __hge(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return __hle(b, a);
}
__host__ __device__ constexpr bool __hequ(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return __hisnan(a) || __hisnan(b) || __heq(a, b);
}
__host__ __device__ constexpr bool __hneu(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return !__heq(a, b);
}
__host__ __device__ constexpr bool __hltu(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return !__hge(a, b);
}
__host__ __device__ constexpr bool __hleu(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return !__hgt(a, b);
}
__host__ __device__ constexpr bool __hgtu(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return !__hle(a, b);
}
__host__ __device__ constexpr bool __hgeu(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  return !__hlt(a, b);
}
// -1 for -infinity, 1 for +infinity, 0 otherwise.
__host__ __device__ constexpr int __hisinf(const __nv_bfloat16 a) {
  const unsigned short b = loom::bf16_detail::bits(a);
  return b == 0xff80 ? -1 : b == 0x7f80 ? 1 : 0;
}

#define LOOM_BF162_COMPARE(STEM)                                                    \
  __host__ __device__ constexpr __nv_bfloat162 STEM##2(const __nv_bfloat162 a,      \
                                                       const __nv_bfloat162 b) {    \
    return loom::bf16_detail::compareToPair(a, b, STEM);                            \
  }                                                                                 \
  __host__ __device__ constexpr unsigned int STEM##2_mask(const __nv_bfloat162 a,   \
                                                          const __nv_bfloat162 b) { \
    return loom::bf16_detail::compareToMask(a, b, STEM);                            \
  }
LOOM_BF162_COMPARE(__heq)
LOOM_BF162_COMPARE(__hne)
LOOM_BF162_COMPARE(__hlt)
LOOM_BF162_COMPARE(__hle)
LOOM_BF162_COMPARE(__hgt)
LOOM_BF162_COMPARE(__hge)
LOOM_BF162_COMPARE(__hequ)
LOOM_BF162_COMPARE(__hneu)
LOOM_BF162_COMPARE(__hltu)
LOOM_BF162_COMPARE(__hleu)
LOOM_BF162_COMPARE(__hgtu)
LOOM_BF162_COMPARE(__hgeu)
#undef LOOM_BF162_COMPARE

// The __hb...2 forms: true when the comparison holds in both lanes.
#define LOOM_BF162_BOTH(NAME, STEM)                                                         \
  __host__ __device__ constexpr bool NAME(const __nv_bfloat162 a, const __nv_bfloat162 b) { \
    return STEM(a.x, b.x) && STEM(a.y, b.y);                                                \
  }
LOOM_BF162_BOTH(__hbeq2, __heq)
LOOM_BF162_BOTH(__hbne2, __hne)
LOOM_BF162_BOTH(__hblt2, __hlt)
LOOM_BF162_BOTH(__hble2, __hle)
LOOM_BF162_BOTH(__hbgt2, __hgt)
LOOM_BF162_BOTH(__hbge2, __hge)
LOOM_BF162_BOTH(__hbequ2, __hequ)
LOOM_BF162_BOTH(__hbneu2, __hneu)
LOOM_BF162_BOTH(__hbltu2, __hltu)
LOOM_BF162_BOTH(__hbleu2, __hleu)
LOOM_BF162_BOTH(__hbgtu2, __hgtu)
LOOM_BF162_BOTH(__hbgeu2, __hgeu)
#undef LOOM_BF162_BOTH

__host__ __device__ constexpr __nv_bfloat162 __hisnan2(const __nv_bfloat162 a) {
  using loom::bf16_detail::fromBits;
  return __nv_bfloat162(fromBits(__hisnan(a.x) ? 0x3f80 : 0), fromBits(__hisnan(a.y) ? 0x3f80 : 0));
}

// max/min ignore one NaN operand (two give the canonical NaN) and order -0 below +0; the
// _nan forms return the canonical NaN if either operand is NaN.
__host__ __device__ constexpr __nv_bfloat16 __hmax(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  using namespace loom::bf16_detail;
  return fromBits(loom::isa::narrowMax<Format>(bits(a), bits(b)));
}
__host__ __device__ constexpr __nv_bfloat16 __hmin(const __nv_bfloat16 a, const __nv_bfloat16 b) {
  using namespace loom::bf16_detail;
  return fromBits(loom::isa::narrowMin<Format>(bits(a), bits(b)));
}
__host__ __device__ constexpr __nv_bfloat16 __hmax_nan(const __nv_bfloat16 a,
                                                       const __nv_bfloat16 b) {
  using namespace loom::bf16_detail;
  return fromBits(loom::isa::narrowMaxNaN<Format>(bits(a), bits(b)));
}
__host__ __device__ constexpr __nv_bfloat16 __hmin_nan(const __nv_bfloat16 a,
                                                       const __nv_bfloat16 b) {
  using namespace loom::bf16_detail;
  return fromBits(loom::isa::narrowMinNaN<Format>(bits(a), bits(b)));
}
__host__ __device__ constexpr __nv_bfloat162 __hmax2(const __nv_bfloat162 a,
                                                     const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hmax);
}
__host__ __device__ constexpr __nv_bfloat162 __hmin2(const __nv_bfloat162 a,
                                                     const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hmin);
}
__host__ __device__ constexpr __nv_bfloat162 __hmax2_nan(const __nv_bfloat162 a,
                                                         const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hmax_nan);
}
__host__ __device__ constexpr __nv_bfloat162 __hmin2_nan(const __nv_bfloat162 a,
                                                         const __nv_bfloat162 b) {
  return loom::bf16_detail::lanewise(a, b, __hmin_nan);
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
