// isa/fp16/half_convert.h against expectations computed independently of it: a table of all
// finite binary16 values decoded with ldexp, and rounding by searching that table in long
// double (exact for every float, double and 64-bit integer input). Where the compiler has
// _Float16 (g++ 12 on x86-64), its round-to-nearest-even conversions are a second oracle.
//
// The NaN rules cannot be derived from IEEE 754; they are what an H100 and an H200 returned
// (see the comments in half_convert.h) and are pinned here so that a change is deliberate.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "isa/fp16/half_convert.h"

using loom::isa::Rounding;

// REQUIRE(got == expected) that builds its context message only on failure: the loops below
// run millions of times, and INFO would format a string for each.
#define REQUIRE_SAME(got, expected, context) \
  do {                                       \
    const auto loomGot = (got);              \
    const auto loomExpected = (expected);    \
    if (loomGot != loomExpected) {           \
      INFO(context);                         \
      REQUIRE(loomGot == loomExpected);      \
    }                                        \
  } while (0)

namespace {

static_assert(std::numeric_limits<long double>::digits >= 64,
              "the reference needs a long double that holds every int64 and double exactly");

constexpr Rounding kModes[] = {Rounding::NearestEven, Rounding::TowardZero, Rounding::Down,
                               Rounding::Up};

uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}
float bitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
uint64_t doubleBits(double d) {
  uint64_t u;
  std::memcpy(&u, &d, sizeof u);
  return u;
}

// Value of a binary16 encoding from its fields (finite encodings only).
long double decodeHalf(uint16_t h) {
  const int exponentField = (h >> 10) & 0x1f;
  const int fraction = h & 0x3ff;
  const long double magnitude =
      exponentField == 0 ? std::ldexp(static_cast<long double>(fraction), -24)
                         : std::ldexp(static_cast<long double>(1024 + fraction), exponentField - 25);
  return (h & 0x8000) ? -magnitude : magnitude;
}

// The positive finite binary16 values in increasing order (encodings 0x0000..0x7bff).
const std::vector<long double>& positiveHalves() {
  static const std::vector<long double> values = [] {
    std::vector<long double> v;
    for (uint16_t h = 0; h <= 0x7bff; ++h) v.push_back(decodeHalf(h));
    return v;
  }();
  return values;
}

// Reference rounding of an exact value into binary16, by bracketing it between two
// neighbouring representable values. Above the largest finite value the upper neighbour is
// infinity, which for round-to-nearest sits where 2^16 would (IEEE 754's overflow rule).
uint16_t referenceHalf(long double x, Rounding mode) {
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const long double a = std::fabs(x);
  const std::vector<long double>& grid = positiveHalves();
  const size_t lo = static_cast<size_t>(std::upper_bound(grid.begin(), grid.end(), a) - grid.begin()) - 1;
  if (grid[lo] == a) return static_cast<uint16_t>(sign | lo);
  const bool beyond = lo + 1 == grid.size();
  const uint16_t hiBits = beyond ? 0x7c00 : static_cast<uint16_t>(lo + 1);
  const long double hi = beyond ? 65536.0L : grid[lo + 1];
  bool up = false;  // away from zero
  switch (mode) {
    case Rounding::NearestEven:
      up = 2 * a > grid[lo] + hi || (2 * a == grid[lo] + hi && (lo & 1) != 0);
      break;
    case Rounding::TowardZero: up = false; break;
    case Rounding::Down: up = sign != 0; break;
    case Rounding::Up: up = sign == 0; break;
  }
  return static_cast<uint16_t>(sign | (up ? hiBits : lo));
}

// Floats that stress a conversion: every half value, the midpoints between neighbours and
// the floats just beside both, for both signs; below the subnormal range and above the
// overflow threshold too.
std::vector<float> criticalFloats() {
  std::vector<float> out;
  const std::vector<long double>& grid = positiveHalves();
  for (size_t i = 0; i < grid.size(); ++i) {
    const long double next = i + 1 < grid.size() ? grid[i + 1] : 65536.0L;
    const float value = static_cast<float>(grid[i]);
    const float middle = static_cast<float>((grid[i] + next) / 2);  // exact in float
    for (float f : {value, middle}) {
      for (float g : {f, std::nextafter(f, 0.0f), std::nextafter(f, 1e30f)}) {
        out.push_back(g);
        out.push_back(-g);
      }
    }
  }
  for (float f : {1e-45f, 1e-30f, 2.9802322e-8f, 65504.0f, 65519.996f, 65520.0f, 65536.0f,
                  1e10f, 3.4028235e38f}) {
    out.push_back(f);
    out.push_back(-f);
  }
  return out;
}

}  // namespace

