// The type tokens of isa/table/*.def rows. A row names its result and argument types by token
// (U32, F32, H2, ...); each token says four things, as macros pasted from the token:
//   LOOM_ISA_CUDA_<T>      the CUDA type the intrinsic takes or returns (__half, float2, ...)
//   LOOM_ISA_CARRIER_<T>   the type isa/ functions use for it (plain integers and floats, 16-bit
//                          formats as their encodings), so isa/ never needs CUDA's headers
//   LOOM_ISA_STORE_<T>     the raw type a sweep record stores per element group, with
//   LOOM_ISA_DTYPE_<T>     its element dtype for loom_case.h and LOOM_ISA_ELEM_<T> the element
//                          size (a __half2 is stored as two "f16" elements)
// and how to convert between them:
//   LOOM_ISA_B2C_<T>(u64)  sweep input bits -> CUDA value      (the nvcc probe, device code)
//   LOOM_ISA_C2S_<T>(v)    CUDA value -> stored bits           (the nvcc probe, device code)
//   LOOM_ISA_C2K_<T>(v)    CUDA value -> carrier               (Loom's wrappers)
//   LOOM_ISA_K2C_<T>(k)    carrier -> CUDA value               (Loom's wrappers)
//   LOOM_ISA_B2K_<T>(u64)  sweep input bits -> carrier         (unit tests)
//   LOOM_ISA_K2S_<T>(k)    carrier -> stored bits              (unit tests)
// The CUDA-side conversions only use the reinterpretation functions (__float_as_uint,
// __ushort_as_half, ...), so they expand the same under nvcc and under Loom's headers. The
// 16-bit ones are only expanded where cuda_fp16.h / cuda_bf16.h are included.
#pragma once

#include <cstdint>
#include <cstring>

namespace loom::isa {
// The carrier of float2 results (__half22float2 and friends).
struct FloatPair {
  float x;
  float y;
};
}  // namespace loom::isa

namespace loom::isa::table {
constexpr uint32_t floatBits(float f) { return __builtin_bit_cast(uint32_t, f); }
constexpr uint64_t doubleBits(double d) { return __builtin_bit_cast(uint64_t, d); }
constexpr float bitsFloat(uint32_t b) { return __builtin_bit_cast(float, b); }
constexpr double bitsDouble(uint64_t b) { return __builtin_bit_cast(double, b); }
constexpr uint64_t pairBits(::loom::isa::FloatPair p) {
  return uint64_t{floatBits(p.x)} | (uint64_t{floatBits(p.y)} << 32);
}
}  // namespace loom::isa::table

#define LOOM_ISA_CUDA(T) LOOM_ISA_CUDA_##T
#define LOOM_ISA_CARRIER(T) LOOM_ISA_CARRIER_##T
#define LOOM_ISA_STORE(T) LOOM_ISA_STORE_##T
#define LOOM_ISA_DTYPE(T) LOOM_ISA_DTYPE_##T
#define LOOM_ISA_ELEM(T) LOOM_ISA_ELEM_##T
#define LOOM_ISA_B2C(T, x) LOOM_ISA_B2C_##T(x)
#define LOOM_ISA_C2S(T, x) LOOM_ISA_C2S_##T(x)
#define LOOM_ISA_C2K(T, x) LOOM_ISA_C2K_##T(x)
#define LOOM_ISA_K2C(T, x) LOOM_ISA_K2C_##T(x)
#define LOOM_ISA_B2K(T, x) LOOM_ISA_B2K_##T(x)
#define LOOM_ISA_K2S(T, x) LOOM_ISA_K2S_##T(x)

// Integers: CUDA type, carrier and storage coincide.

#define LOOM_ISA_CUDA_BOOL bool
#define LOOM_ISA_CARRIER_BOOL bool
#define LOOM_ISA_STORE_BOOL uint8_t
#define LOOM_ISA_DTYPE_BOOL "u8"
#define LOOM_ISA_ELEM_BOOL 1
#define LOOM_ISA_B2C_BOOL(x) ((x) != 0)
#define LOOM_ISA_C2S_BOOL(x) static_cast<uint8_t>((x) ? 1 : 0)
#define LOOM_ISA_C2K_BOOL(x) (x)
#define LOOM_ISA_K2C_BOOL(x) (x)
#define LOOM_ISA_B2K_BOOL(x) ((x) != 0)
#define LOOM_ISA_K2S_BOOL(x) static_cast<uint8_t>((x) ? 1 : 0)

