// isa/fp16/bfloat16_convert.h against expectations computed independently of it: a table of
// all finite bfloat16 values decoded with ldexp, and rounding by searching that table in long
// double (exact for every float, double and 64-bit integer input).
//
// The NaN rules cannot be derived from IEEE 754; they are what an H100 and an H200 returned
// (see the comments in bfloat16_convert.h) and are pinned here so that a change is deliberate.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "isa/fp16/bfloat16_convert.h"

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

// Value of a bfloat16 encoding from its fields (finite encodings only).
long double decodeBfloat16(uint16_t b) {
  const int exponentField = (b >> 7) & 0xff;
  const int fraction = b & 0x7f;
  const long double magnitude =
      exponentField == 0 ? std::ldexp(static_cast<long double>(fraction), -133)
                         : std::ldexp(static_cast<long double>(128 + fraction), exponentField - 134);
  return (b & 0x8000) ? -magnitude : magnitude;
}

// The positive finite bfloat16 values in increasing order (encodings 0x0000..0x7f7f).
const std::vector<long double>& positiveBfloat16s() {
  static const std::vector<long double> values = [] {
    std::vector<long double> v;
    for (uint16_t b = 0; b <= 0x7f7f; ++b) v.push_back(decodeBfloat16(b));
    return v;
  }();
  return values;
}

// Reference rounding into bfloat16 by bracketing between neighbouring representable values;
// above the largest finite value the upper neighbour is infinity, placed where 2^128 would be.
uint16_t referenceBfloat16(long double x, Rounding mode) {
  const uint16_t sign = std::signbit(x) ? 0x8000 : 0;
  const long double a = std::fabs(x);
  const std::vector<long double>& grid = positiveBfloat16s();
  const size_t lo =
      static_cast<size_t>(std::upper_bound(grid.begin(), grid.end(), a) - grid.begin()) - 1;
  if (grid[lo] == a) return static_cast<uint16_t>(sign | lo);
  const bool beyond = lo + 1 == grid.size();
  const uint16_t hiBits = beyond ? 0x7f80 : static_cast<uint16_t>(lo + 1);
  const long double hi = beyond ? std::ldexp(1.0L, 128) : grid[lo + 1];
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

// Every bfloat16 value, the midpoints between neighbours, and the floats just beside both,
// for both signs (midpoints of bfloat16 are floats: 9 significant bits).
std::vector<float> criticalFloats() {
  std::vector<float> out;
  const std::vector<long double>& grid = positiveBfloat16s();
  for (size_t i = 0; i < grid.size(); ++i) {
    const long double next = i + 1 < grid.size() ? grid[i + 1] : std::ldexp(1.0L, 128);
    const float value = static_cast<float>(grid[i]);
    const float middle = static_cast<float>((grid[i] + next) / 2);
    for (float f : {value, middle}) {
      for (float g : {f, std::nextafter(f, 0.0f), std::nextafter(f, 3.4e38f)}) {
        out.push_back(g);
        out.push_back(-g);
      }
    }
  }
  out.push_back(3.4028235e38f);
  out.push_back(-3.4028235e38f);
  return out;
}

}  // namespace

TEST_CASE("bfloat16 -> float -> bfloat16 is the identity on every non-NaN encoding",
          "[isa][bf16]") {
  for (uint32_t b = 0; b <= 0xffff; ++b) {
    if (loom::isa::bfloat16IsNaN(static_cast<uint16_t>(b))) continue;
    const uint32_t f = loom::isa::bfloat16BitsToFloatBits(static_cast<uint16_t>(b));
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::floatBitsToBfloat16(f, mode), b, "b = " << std::hex << b);
    }
  }
}

TEST_CASE("bfloat16 -> float is exact and keeps NaN payloads", "[isa][bf16]") {
  for (uint32_t b = 0; b <= 0xffff; ++b) {
    const uint16_t bits = static_cast<uint16_t>(b);
    // Measured: the device widens by a shift, so NaN payloads and signs survive.
    REQUIRE_SAME(loom::isa::bfloat16BitsToFloatBits(bits), b << 16, "b = " << std::hex << b);
    if (!loom::isa::bfloat16IsNaN(bits) && !loom::isa::bfloat16IsInf(bits)) {
      REQUIRE_SAME(static_cast<long double>(loom::isa::bfloat16ToFloat(bits)),
                   decodeBfloat16(bits), "b = " << std::hex << b);
    }
  }
}

TEST_CASE("float -> bfloat16 matches the reference at every critical float", "[isa][bf16]") {
  const std::vector<float> floats = criticalFloats();
  for (Rounding mode : kModes) {
    for (float f : floats) {
      REQUIRE_SAME(loom::isa::floatToBfloat16(f, mode), referenceBfloat16(f, mode),
                   "f = " << std::hexfloat << f << " bits " << std::hex << floatBits(f)
                          << " mode " << static_cast<int>(mode));
    }
  }
}