TEST_CASE("half -> float -> half is the identity on every non-NaN encoding", "[isa][fp16]") {
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    if (loom::isa::halfIsNaN(static_cast<uint16_t>(h))) continue;
    const uint32_t f = loom::isa::halfBitsToFloatBits(static_cast<uint16_t>(h));
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::floatBitsToHalf(f, mode), h, "h = " << std::hex << h);
    }
  }
}

TEST_CASE("half -> float gives each encoding's exact value", "[isa][fp16]") {
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    const uint16_t bits = static_cast<uint16_t>(h);
    if (loom::isa::halfIsNaN(bits)) {
      // Measured: cvt.f32.f16 returns the canonical float NaN for every NaN input.
      REQUIRE_SAME(loom::isa::halfBitsToFloatBits(bits), 0x7fffffffu, "h = " << std::hex << h);
    } else if (loom::isa::halfIsInf(bits)) {
      REQUIRE_SAME(loom::isa::halfBitsToFloatBits(bits),
                   (h & 0x8000) ? 0xff800000u : 0x7f800000u, "h = " << std::hex << h);
    } else {
      const float f = loom::isa::halfToFloat(bits);
      REQUIRE_SAME(static_cast<long double>(f), decodeHalf(bits), "h = " << std::hex << h);
      REQUIRE_SAME(std::signbit(f), (h & 0x8000) != 0, "h = " << std::hex << h);
    }
  }
}

TEST_CASE("float -> half matches the reference at every critical float", "[isa][fp16]") {
  const std::vector<float> floats = criticalFloats();
  for (Rounding mode : kModes) {
    for (float f : floats) {
      REQUIRE_SAME(loom::isa::floatToHalf(f, mode), referenceHalf(f, mode),
                   "f = " << std::hexfloat << f << " bits " << std::hex << floatBits(f)
                          << " mode " << static_cast<int>(mode));
    }
  }
}

TEST_CASE("float -> half matches the reference across the whole float range", "[isa][fp16]") {
  for (uint64_t u = 0; u <= 0xffffffffu; u += 4093) {
    const uint32_t bits = static_cast<uint32_t>(u);
    if ((bits & 0x7f800000) == 0x7f800000) continue;  // inf and NaN: tested below
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::floatBitsToHalf(bits, mode), referenceHalf(bitsFloat(bits), mode),
                   "bits " << std::hex << bits << " mode " << static_cast<int>(mode));
    }
  }
}

#if defined(__FLT16_MAX__)
TEST_CASE("float -> half round-to-nearest agrees with the compiler's _Float16", "[isa][fp16]") {
  for (uint64_t u = 0; u <= 0xffffffffu; u += 1021) {
    const uint32_t bits = static_cast<uint32_t>(u);
    if ((bits & 0x7fffffff) > 0x7f800000) continue;  // NaN: the device's rule, tested below
    const _Float16 h = static_cast<_Float16>(bitsFloat(bits));
    uint16_t expected;
    std::memcpy(&expected, &h, sizeof expected);
    REQUIRE_SAME(loom::isa::floatBitsToHalf(bits, Rounding::NearestEven), expected,
                 "bits " << std::hex << bits);
  }
}
#endif

TEST_CASE("float -> half: overflow, underflow and ties", "[isa][fp16]") {
  using loom::isa::floatToHalf;
  // Overflow: past the midpoint between 65504 and 2^16, round-to-nearest gives infinity,
  // round-toward-zero keeps the largest finite value.
  CHECK(floatToHalf(65519.996f, Rounding::NearestEven) == 0x7bff);
  CHECK(floatToHalf(65520.0f, Rounding::NearestEven) == 0x7c00);
  CHECK(floatToHalf(65520.0f, Rounding::TowardZero) == 0x7bff);
  CHECK(floatToHalf(1e30f, Rounding::TowardZero) == 0x7bff);
  CHECK(floatToHalf(1e30f, Rounding::Up) == 0x7c00);
  CHECK(floatToHalf(1e30f, Rounding::Down) == 0x7bff);
  CHECK(floatToHalf(-1e30f, Rounding::Down) == 0xfc00);
  CHECK(floatToHalf(-1e30f, Rounding::Up) == 0xfbff);
  // Underflow: 2^-25 is the tie between 0 and the smallest subnormal 2^-24.
  CHECK(floatToHalf(0x1p-25f, Rounding::NearestEven) == 0x0000);
  CHECK(floatToHalf(0x1.000002p-25f, Rounding::NearestEven) == 0x0001);
  CHECK(floatToHalf(0x1.8p-24f, Rounding::NearestEven) == 0x0002);  // tie 1.5 ulp -> 2
  CHECK(floatToHalf(0x1p-149f, Rounding::Up) == 0x0001);
  CHECK(floatToHalf(-0x1p-149f, Rounding::Down) == 0x8001);
  CHECK(floatToHalf(-0x1p-149f, Rounding::NearestEven) == 0x8000);
  // Ties between normals go to the even encoding.
  CHECK(floatToHalf(1.0f + 0x1p-11f, Rounding::NearestEven) == 0x3c00);
  CHECK(floatToHalf(1.0f + 3 * 0x1p-11f, Rounding::NearestEven) == 0x3c02);
  // Just below the smallest normal, rounding carries out of the subnormal significand.
  CHECK(floatToHalf(0x1.ff8p-15f, Rounding::NearestEven) == 0x03ff);
  CHECK(floatToHalf(0x1.ffep-15f, Rounding::NearestEven) == 0x0400);
  // Zeros keep their sign.
  CHECK(floatToHalf(-0.0f, Rounding::NearestEven) == 0x8000);
  CHECK(floatToHalf(0.0f, Rounding::Down) == 0x0000);
}