#define LOOM_ISA_CUDA_I8 signed char
#define LOOM_ISA_CARRIER_I8 int8_t
#define LOOM_ISA_STORE_I8 int8_t
#define LOOM_ISA_DTYPE_I8 "i8"
#define LOOM_ISA_ELEM_I8 1
#define LOOM_ISA_B2C_I8(x) static_cast<signed char>(x)
#define LOOM_ISA_C2S_I8(x) static_cast<int8_t>(x)
#define LOOM_ISA_C2K_I8(x) static_cast<int8_t>(x)
#define LOOM_ISA_K2C_I8(x) static_cast<signed char>(x)
#define LOOM_ISA_B2K_I8(x) static_cast<int8_t>(x)
#define LOOM_ISA_K2S_I8(x) static_cast<int8_t>(x)

#define LOOM_ISA_CUDA_U8 unsigned char
#define LOOM_ISA_CARRIER_U8 uint8_t
#define LOOM_ISA_STORE_U8 uint8_t
#define LOOM_ISA_DTYPE_U8 "u8"
#define LOOM_ISA_ELEM_U8 1
#define LOOM_ISA_B2C_U8(x) static_cast<unsigned char>(x)
#define LOOM_ISA_C2S_U8(x) static_cast<uint8_t>(x)
#define LOOM_ISA_C2K_U8(x) static_cast<uint8_t>(x)
#define LOOM_ISA_K2C_U8(x) static_cast<unsigned char>(x)
#define LOOM_ISA_B2K_U8(x) static_cast<uint8_t>(x)
#define LOOM_ISA_K2S_U8(x) static_cast<uint8_t>(x)

#define LOOM_ISA_CUDA_I16 short
#define LOOM_ISA_CARRIER_I16 int16_t
#define LOOM_ISA_STORE_I16 int16_t
#define LOOM_ISA_DTYPE_I16 "i16"
#define LOOM_ISA_ELEM_I16 2
#define LOOM_ISA_B2C_I16(x) static_cast<short>(x)
#define LOOM_ISA_C2S_I16(x) static_cast<int16_t>(x)
#define LOOM_ISA_C2K_I16(x) static_cast<int16_t>(x)
#define LOOM_ISA_K2C_I16(x) static_cast<short>(x)
#define LOOM_ISA_B2K_I16(x) static_cast<int16_t>(x)
#define LOOM_ISA_K2S_I16(x) static_cast<int16_t>(x)

#define LOOM_ISA_CUDA_U16 unsigned short
#define LOOM_ISA_CARRIER_U16 uint16_t
#define LOOM_ISA_STORE_U16 uint16_t
#define LOOM_ISA_DTYPE_U16 "u16"
#define LOOM_ISA_ELEM_U16 2
#define LOOM_ISA_B2C_U16(x) static_cast<unsigned short>(x)
#define LOOM_ISA_C2S_U16(x) static_cast<uint16_t>(x)
#define LOOM_ISA_C2K_U16(x) static_cast<uint16_t>(x)
#define LOOM_ISA_K2C_U16(x) static_cast<unsigned short>(x)
#define LOOM_ISA_B2K_U16(x) static_cast<uint16_t>(x)
#define LOOM_ISA_K2S_U16(x) static_cast<uint16_t>(x)

#define LOOM_ISA_CUDA_I32 int
#define LOOM_ISA_CARRIER_I32 int32_t
#define LOOM_ISA_STORE_I32 int32_t
#define LOOM_ISA_DTYPE_I32 "i32"
#define LOOM_ISA_ELEM_I32 4
#define LOOM_ISA_B2C_I32(x) static_cast<int>(static_cast<uint32_t>(x))
#define LOOM_ISA_C2S_I32(x) static_cast<int32_t>(x)
#define LOOM_ISA_C2K_I32(x) static_cast<int32_t>(x)
#define LOOM_ISA_K2C_I32(x) static_cast<int>(x)
#define LOOM_ISA_B2K_I32(x) static_cast<int32_t>(static_cast<uint32_t>(x))
#define LOOM_ISA_K2S_I32(x) static_cast<int32_t>(x)

#define LOOM_ISA_CUDA_U32 unsigned int
#define LOOM_ISA_CARRIER_U32 uint32_t
#define LOOM_ISA_STORE_U32 uint32_t
#define LOOM_ISA_DTYPE_U32 "u32"
#define LOOM_ISA_ELEM_U32 4
#define LOOM_ISA_B2C_U32(x) static_cast<unsigned int>(x)
#define LOOM_ISA_C2S_U32(x) static_cast<uint32_t>(x)
#define LOOM_ISA_C2K_U32(x) static_cast<uint32_t>(x)
#define LOOM_ISA_K2C_U32(x) static_cast<unsigned int>(x)
#define LOOM_ISA_B2K_U32(x) static_cast<uint32_t>(x)
#define LOOM_ISA_K2S_U32(x) static_cast<uint32_t>(x)