TEST_CASE("float -> bfloat16 matches the reference across the whole float range",
          "[isa][bf16]") {
  for (uint64_t u = 0; u <= 0xffffffffu; u += 4093) {
    const uint32_t bits = static_cast<uint32_t>(u);
    if ((bits & 0x7f800000) == 0x7f800000) continue;  // inf and NaN: tested below
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::floatBitsToBfloat16(bits, mode),
                   referenceBfloat16(bitsFloat(bits), mode),
                   "bits " << std::hex << bits << " mode " << static_cast<int>(mode));
    }
  }
}

TEST_CASE("float -> bfloat16 round-to-nearest is the usual bit trick on non-NaN floats",
          "[isa][bf16]") {
  // The well-known formulation: add 0x7fff plus the kept lowest bit, then truncate. It is a
  // second oracle, written independently of the table.
  for (uint64_t u = 0; u <= 0xffffffffu; u += 1021) {
    const uint32_t bits = static_cast<uint32_t>(u);
    if ((bits & 0x7fffffff) > 0x7f800000) continue;
    const uint32_t rounded = bits + 0x7fffu + ((bits >> 16) & 1u);
    REQUIRE_SAME(loom::isa::floatBitsToBfloat16(bits, Rounding::NearestEven),
                 static_cast<uint16_t>(rounded >> 16), "bits " << std::hex << bits);
  }
}

TEST_CASE("float -> bfloat16: overflow, subnormals and ties", "[isa][bf16]") {
  using loom::isa::floatToBfloat16;
  // Largest finite bfloat16 is 0x1.fep127; the midpoint to 2^128 is 0x1.ffp127.
  CHECK(floatToBfloat16(0x1.fefffep127f, Rounding::NearestEven) == 0x7f7f);
  CHECK(floatToBfloat16(0x1.ffp127f, Rounding::NearestEven) == 0x7f80);
  CHECK(floatToBfloat16(0x1.fffffep127f, Rounding::TowardZero) == 0x7f7f);
  CHECK(floatToBfloat16(0x1.fffffep127f, Rounding::Up) == 0x7f80);
  CHECK(floatToBfloat16(-0x1.fffffep127f, Rounding::Up) == 0xff7f);
  CHECK(floatToBfloat16(-0x1.fffffep127f, Rounding::Down) == 0xff80);
  // Float subnormals map onto bfloat16 subnormals, without flushing.
  CHECK(floatToBfloat16(0x1p-133f, Rounding::NearestEven) == 0x0001);
  CHECK(floatToBfloat16(0x1p-149f, Rounding::NearestEven) == 0x0000);
  CHECK(floatToBfloat16(0x1p-149f, Rounding::Up) == 0x0001);
  CHECK(floatToBfloat16(-0x1p-149f, Rounding::Down) == 0x8001);
  CHECK(floatToBfloat16(0x1p-134f, Rounding::NearestEven) == 0x0000);   // tie -> even 0
  CHECK(floatToBfloat16(0x3p-134f, Rounding::NearestEven) == 0x0002);   // tie 1.5 -> 2
  // Ties between normals.
  CHECK(floatToBfloat16(1.0f + 0x1p-8f, Rounding::NearestEven) == 0x3f80);
  CHECK(floatToBfloat16(1.0f + 0x3p-8f, Rounding::NearestEven) == 0x3f82);
  CHECK(floatToBfloat16(-0.0f, Rounding::NearestEven) == 0x8000);
}

TEST_CASE("float -> bfloat16: infinities and NaNs", "[isa][bf16]") {
  for (Rounding mode : kModes) {
    CHECK(loom::isa::floatBitsToBfloat16(0x7f800000u, mode) == 0x7f80);
    CHECK(loom::isa::floatBitsToBfloat16(0xff800000u, mode) == 0xff80);
    // Measured: every float NaN, any sign or payload, becomes 0x7fff.
    for (uint32_t payload : {0x1u, 0x10000u, 0x400000u, 0x7fffffu, 0x12345u}) {
      CHECK(loom::isa::floatBitsToBfloat16(0x7f800000u | payload, mode) == 0x7fff);
      CHECK(loom::isa::floatBitsToBfloat16(0xff800000u | payload, mode) == 0x7fff);
    }
  }
}

TEST_CASE("double -> bfloat16 rounds once", "[isa][bf16]") {
  uint64_t state = 0x2545f4914f6cdd1dull;
  for (int i = 0; i < 400000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const uint64_t exponent = 1023 - 140 + ((state >> 20) % 272);  // 2^-140 .. 2^131
    uint64_t bits = (state & 0x800fffffffffffffull) | (exponent << 52);
    if ((state >> 8) % 4 == 0) bits &= ~0x00001fffffffffffull;  // exact or tie at 8 bits
    double d;
    std::memcpy(&d, &bits, sizeof d);
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::doubleBitsToBfloat16(bits, mode), referenceBfloat16(d, mode),
                   "bits " << std::hex << bits << " mode " << static_cast<int>(mode));
    }
  }
  // Through float this would round twice: 1 + 2^-8 + 2^-40 rounds to the float 1 + 2^-8, a
  // tie that would then go down to 1; rounded once it goes up.
  CHECK(loom::isa::doubleToBfloat16(1.0 + 0x1p-8 + 0x1p-40, Rounding::NearestEven) == 0x3f81);
}