TEST_CASE("float -> half: infinities and NaNs", "[isa][fp16]") {
  for (Rounding mode : kModes) {
    CHECK(loom::isa::floatBitsToHalf(0x7f800000u, mode) == 0x7c00);
    CHECK(loom::isa::floatBitsToHalf(0xff800000u, mode) == 0xfc00);
    // Measured: every float NaN, any sign or payload, becomes 0x7fff.
    for (uint32_t payload : {0x1u, 0x2000u, 0x400000u, 0x7fffffu, 0x12345u}) {
      CHECK(loom::isa::floatBitsToHalf(0x7f800000u | payload, mode) == 0x7fff);
      CHECK(loom::isa::floatBitsToHalf(0xff800000u | payload, mode) == 0x7fff);
    }
  }
}

TEST_CASE("double -> half rounds once", "[isa][fp16]") {
  // Random doubles around the half range, with many near-ties.
  uint64_t state = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 400000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const uint64_t exponent = 1023 - 30 + ((state >> 20) % 50);
    uint64_t bits = (state & 0x800fffffffffffffull) | (exponent << 52);
    if ((state >> 8) % 4 == 0) bits &= ~0x000001ffffffffffull;  // exact or tie at half precision
    double d;
    std::memcpy(&d, &bits, sizeof d);
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::doubleBitsToHalf(bits, mode), referenceHalf(d, mode),
                   "bits " << std::hex << bits << " mode " << static_cast<int>(mode));
    }
  }
  // Through float this would round twice: 1 + 2^-11 + 2^-40 rounds to the float 1 + 2^-11,
  // a tie that would then go down to 1; rounded once it goes up.
  CHECK(loom::isa::doubleToHalf(1.0 + 0x1p-11 + 0x1p-40, Rounding::NearestEven) == 0x3c01);
}

TEST_CASE("double -> half keeps NaN sign and payload", "[isa][fp16]") {
  // Measured: cvt.rn.f16.f64 sets the quiet bit and keeps the top 10 payload bits.
  CHECK(loom::isa::doubleBitsToHalf(0x7ff4b2180683eb61ull, Rounding::NearestEven) == 0x7f2c);
  CHECK(loom::isa::doubleBitsToHalf(0xfff4ab83d22d9c67ull, Rounding::NearestEven) == 0xff2a);
  CHECK(loom::isa::doubleBitsToHalf(0x7ff0000000000001ull, Rounding::NearestEven) == 0x7e00);
  CHECK(loom::isa::doubleBitsToHalf(doubleBits(-INFINITY), Rounding::NearestEven) == 0xfc00);
}

TEST_CASE("integer -> half", "[isa][fp16]") {
  uint64_t state = 12345;
  for (int i = 0; i < 200000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const uint64_t u = state >> (state % 64);
    const int64_t s = (state & 1) ? -static_cast<int64_t>(u >> 1) : static_cast<int64_t>(u >> 1);
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::uint64ToHalf(u, mode), referenceHalf(static_cast<long double>(u), mode),
                   "u " << u << " mode " << static_cast<int>(mode));
      REQUIRE_SAME(loom::isa::int64ToHalf(s, mode), referenceHalf(static_cast<long double>(s), mode),
                   "s " << s << " mode " << static_cast<int>(mode));
    }
  }
  CHECK(loom::isa::int64ToHalf(INT64_MIN, Rounding::NearestEven) == 0xfc00);
  CHECK(loom::isa::int64ToHalf(INT64_MIN, Rounding::TowardZero) == 0xfbff);
  CHECK(loom::isa::uint64ToHalf(UINT64_MAX, Rounding::Down) == 0x7bff);
  CHECK(loom::isa::int64ToHalf(2049, Rounding::NearestEven) == 0x6800);  // 2048
  CHECK(loom::isa::int64ToHalf(2051, Rounding::NearestEven) == 0x6802);  // 2052
  CHECK(loom::isa::int64ToHalf(0, Rounding::Down) == 0x0000);
}

