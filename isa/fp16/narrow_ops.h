// The cuda_fp16.h / cuda_bf16.h operations as isa/table rows name them: loom::isa::h16 for
// __half and loom::isa::bf16 for __nv_bfloat16, on encodings (uint16_t; a pair as
// x | y << 16). Thin: the conversions are half_convert.h / bfloat16_convert.h, the arithmetic
// narrow_arith.h; this file adds the per-name packaging (the _sat/_relu forms, the pair
// forms, the comparison results as 1.0/0.0, masks or bools).
#pragma once

#include <cstdint>

#include "isa/fp16/bfloat16_convert.h"
#include "isa/fp16/half_convert.h"
#include "isa/fp16/narrow_arith.h"
#include "isa/table/types.h"

namespace loom::isa::detail {

constexpr uint16_t lowLane(uint32_t p) { return static_cast<uint16_t>(p); }
constexpr uint16_t highLane(uint32_t p) { return static_cast<uint16_t>(p >> 16); }
constexpr uint32_t makePair(uint16_t x, uint16_t y) { return uint32_t{x} | (uint32_t{y} << 16); }

}  // namespace loom::isa::detail

// Stamps the operations of one 16-bit format F into namespace NS. TO_FLOAT_BITS,
// FROM_FLOAT_BITS, FROM_DOUBLE_BITS, TO_INT, FROM_I64, FROM_U64 name the format's conversions.
#define LOOM_ISA_NARROW_OPS(NS, F, TO_FLOAT_BITS, FROM_FLOAT_BITS, FROM_DOUBLE_BITS, TO_INT,    \
                            FROM_I64, FROM_U64)                                                 \
  namespace loom::isa::NS {                                                                     \
  using detail::highLane;                                                                       \
  using detail::lowLane;                                                                        \
  using detail::makePair;                                                                       \
  constexpr float toFloat(uint16_t h) { return __builtin_bit_cast(float, TO_FLOAT_BITS(h)); }   \
  template <Rounding M> constexpr uint16_t fromFloat(float f) {                                 \
    return FROM_FLOAT_BITS(__builtin_bit_cast(uint32_t, f), M);                                 \
  }                                                                                             \
  template <Rounding M> constexpr uint16_t fromDouble(double d) {                               \
    return FROM_DOUBLE_BITS(__builtin_bit_cast(uint64_t, d), M);                                \
  }                                                                                             \
  template <Rounding M> constexpr int8_t toI8(uint16_t h) { return TO_INT<int8_t>(h, M); }      \
  template <Rounding M> constexpr uint8_t toU8(uint16_t h) { return TO_INT<uint8_t>(h, M); }    \
  template <Rounding M> constexpr int16_t toI16(uint16_t h) { return TO_INT<int16_t>(h, M); }   \
  template <Rounding M> constexpr uint16_t toU16(uint16_t h) { return TO_INT<uint16_t>(h, M); } \
  template <Rounding M> constexpr int32_t toI32(uint16_t h) { return TO_INT<int32_t>(h, M); }   \
  template <Rounding M> constexpr uint32_t toU32(uint16_t h) { return TO_INT<uint32_t>(h, M); } \
  template <Rounding M> constexpr int64_t toI64(uint16_t h) { return TO_INT<int64_t>(h, M); }   \
  template <Rounding M> constexpr uint64_t toU64(uint16_t h) { return TO_INT<uint64_t>(h, M); } \
  template <Rounding M> constexpr uint16_t fromInteger(int16_t v) { return FROM_I64(v, M); }    \
  template <Rounding M> constexpr uint16_t fromInteger(uint16_t v) { return FROM_U64(v, M); }   \
  template <Rounding M> constexpr uint16_t fromInteger(int32_t v) { return FROM_I64(v, M); }    \
  template <Rounding M> constexpr uint16_t fromInteger(uint32_t v) { return FROM_U64(v, M); }   \
  template <Rounding M> constexpr uint16_t fromInteger(int64_t v) { return FROM_I64(v, M); }    \
  template <Rounding M> constexpr uint16_t fromInteger(uint64_t v) { return FROM_U64(v, M); }   \
  constexpr uint32_t splatFromFloat(float f) {                                                  \
    const uint16_t h = fromFloat<Rounding::NearestEven>(f);                                     \
    return makePair(h, h);                                                                      \
  }                                                                                             \
  constexpr uint32_t pairFromFloats(float x, float y) {                                         \
    return makePair(fromFloat<Rounding::NearestEven>(x), fromFloat<Rounding::NearestEven>(y));  \
  }                                                                                             \
  constexpr FloatPair pairToFloats(uint32_t p) {                                                \
    return FloatPair{toFloat(lowLane(p)), toFloat(highLane(p))};                                \
  }                                                                                             \
  constexpr float lowToFloat(uint32_t p) { return toFloat(lowLane(p)); }                        \
  constexpr float highToFloat(uint32_t p) { return toFloat(highLane(p)); }                      \
                                                                                                \
  constexpr uint16_t add(uint16_t a, uint16_t b) { return narrowAdd<F>(a, b, kRn); }            \
  constexpr uint16_t sub(uint16_t a, uint16_t b) { return narrowSub<F>(a, b, kRn); }            \
  constexpr uint16_t mul(uint16_t a, uint16_t b) { return narrowMul<F>(a, b, kRn); }            \
  constexpr uint16_t div(uint16_t a, uint16_t b) { return narrowDiv<F>(a, b, kRn); }            \
  constexpr uint16_t fma(uint16_t a, uint16_t b, uint16_t c) {                                  \
    return narrowFma<F>(a, b, c, kRn);                                                          \
  }                                                                                             \
  constexpr uint16_t addSat(uint16_t a, uint16_t b) { return narrowSaturate<F>(add(a, b)); }    \
  constexpr uint16_t subSat(uint16_t a, uint16_t b) { return narrowSaturate<F>(sub(a, b)); }    \
  constexpr uint16_t mulSat(uint16_t a, uint16_t b) { return narrowSaturate<F>(mul(a, b)); }    \
  constexpr uint16_t fmaSat(uint16_t a, uint16_t b, uint16_t c) {                               \
    return narrowSaturate<F>(fma(a, b, c));                                                     \
  }                                                                                             \
  constexpr uint16_t fmaRelu(uint16_t a, uint16_t b, uint16_t c) {                              \
    return narrowRelu<F>(fma(a, b, c));                                                         \
  }                                                                                             \
  constexpr uint16_t neg(uint16_t a) { return narrowNeg<F>(a); }                                \
  constexpr uint16_t abs(uint16_t a) { return narrowAbs<F>(a); }                                \
  constexpr uint16_t max(uint16_t a, uint16_t b) { return narrowMax<F>(a, b); }                 \
  constexpr uint16_t min(uint16_t a, uint16_t b) { return narrowMin<F>(a, b); }                 \
  constexpr uint16_t maxNaN(uint16_t a, uint16_t b) { return narrowMaxNaN<F>(a, b); }           \
  constexpr uint16_t minNaN(uint16_t a, uint16_t b) { return narrowMinNaN<F>(a, b); }           \
                                                                                                \
  constexpr bool isnan(uint16_t a) { return detail::isNaN16<F>(a); }                            \
  constexpr int32_t isinf(uint16_t a) {                                                         \
    return a == (0x8000 | F::kInfinity) ? -1 : a == F::kInfinity ? 1 : 0;                       \
  }                                                                                             \
  constexpr bool eq(uint16_t a, uint16_t b) { return narrowEqual<F>(a, b); }                    \
  constexpr bool lt(uint16_t a, uint16_t b) { return narrowLess<F>(a, b); }                     \
  constexpr bool unordered(uint16_t a, uint16_t b) { return narrowUnordered<F>(a, b); }         \
  constexpr bool ne(uint16_t a, uint16_t b) { return !unordered(a, b) && !eq(a, b); }           \
  constexpr bool gt(uint16_t a, uint16_t b) { return lt(b, a); }                                \
  constexpr bool le(uint16_t a, uint16_t b) { return lt(a, b) || eq(a, b); }                    \
  constexpr bool ge(uint16_t a, uint16_t b) { return le(b, a); }                                \
  constexpr bool equ(uint16_t a, uint16_t b) { return unordered(a, b) || eq(a, b); }            \
  constexpr bool neu(uint16_t a, uint16_t b) { return !eq(a, b); }                              \
  constexpr bool ltu(uint16_t a, uint16_t b) { return !ge(a, b); }                              \
  constexpr bool leu(uint16_t a, uint16_t b) { return !gt(a, b); }                              \
  constexpr bool gtu(uint16_t a, uint16_t b) { return !le(a, b); }                              \
  constexpr bool geu(uint16_t a, uint16_t b) { return !lt(a, b); }                              \
                                                                                                \
  /* Pair forms: the scalar operation on each lane. */                                          \
  constexpr uint32_t lanes(uint32_t a, uint16_t (*op)(uint16_t)) {                              \
    return makePair(op(lowLane(a)), op(highLane(a)));                                           \
  }                                                                                             \
  constexpr uint32_t lanes(uint32_t a, uint32_t b, uint16_t (*op)(uint16_t, uint16_t)) {        \
    return makePair(op(lowLane(a), lowLane(b)), op(highLane(a), highLane(b)));                  \
  }                                                                                             \
  constexpr uint32_t lanes(uint32_t a, uint32_t b, uint32_t c,                                  \
                           uint16_t (*op)(uint16_t, uint16_t, uint16_t)) {                      \
    return makePair(op(lowLane(a), lowLane(b), lowLane(c)),                                     \
                    op(highLane(a), highLane(b), highLane(c)));                                 \
  }                                                                                             \
  constexpr uint32_t add2(uint32_t a, uint32_t b) { return lanes(a, b, add); }                  \
  constexpr uint32_t sub2(uint32_t a, uint32_t b) { return lanes(a, b, sub); }                  \
  constexpr uint32_t mul2(uint32_t a, uint32_t b) { return lanes(a, b, mul); }                  \
  constexpr uint32_t div2(uint32_t a, uint32_t b) { return lanes(a, b, div); }                  \
  constexpr uint32_t add2Sat(uint32_t a, uint32_t b) { return lanes(a, b, addSat); }            \
  constexpr uint32_t sub2Sat(uint32_t a, uint32_t b) { return lanes(a, b, subSat); }            \
  constexpr uint32_t mul2Sat(uint32_t a, uint32_t b) { return lanes(a, b, mulSat); }            \
  constexpr uint32_t fma2(uint32_t a, uint32_t b, uint32_t c) { return lanes(a, b, c, fma); }   \
  constexpr uint32_t fma2Sat(uint32_t a, uint32_t b, uint32_t c) {                              \
    return lanes(a, b, c, fmaSat);                                                              \
  }                                                                                             \
  constexpr uint32_t fma2Relu(uint32_t a, uint32_t b, uint32_t c) {                             \
    return lanes(a, b, c, fmaRelu);                                                             \
  }                                                                                             \
  constexpr uint32_t neg2(uint32_t a) { return lanes(a, neg); }                                 \
  constexpr uint32_t abs2(uint32_t a) { return lanes(a, abs); }                                 \
  constexpr uint32_t max2(uint32_t a, uint32_t b) { return lanes(a, b, max); }                  \
  constexpr uint32_t min2(uint32_t a, uint32_t b) { return lanes(a, b, min); }                  \
  constexpr uint32_t max2NaN(uint32_t a, uint32_t b) { return lanes(a, b, maxNaN); }            \
  constexpr uint32_t min2NaN(uint32_t a, uint32_t b) { return lanes(a, b, minNaN); }            \
  constexpr uint32_t isnan2(uint32_t a) {                                                       \
    return makePair(isnan(lowLane(a)) ? F::kOne : 0, isnan(highLane(a)) ? F::kOne : 0);         \
  }                                                                                             \
  /* Comparisons of pairs: 1.0/0.0 per lane (eq2), 0xffff/0 per lane (eq2Mask), both lanes */  \
  /* (bothEq2). */                                                                              \
  using Predicate = bool (*)(uint16_t, uint16_t);                                               \
  constexpr uint32_t comparePair(uint32_t a, uint32_t b, Predicate p) {                         \
    return makePair(p(lowLane(a), lowLane(b)) ? F::kOne : 0,                                    \
                    p(highLane(a), highLane(b)) ? F::kOne : 0);                                 \
  }                                                                                             \
  constexpr uint32_t compareMask(uint32_t a, uint32_t b, Predicate p) {                         \
    return (p(lowLane(a), lowLane(b)) ? 0xffffu : 0u) |                                         \
           (p(highLane(a), highLane(b)) ? 0xffff0000u : 0u);                                    \
  }                                                                                             \
  constexpr bool compareBoth(uint32_t a, uint32_t b, Predicate p) {                             \
    return p(lowLane(a), lowLane(b)) && p(highLane(a), highLane(b));                            \
  }                                                                                             \
  }
