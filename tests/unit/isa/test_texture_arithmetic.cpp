// isa/texture/: the texture unit's arithmetic, each header against an independent expectation:
// CUDA's documented address modes written out differently, exact rational arithmetic, The CUDA
// Handbook's 9-bit table (seed 001, 10.5), and single samples read from the H100 records
// (validate/results/h100-sm90/texture.dense, texture.trilinear, texture.pairs_s8,
// texture.pairs_srgb and texture.srgb), quoted with their values.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "isa/texture/address_mode.h"
#include "isa/texture/coordinates.h"
#include "isa/texture/exact_sum.h"
#include "isa/texture/filter_weights.h"
#include "isa/texture/float_filter.h"
#include "isa/texture/normalized_int.h"
#include "isa/texture/srgb.h"
#include "isa/texture/srgb_filter.h"

using namespace loom::isa;

namespace {
float fromBits(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
}  // namespace

TEST_CASE("address modes map indices as the Programming Guide describes", "[isa][texture]") {
  const int64_t n = 5;
  for (int64_t i = -23; i < 23; ++i) {
    // Wrap: step by n until inside.
    int64_t w = i;
    while (w < 0) w += n;
    while (w >= n) w -= n;
    REQUIRE(applyAddressMode(i, n, AddressMode::Wrap) == w);
    // Mirror: reflect at the edges until inside (texel -1 mirrors to 0, n to n-1).
    int64_t m = i;
    while (m < 0 || m >= n) m = m < 0 ? -1 - m : 2 * n - 1 - m;
    REQUIRE(applyAddressMode(i, n, AddressMode::Mirror) == m);
    REQUIRE(applyAddressMode(i, n, AddressMode::Clamp) == std::min<int64_t>(std::max<int64_t>(i, 0), n - 1));
    REQUIRE(applyAddressMode(i, n, AddressMode::Border) == (i < 0 || i >= n ? kBorderTexel : i));
  }
  REQUIRE(effectiveAddressMode(AddressMode::Wrap, false) == AddressMode::Clamp);
  REQUIRE(effectiveAddressMode(AddressMode::Mirror, false) == AddressMode::Clamp);
  REQUIRE(effectiveAddressMode(AddressMode::Border, false) == AddressMode::Border);
  REQUIRE(effectiveAddressMode(AddressMode::Mirror, true) == AddressMode::Mirror);
}

TEST_CASE("coordinates: 2^-21 truncation, 8-bit weights rounding ties up", "[isa][texture]") {
  // u = 1/3 is not a multiple of 2^-21: it is cut down to floor(u * 2^21) / 2^21 before scaling.
  float u = 1.0f / 3.0f;
  double expected = std::floor((double)u * 2097152.0) / 2097152.0 * 7.0;
  REQUIRE(normalizedToTexel(u, 7) == expected);
  REQUIRE(normalizedToTexel(u, 7) < (double)u * 7.0);
  REQUIRE(texelCoordinate(std::nanf(""), 9, true) == 0.0);
  REQUIRE(normalizedToTexel(INFINITY, 13) == 16777216.0 * 13);  // wraps to texel 0
  // x - 0.5 = 3 + k/256 gives exactly weight k; a half step 1/512 rounds up.
  for (int k = 0; k < 256; ++k) {
    LinearAxis a = linearAxis(3.5 + k / 256.0);
    REQUIRE(a.i == 3);
    REQUIRE(a.alpha256 == (uint32_t)k);
    LinearAxis h = linearAxis(3.5 + (2 * k + 1) / 512.0);
    REQUIRE(h.alpha256 == (uint32_t)k + 1);  // may reach 256 with i unchanged
  }
  REQUIRE(pointIndex(-0.25) == -1);
}

TEST_CASE("filter weights sum to one and match the device's trilinear samples", "[isa][texture]") {
  for (uint32_t a = 0; a <= 256; a += 7)
    for (uint32_t b = 0; b <= 256; b += 11) {
      auto w2 = weights2D(a, b);
      REQUIRE(w2.w[0] + w2.w[1] + w2.w[2] + w2.w[3] == 256);
      REQUIRE(w2.w[3] == (int32_t)((a * b + 128) / 256));
      for (uint32_t c = 0; c <= 256; c += 37) {
        auto w3 = weights3D(a, b, c);
        int32_t sum = 0;
        for (int32_t v : w3.w) sum += v;
        REQUIRE(sum == 256);
      }
    }
  // texture.trilinear, samples 0-2: (a, b, c) and the eight weights in 256ths (x + 2y + 4z).
  auto s0 = weights3D(69, 89, 126);
  REQUIRE(std::vector<int32_t>(s0.w, s0.w + 8) == std::vector<int32_t>{62, 23, 33, 12, 60, 22, 32, 12});
  auto s1 = weights3D(233, 39, 118);
  REQUIRE(std::vector<int32_t>(s1.w, s1.w + 8) == std::vector<int32_t>{10, 107, 2, 19, 9, 91, 2, 16});
  auto s2 = weights3D(77, 155, 59);
  REQUIRE(std::vector<int32_t>(s2.w, s2.w + 8) == std::vector<int32_t>{54, 23, 84, 36, 16, 7, 25, 11});
  // Samples where a simpler x-z-then-y rule fails (ties and the x split per z slice).
  auto s3 = weights3D(90, 217, 64);
  REQUIRE(std::vector<int32_t>(s3.w, s3.w + 8) == std::vector<int32_t>{19, 10, 105, 58, 6, 4, 35, 19});
  auto s4 = weights3D(128, 170, 113);
  REQUIRE(std::vector<int32_t>(s4.w, s4.w + 8) == std::vector<int32_t>{24, 24, 47, 48, 19, 19, 37, 38});
}

TEST_CASE("exact sum: no intermediate rounding, one rounding ties away from zero", "[isa][texture]") {
  ExactSum s;
  s.add(1.0);
  s.add(std::ldexp(1.0, -60));
  s.add(-1.0);
  REQUIRE(s.roundTiesAwayFloat() == std::ldexp(1.0f, -60));
  ExactSum tie;  // 1 + 2^-24 lies halfway between 1 and 1 + 2^-23
  tie.add(1.0);
  tie.add(std::ldexp(1.0, -24));
  REQUIRE(tie.roundTiesAwayFloat() == 1.0f + std::ldexp(1.0f, -23));
  ExactSum neg;
  neg.add(-1.0);
  neg.add(-std::ldexp(1.0, -24));
  REQUIRE(neg.roundTiesAwayFloat() == -(1.0f + std::ldexp(1.0f, -23)));
  ExactSum half;  // 1 + 2^-11 is a tie at half precision
  half.add(1.0);
  half.add(std::ldexp(1.0, -11));
  REQUIRE(half.roundTiesAwayHalf() == 1.0 + std::ldexp(1.0, -10));
  ExactSum big;
  big.add(3.0e38);
  big.add(3.0e38);
  REQUIRE(std::isinf(big.roundTiesAwayFloat()));
}

TEST_CASE("float filtering reproduces the book's 9-bit table and the H100's samples", "[isa][texture]") {
  // Seed 001, 10.5: a texture of i/10, linear filtering at x = 1.5 + 0.1 i (tex1d_unnormalized).
  float t[10];
  for (int i = 0; i < 10; ++i) t[i] = (float)i / 10.0f;
  const uint32_t book[10] = {0x3dcccccd, 0x3de1999a, 0x3df5999a, 0x3e053333, 0x3e0f3333,
                             0x3e19999a, 0x3e240000, 0x3e2e0000, 0x3e386667, 0x3e426667};
  for (int i = 0; i < 10; ++i) {
    float x = 1.5f + (float)i * 0.1f;
    LinearAxis a = linearAxis(x);
    auto w = weights1D(a.alpha256);
    double v[2] = {t[a.i], t[a.i + 1]};
    REQUIRE(bitsOf(filterFloatTexels(v, w.w, 2, FilterPrecision::Float)) == book[i]);
  }
  // texture.dense: f32 texels 0x412bcd7c, 0xb98edb29 at weight 221 -> 0x3fbbe10b (exact sum and
  // one rounding would give 0x3fbbe10a: the small texel is truncated first).
  double v[2] = {fromBits(0x412bcd7c), fromBits(0xb98edb29)};
  int32_t w[2] = {35, 221};
  REQUIRE(bitsOf(filterFloatTexels(v, w, 2, FilterPrecision::Float)) == 0x3fbbe10b);
  // texture.dense: half texels -1088 (0xe440) and -1.0517578125 (0xbc35) at weight 236 -> -85.9375.
  double h[2] = {-1088.0, -1.0517578125};
  int32_t wh[2] = {20, 236};
  REQUIRE(filterFloatTexels(h, wh, 2, FilterPrecision::Half) == -85.9375f);
}

TEST_CASE("trilinear float filtering: slice sums floored to a common grid", "[isa][texture]") {
  // texture.fetch3d words 87564 and 91740 (f32 3D textures): the 8 taps (z slice 0, then 1) and
  // the device's bits. A small slice sum next to a huge one is floored away before the final
  // rounding (exact addition of both slices rounds one ulp toward zero instead).
  const double a[8] = {0x1.cce59cp+0, 0x1.95e748p+0, 0x1.47ae9cp-14,  -0x1.58a37p+99,
                       -0x1.1b335cp+0, 0x1.3ef92p+1, -0x1.9f0b5ap-118, 0x1.fc994p+2};
  const int32_t wa[8] = {6, 90, 2, 30, 6, 90, 2, 30};
  REQUIRE(bitsOf(filterFloatTexels(a, wa, 8, FilterPrecision::Float, 4)) == 0xefa18c9du);
  const double b[8] = {-0x1.2660ecp-2, 0x1.a236acp-8, 0x1.3f3fp+1,  0x1.b9b0bap+23,
                       -0x1.3d2ebep+0, -0x1.77a5d6p-3, -0x1.4689fp+97, 0x1.32b0e2p-14};
  const int32_t wb[8] = {52, 50, 13, 13, 52, 50, 13, 13};
  REQUIRE(bitsOf(filterFloatTexels(b, wb, 8, FilterPrecision::Float, 4)) == 0xee04a80au);
  // Floor, not truncation toward zero: slice 0 sums to the midpoint 0.5 + 2^-25 between two
  // floats, slice 1 to -2^-61; floored to the 2^-33 grid that pulls the total below the midpoint
  // (0.5), truncated it would vanish and the tie would round away (0.5 + 2^-24).
  const double c[8] = {0x1.000001p+0, 0, 0, 0, -0x1p-60, 0, 0, 0};
  const int32_t wc[8] = {128, 0, 0, 0, 128, 0, 0, 0};
  REQUIRE(filterFloatTexels(c, wc, 8, FilterPrecision::Float, 4) == 0.5f);
  const double d[8] = {0x1.000001p+0, 0, 0, 0, 0x1p-60, 0, 0, 0};
  REQUIRE(filterFloatTexels(d, wc, 8, FilterPrecision::Float, 4) == 0x1.000002p-1f);
}

TEST_CASE("normalized integers: correctly rounded quotients and 16-bit fixed-point filtering", "[isa][texture]") {
  for (uint32_t v = 0; v < 256; ++v) {
    float f = unormToFloat(v, 8);
    // Nearest float to v/255: |f - v/255| must not exceed half an ulp of f.
    long double err = std::fabs((long double)f - (long double)v / 255.0L);
    REQUIRE(err <= (long double)std::ldexp(1.0f, std::ilogb(std::max(f, 1e-30f)) - 24));
    int64_t texel[1] = {(int64_t)v};
    int32_t one[1] = {256};
    REQUIRE(filteredUnorm(texel, one, 1, 8) == f);  // v * 257 / 65535 == v / 255
  }
  REQUIRE(snormToFloat(-128, 8) == -1.0f);
  REQUIRE(snormToFloat(-32768, 16) == -1.0f);
  REQUIRE(snormToFloat(127, 8) == 1.0f);
  // 16-bit unsigned, halfway between 0 and 1 with weight 128: E = 0.5 rounds up to 1.
  int64_t pair[2] = {0, 1};
  int32_t halfWeights[2] = {128, 128};
  REQUIRE(filteredUnorm(pair, halfWeights, 2, 16) == roundedQuotient(1, 65535));
  REQUIRE(roundedQuotient(1, 3) == 1.0f / 3.0f);
  REQUIRE(roundedQuotient(-2, 3) == -2.0f / 3.0f);
}

TEST_CASE("signed 8-bit normalized filtering: the fixed-point scale of the H100", "[isa][texture]") {
  // Single texels from texture.pairs_s8 (q = result * 32767): the exact scale 32767/127 with
  // round-half-up gives 14464, -49, -16384 and -16639 for the second, third, fifth and sixth.
  struct Sample {
    int64_t v;
    int32_t w;
    int64_t q;
  } device[] = {{127, 112, 14336}, {127, 113, 14463}, {-1, 48, -48},
                {-1, 49, -50},     {-127, 128, -16383}, {-127, 130, -16640}};
  for (const Sample& d : device) {
    int64_t texels[2] = {d.v, 0};
    int32_t weights[2] = {d.w, 256 - d.w};
    REQUIRE(filteredSnorm(texels, weights, 2, 8) == roundedQuotient(d.q, 32767));
  }
  // Over the whole range of sums: monotonic and within one step of the exact scale 32767/32512.
  int64_t previous = snorm8FilteredStep(-32768);
  for (int64_t p = -32768; p <= 32512; ++p) {
    int64_t q = snorm8FilteredStep(p);
    REQUIRE(q >= previous);
    REQUIRE(std::fabs((double)q - (double)p * 32767.0 / 32512.0) < 1.0);
    previous = q;
  }
  REQUIRE(snorm8FilteredStep(32512) == 32767);  // weight 256 on 127 is exactly 1
  int64_t lowest[1] = {-128};
  int32_t all[1] = {256};
  REQUIRE(filteredSnorm(lowest, all, 1, 8) == -1.0f);  // bounded below by -1
}

TEST_CASE("sRGB filtering: block exponents of the table, alignment, border codes", "[isa][texture]") {
  // Every entry is an 8-bit mantissa under its block's exponent (the exponent of code | 7).
  for (int v = 1; v < 256; ++v) {
    double grid = std::ldexp(1.0, srgbBlockExponent((uint8_t)v) - 8);
    REQUIRE(std::fmod(srgbToLinear((uint8_t)v) / grid, 1.0) == 0.0);
  }
  REQUIRE(srgbBlockExponent(248) == 1);  // 0.9375 shares 1.0's exponent
  REQUIRE(srgbBlockExponent(247) == 0);
  auto filter = [](uint8_t a, uint8_t b, int32_t wb) {
    double t[2] = {srgbToLinear(a), srgbToLinear(b)};
    int e[2] = {srgbBlockExponent(a), srgbBlockExponent(b)};
    int32_t w[2] = {256 - wb, wb};
    return filterSrgbTexels(t, e, w, 2);
  };
  // texture.pairs_srgb: codes 14 and 248 half and half read 0.46875 (code 14's 0.0044 falls
  // below 248's grid of 2^-7; the exact mean is 0.47095); codes 255 and 233 at weight 16 on 233
  // read 0.98828125 (233 is cut to 0.8125 on 1.0's grid; rounding the exact 0.98853 gives 0.98877).
  REQUIRE(filter(14, 248, 128) == 0.46875f);
  REQUIRE(filter(255, 233, 16) == 0.98828125f);
  // A single texel is exact: the table value times the weight, rounded to half.
  REQUIRE(filter(0, 254, 128) == srgbToLinear(254) / 2);
  // texture.srgb (u8x4, border mode, linear): border colours 0.3, 0.25 and 0.5 filter as the
  // table values of codes 149, 137 and 188.
  REQUIRE(linearToSrgbCode(0.3f) == 149);
  REQUIRE(linearToSrgbCode(0.25f) == 137);
  REQUIRE(linearToSrgbCode(0.5f) == 188);
  REQUIRE(linearToSrgbCode(-2.0f) == 0);
  REQUIRE(linearToSrgbCode(7.0f) == 255);
}

TEST_CASE("sRGB decode table: monotonic, from 0 to 1", "[isa][texture]") {
  REQUIRE(srgbToLinear(0) == 0.0f);
  REQUIRE(srgbToLinear(255) == 1.0f);
  for (int v = 1; v < 256; ++v) {
    REQUIRE(srgbToLinear((uint8_t)v) > srgbToLinear((uint8_t)(v - 1)));
    // Within 1% of the sRGB curve (IEC 61966-2-1) everywhere.
    double c = v / 255.0;
    double exact = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    REQUIRE(std::fabs(srgbToLinear((uint8_t)v) - exact) <= 0.01 * exact);
  }
}