namespace {

// Reference half -> integer: round the exact value in long double, then clamp.
template <typename Int>
Int referenceToInteger(uint16_t h, Rounding mode) {
  if (loom::isa::halfIsNaN(h)) return sizeof(Int) == 8 ? static_cast<Int>(uint64_t{1} << 63) : 0;
  long double v;
  if (loom::isa::halfIsInf(h)) {
    v = (h & 0x8000) ? -1e30L : 1e30L;
  } else {
    v = decodeHalf(h);
  }
  long double r = 0;
  switch (mode) {
    case Rounding::TowardZero: r = std::trunc(v); break;
    case Rounding::Down: r = std::floor(v); break;
    case Rounding::Up: r = std::ceil(v); break;
    case Rounding::NearestEven: {
      r = std::floor(v);
      const long double rest = v - r;
      if (rest > 0.5L || (rest == 0.5L && std::fmod(r, 2.0L) != 0)) r += 1;
      break;
    }
  }
  const long double lowest = static_cast<long double>(std::numeric_limits<Int>::min());
  const long double highest = static_cast<long double>(std::numeric_limits<Int>::max());
  if (r <= lowest) return std::numeric_limits<Int>::min();
  if (r >= highest) return std::numeric_limits<Int>::max();
  return static_cast<Int>(r);
}

template <typename Int>
void checkAllHalvesToInteger() {
  for (uint32_t h = 0; h <= 0xffff; ++h) {
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::halfToInteger<Int>(static_cast<uint16_t>(h), mode),
                   referenceToInteger<Int>(static_cast<uint16_t>(h), mode),
                   "h " << std::hex << h << " mode " << static_cast<int>(mode) << " bytes "
                        << sizeof(Int));
    }
  }
}

}  // namespace

TEST_CASE("half -> integer rounds, saturates and maps NaN as the device does", "[isa][fp16]") {
  checkAllHalvesToInteger<signed char>();
  checkAllHalvesToInteger<unsigned char>();
  checkAllHalvesToInteger<short>();
  checkAllHalvesToInteger<unsigned short>();
  checkAllHalvesToInteger<int>();
  checkAllHalvesToInteger<unsigned int>();
  checkAllHalvesToInteger<long long>();
  checkAllHalvesToInteger<unsigned long long>();
  // Spot checks of the measured edge behaviour.
  CHECK(loom::isa::halfToInteger<int>(0xfc00, Rounding::TowardZero) == INT32_MIN);
  CHECK(loom::isa::halfToInteger<unsigned>(0xfc00, Rounding::TowardZero) == 0u);
  CHECK(loom::isa::halfToInteger<int>(0x7e00, Rounding::NearestEven) == 0);
  CHECK(loom::isa::halfToInteger<unsigned long long>(0x7e00, Rounding::NearestEven) ==
        0x8000000000000000ull);
  CHECK(loom::isa::halfToInteger<short>(0x7bff, Rounding::NearestEven) == 32767);
  CHECK(loom::isa::halfToInteger<int>(0x3800, Rounding::NearestEven) == 0);   // 0.5 -> 0
  CHECK(loom::isa::halfToInteger<int>(0x3e00, Rounding::NearestEven) == 2);   // 1.5 -> 2
  CHECK(loom::isa::halfToInteger<int>(0xbe00, Rounding::Down) == -2);         // -1.5
}

TEST_CASE("half conversions are usable in constant expressions", "[isa][fp16]") {
  static_assert(loom::isa::floatToHalf(1.0f, Rounding::NearestEven) == 0x3c00, "");
  static_assert(loom::isa::halfToFloat(0x3555) == 0.333251953125f, "");
  static_assert(loom::isa::int64ToHalf(-2, Rounding::NearestEven) == 0xc000, "");
  static_assert(loom::isa::halfToInteger<int>(0x4248, Rounding::TowardZero) == 3, "");
  SUCCEED();
}