TEST_CASE("double -> bfloat16 keeps NaN sign and payload", "[isa][bf16]") {
  // Measured: the quiet bit is set and the top 7 payload bits are kept.
  CHECK(loom::isa::doubleBitsToBfloat16(0x7ff4b2180683eb61ull, Rounding::NearestEven) == 0x7fe5);
  CHECK(loom::isa::doubleBitsToBfloat16(0xfff4ab83d22d9c67ull, Rounding::NearestEven) == 0xffe5);
  CHECK(loom::isa::doubleBitsToBfloat16(0x7ff0000000000001ull, Rounding::NearestEven) == 0x7fc0);
}

TEST_CASE("integer -> bfloat16", "[isa][bf16]") {
  uint64_t state = 777;
  for (int i = 0; i < 200000; ++i) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    const uint64_t u = state >> (state % 64);
    const int64_t s = (state & 1) ? -static_cast<int64_t>(u >> 1) : static_cast<int64_t>(u >> 1);
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::uint64ToBfloat16(u, mode),
                   referenceBfloat16(static_cast<long double>(u), mode),
                   "u " << u << " mode " << static_cast<int>(mode));
      REQUIRE_SAME(loom::isa::int64ToBfloat16(s, mode),
                   referenceBfloat16(static_cast<long double>(s), mode),
                   "s " << s << " mode " << static_cast<int>(mode));
    }
  }
  CHECK(loom::isa::int64ToBfloat16(257, Rounding::NearestEven) == 0x4380);  // 256
  CHECK(loom::isa::int64ToBfloat16(259, Rounding::NearestEven) == 0x4382);  // 260
  CHECK(loom::isa::int64ToBfloat16(INT64_MAX, Rounding::NearestEven) == 0x5f00);  // 2^63
  CHECK(loom::isa::int64ToBfloat16(INT64_MAX, Rounding::TowardZero) == 0x5eff);
  CHECK(loom::isa::int64ToBfloat16(INT64_MIN, Rounding::TowardZero) == 0xdf00);
}

namespace {

template <typename Int>
Int referenceToInteger(uint16_t b, Rounding mode) {
  if (loom::isa::bfloat16IsNaN(b)) return sizeof(Int) == 8 ? static_cast<Int>(uint64_t{1} << 63) : 0;
  long double v;
  if (loom::isa::bfloat16IsInf(b)) {
    v = (b & 0x8000) ? -1e40L : 1e40L;
  } else {
    v = decodeBfloat16(b);
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
void checkAllBfloat16sToInteger() {
  for (uint32_t b = 0; b <= 0xffff; ++b) {
    for (Rounding mode : kModes) {
      REQUIRE_SAME(loom::isa::bfloat16ToInteger<Int>(static_cast<uint16_t>(b), mode),
                   referenceToInteger<Int>(static_cast<uint16_t>(b), mode),
                   "b " << std::hex << b << " mode " << static_cast<int>(mode) << " bytes "
                        << sizeof(Int));
    }
  }
}

}  // namespace

TEST_CASE("bfloat16 -> integer rounds, saturates and maps NaN as the device does",
          "[isa][bf16]") {
  checkAllBfloat16sToInteger<signed char>();
  checkAllBfloat16sToInteger<unsigned char>();
  checkAllBfloat16sToInteger<short>();
  checkAllBfloat16sToInteger<unsigned short>();
  checkAllBfloat16sToInteger<int>();
  checkAllBfloat16sToInteger<unsigned int>();
  checkAllBfloat16sToInteger<long long>();
  checkAllBfloat16sToInteger<unsigned long long>();
  // Measured edge behaviour: huge negatives saturate to the minimum, NaN gives 0 or 2^63.
  CHECK(loom::isa::bfloat16ToInteger<int>(0xfd60, Rounding::NearestEven) == INT32_MIN);
  CHECK(loom::isa::bfloat16ToInteger<long long>(0xff80, Rounding::TowardZero) == INT64_MIN);
  CHECK(loom::isa::bfloat16ToInteger<unsigned long long>(0x7f7f, Rounding::TowardZero) ==
        UINT64_MAX);
  CHECK(loom::isa::bfloat16ToInteger<int>(0x7fc0, Rounding::NearestEven) == 0);
  CHECK(loom::isa::bfloat16ToInteger<long long>(0x7fc0, Rounding::NearestEven) == INT64_MIN);
}

TEST_CASE("bfloat16 conversions are usable in constant expressions", "[isa][bf16]") {
  static_assert(loom::isa::floatToBfloat16(1.0f, Rounding::NearestEven) == 0x3f80, "");
  static_assert(loom::isa::bfloat16ToFloat(0x4049) == 3.140625f, "");
  static_assert(loom::isa::int64ToBfloat16(-2, Rounding::NearestEven) == 0xc000, "");
  SUCCEED();
}