#define LOOM_ISA_CUDA_I64 long long
#define LOOM_ISA_CARRIER_I64 int64_t
#define LOOM_ISA_STORE_I64 int64_t
#define LOOM_ISA_DTYPE_I64 "i64"
#define LOOM_ISA_ELEM_I64 8
#define LOOM_ISA_B2C_I64(x) static_cast<long long>(x)
#define LOOM_ISA_C2S_I64(x) static_cast<int64_t>(x)
#define LOOM_ISA_C2K_I64(x) static_cast<int64_t>(x)
#define LOOM_ISA_K2C_I64(x) static_cast<long long>(x)
#define LOOM_ISA_B2K_I64(x) static_cast<int64_t>(x)
#define LOOM_ISA_K2S_I64(x) static_cast<int64_t>(x)

#define LOOM_ISA_CUDA_U64 unsigned long long
#define LOOM_ISA_CARRIER_U64 uint64_t
#define LOOM_ISA_STORE_U64 uint64_t
#define LOOM_ISA_DTYPE_U64 "u64"
#define LOOM_ISA_ELEM_U64 8
#define LOOM_ISA_B2C_U64(x) static_cast<unsigned long long>(x)
#define LOOM_ISA_C2S_U64(x) static_cast<uint64_t>(x)
#define LOOM_ISA_C2K_U64(x) static_cast<uint64_t>(x)
#define LOOM_ISA_K2C_U64(x) static_cast<unsigned long long>(x)
#define LOOM_ISA_B2K_U64(x) static_cast<uint64_t>(x)
#define LOOM_ISA_K2S_U64(x) static_cast<uint64_t>(x)

// Floating point: carried as the host type, stored as bits (NaN payloads must survive).
#define LOOM_ISA_CUDA_F32 float
#define LOOM_ISA_CARRIER_F32 float
#define LOOM_ISA_STORE_F32 uint32_t
#define LOOM_ISA_DTYPE_F32 "f32"
#define LOOM_ISA_ELEM_F32 4
#define LOOM_ISA_B2C_F32(x) __uint_as_float(static_cast<unsigned int>(x))
#define LOOM_ISA_C2S_F32(x) static_cast<uint32_t>(__float_as_uint(x))
#define LOOM_ISA_C2K_F32(x) (x)
#define LOOM_ISA_K2C_F32(x) (x)
#define LOOM_ISA_B2K_F32(x) ::loom::isa::table::bitsFloat(static_cast<uint32_t>(x))
#define LOOM_ISA_K2S_F32(x) ::loom::isa::table::floatBits(x)

#define LOOM_ISA_CUDA_F64 double
#define LOOM_ISA_CARRIER_F64 double
#define LOOM_ISA_STORE_F64 uint64_t
#define LOOM_ISA_DTYPE_F64 "f64"
#define LOOM_ISA_ELEM_F64 8
#define LOOM_ISA_B2C_F64(x) __longlong_as_double(static_cast<long long>(x))
#define LOOM_ISA_C2S_F64(x) static_cast<uint64_t>(__double_as_longlong(x))
#define LOOM_ISA_C2K_F64(x) (x)
#define LOOM_ISA_K2C_F64(x) (x)
#define LOOM_ISA_B2K_F64(x) ::loom::isa::table::bitsDouble(x)
#define LOOM_ISA_K2S_F64(x) ::loom::isa::table::doubleBits(x)

// float2 (results only): two f32 elements.
#define LOOM_ISA_CUDA_F2 float2
#define LOOM_ISA_CARRIER_F2 ::loom::isa::FloatPair
#define LOOM_ISA_STORE_F2 uint64_t
#define LOOM_ISA_DTYPE_F2 "f32"
#define LOOM_ISA_ELEM_F2 4
#define LOOM_ISA_C2S_F2(v)                                 \
  (static_cast<uint64_t>(__float_as_uint((v).x)) |         \
   (static_cast<uint64_t>(__float_as_uint((v).y)) << 32))
#define LOOM_ISA_B2C_F2(x) \
  float2{__uint_as_float(static_cast<unsigned int>(x)), __uint_as_float(static_cast<unsigned int>((x) >> 32))}
#define LOOM_ISA_C2K_F2(v) (::loom::isa::FloatPair{(v).x, (v).y})
#define LOOM_ISA_K2C_F2(k) float2{(k).x, (k).y}
#define LOOM_ISA_B2K_F2(x)                                                   \
  (::loom::isa::FloatPair{::loom::isa::table::bitsFloat(static_cast<uint32_t>(x)), \
                          ::loom::isa::table::bitsFloat(static_cast<uint32_t>((x) >> 32))})