#define LOOM_ISA_NARROW_COMPARE(NS, CC, CAP)                                                    \
  namespace loom::isa::NS {                                                                     \
  constexpr uint32_t CC##2(uint32_t a, uint32_t b) { return comparePair(a, b, CC); }            \
  constexpr uint32_t CC##2Mask(uint32_t a, uint32_t b) { return compareMask(a, b, CC); }        \
  constexpr bool both##CAP##2(uint32_t a, uint32_t b) { return compareBoth(a, b, CC); }         \
  }
#define LOOM_ISA_NARROW_COMPARES(NS)                                                            \
  LOOM_ISA_NARROW_COMPARE(NS, eq, Eq) LOOM_ISA_NARROW_COMPARE(NS, ne, Ne)                       \
  LOOM_ISA_NARROW_COMPARE(NS, lt, Lt) LOOM_ISA_NARROW_COMPARE(NS, le, Le)                       \
  LOOM_ISA_NARROW_COMPARE(NS, gt, Gt) LOOM_ISA_NARROW_COMPARE(NS, ge, Ge)                       \
  LOOM_ISA_NARROW_COMPARE(NS, equ, Equ) LOOM_ISA_NARROW_COMPARE(NS, neu, Neu)                   \
  LOOM_ISA_NARROW_COMPARE(NS, ltu, Ltu) LOOM_ISA_NARROW_COMPARE(NS, leu, Leu)                   \
  LOOM_ISA_NARROW_COMPARE(NS, gtu, Gtu) LOOM_ISA_NARROW_COMPARE(NS, geu, Geu)

LOOM_ISA_NARROW_OPS(h16, HalfFormat, halfBitsToFloatBits, floatBitsToHalf, doubleBitsToHalf,
                    halfToInteger, int64ToHalf, uint64ToHalf)
LOOM_ISA_NARROW_COMPARES(h16)
LOOM_ISA_NARROW_OPS(bf16, Bfloat16Format, bfloat16BitsToFloatBits, floatBitsToBfloat16,
                    doubleBitsToBfloat16, bfloat16ToInteger, int64ToBfloat16, uint64ToBfloat16)
LOOM_ISA_NARROW_COMPARES(bf16)
#undef LOOM_ISA_NARROW_COMPARES
#undef LOOM_ISA_NARROW_COMPARE
#undef LOOM_ISA_NARROW_OPS