#define LOOM_ISA_K2S_F2(k) ::loom::isa::table::pairBits(k)

// binary16 and bfloat16: carried and stored as encodings; pairs as (x | y << 16).
#define LOOM_ISA_CUDA_H __half
#define LOOM_ISA_CARRIER_H uint16_t
#define LOOM_ISA_STORE_H uint16_t
#define LOOM_ISA_DTYPE_H "f16"
#define LOOM_ISA_ELEM_H 2
#define LOOM_ISA_B2C_H(x) __ushort_as_half(static_cast<unsigned short>(x))
#define LOOM_ISA_C2S_H(v) static_cast<uint16_t>(__half_as_ushort(v))
#define LOOM_ISA_C2K_H(v) static_cast<uint16_t>(__half_as_ushort(v))
#define LOOM_ISA_K2C_H(k) __ushort_as_half(k)
#define LOOM_ISA_B2K_H(x) static_cast<uint16_t>(x)
#define LOOM_ISA_K2S_H(k) static_cast<uint16_t>(k)

#define LOOM_ISA_CUDA_H2 __half2
#define LOOM_ISA_CARRIER_H2 uint32_t
#define LOOM_ISA_STORE_H2 uint32_t
#define LOOM_ISA_DTYPE_H2 "f16"
#define LOOM_ISA_ELEM_H2 2
#define LOOM_ISA_B2C_H2(x)                                               \
  __halves2half2(__ushort_as_half(static_cast<unsigned short>(x)),       \
                 __ushort_as_half(static_cast<unsigned short>((x) >> 16)))
#define LOOM_ISA_C2S_H2(v)                                        \
  (static_cast<uint32_t>(__half_as_ushort(__low2half(v))) |       \
   (static_cast<uint32_t>(__half_as_ushort(__high2half(v))) << 16))
#define LOOM_ISA_C2K_H2(v) LOOM_ISA_C2S_H2(v)
#define LOOM_ISA_K2C_H2(k) LOOM_ISA_B2C_H2(k)
#define LOOM_ISA_B2K_H2(x) static_cast<uint32_t>(x)
#define LOOM_ISA_K2S_H2(k) static_cast<uint32_t>(k)

#define LOOM_ISA_CUDA_BF __nv_bfloat16
#define LOOM_ISA_CARRIER_BF uint16_t
#define LOOM_ISA_STORE_BF uint16_t
#define LOOM_ISA_DTYPE_BF "bf16"
#define LOOM_ISA_ELEM_BF 2
#define LOOM_ISA_B2C_BF(x) __ushort_as_bfloat16(static_cast<unsigned short>(x))
#define LOOM_ISA_C2S_BF(v) static_cast<uint16_t>(__bfloat16_as_ushort(v))
#define LOOM_ISA_C2K_BF(v) static_cast<uint16_t>(__bfloat16_as_ushort(v))
#define LOOM_ISA_K2C_BF(k) __ushort_as_bfloat16(k)
#define LOOM_ISA_B2K_BF(x) static_cast<uint16_t>(x)
#define LOOM_ISA_K2S_BF(k) static_cast<uint16_t>(k)

#define LOOM_ISA_CUDA_BF2 __nv_bfloat162
#define LOOM_ISA_CARRIER_BF2 uint32_t
#define LOOM_ISA_STORE_BF2 uint32_t
#define LOOM_ISA_DTYPE_BF2 "bf16"
#define LOOM_ISA_ELEM_BF2 2
#define LOOM_ISA_B2C_BF2(x)                                                  \
  __halves2bfloat162(__ushort_as_bfloat16(static_cast<unsigned short>(x)),   \
                     __ushort_as_bfloat16(static_cast<unsigned short>((x) >> 16)))
#define LOOM_ISA_C2S_BF2(v)                                           \
  (static_cast<uint32_t>(__bfloat16_as_ushort(__low2bfloat16(v))) |   \
   (static_cast<uint32_t>(__bfloat16_as_ushort(__high2bfloat16(v))) << 16))
#define LOOM_ISA_C2K_BF2(v) LOOM_ISA_C2S_BF2(v)
#define LOOM_ISA_K2C_BF2(k) LOOM_ISA_B2C_BF2(k)
#define LOOM_ISA_B2K_BF2(x) static_cast<uint32_t>(x)
#define LOOM_ISA_K2S_BF2(k) static_cast<uint32_t>(k)
