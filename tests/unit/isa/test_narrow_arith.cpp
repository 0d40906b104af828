// isa/fp16/narrow_arith.h against an independent reference: operands decoded with ldexp,
// the operation done in long double, its exact error recovered (TwoSum for sums, the
// remainder for quotients), and the exact result rounded by searching a table of every
// finite value of the format. The round-to-nearest-even results were also compared with an
// H100 and an H200 over all operand pairs (see narrow_arith.h); this test keeps the integer
// implementation honest in all four directions and on the special cases.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "isa/fp16/narrow_arith.h"

using loom::isa::Bfloat16Format;
using loom::isa::HalfFormat;
using loom::isa::Rounding;

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

static_assert(std::numeric_limits<long double>::digits >= 64, "reference needs x87-or-wider");

constexpr Rounding kModes[] = {Rounding::NearestEven, Rounding::TowardZero, Rounding::Down,
                               Rounding::Up};

// Per-format facts the reference needs, stated independently of the implementation.
template <class F>
struct Facts;
template <>
struct Facts<HalfFormat> {
  static constexpr int kMant = 10;
  static constexpr int kMinExp = -24;  // value of one subnormal unit: 2^-24
  static constexpr uint16_t kMaxFinite = 0x7bff;
  static constexpr int kOverflowExp = 16;  // where the next value after the largest would be
  static constexpr uint16_t kOne = 0x3c00;
};
template <>
struct Facts<Bfloat16Format> {
  static constexpr int kMant = 7;
  static constexpr int kMinExp = -133;
  static constexpr uint16_t kMaxFinite = 0x7f7f;
  static constexpr int kOverflowExp = 128;
  static constexpr uint16_t kOne = 0x3f80;
};

template <class F>
bool isNaN(uint16_t x) {
  return (x & 0x7fff) > Facts<F>::kMaxFinite + 1;
}
template <class F>
bool isInf(uint16_t x) {
  return (x & 0x7fff) == Facts<F>::kMaxFinite + 1;
}

template <class F>
long double decode(uint16_t x) {
  constexpr int M = Facts<F>::kMant;
  const int field = (x & 0x7fff) >> M;
  const int fraction = x & ((1 << M) - 1);
  const long double magnitude =
      field == 0 ? std::ldexp(static_cast<long double>(fraction), Facts<F>::kMinExp)
                 : std::ldexp(static_cast<long double>((1 << M) + fraction),
                              Facts<F>::kMinExp + field - 1);
  return (x & 0x8000) ? -magnitude : magnitude;
}

template <class F>
const std::vector<long double>& grid() {
  static const std::vector<long double> values = [] {
    std::vector<long double> v;
    for (uint32_t x = 0; x <= Facts<F>::kMaxFinite; ++x)
      v.push_back(decode<F>(static_cast<uint16_t>(x)));
    return v;
  }();
  return values;
}

// Rounds the exact value x + tiny * sticky (sticky in {-1, 0, 1}, tiny smaller than any gap
// that matters) into F. A zero exact result carries the sign given by the caller.
template <class F>
uint16_t referenceRound(long double x, int sticky, Rounding mode) {
  const bool negative = x < 0 || (x == 0 && sticky < 0);
  const uint16_t sign = negative ? 0x8000 : 0;
  const long double a = std::fabs(x);
  const int magnitudeSticky = negative ? -sticky : sticky;  // direction of |exact| from a
  const std::vector<long double>& g = grid<F>();
  size_t lo = static_cast<size_t>(std::upper_bound(g.begin(), g.end(), a) - g.begin()) - 1;
  if (g[lo] == a && magnitudeSticky == 0) return static_cast<uint16_t>(sign | lo);
  if (g[lo] == a && magnitudeSticky < 0) --lo;  // exact value is just below a grid point
  const bool beyond = lo + 1 == g.size();
  const long double hi = beyond ? std::ldexp(1.0L, Facts<F>::kOverflowExp) : g[lo + 1];
  const uint16_t hiBits = static_cast<uint16_t>(lo + 1);  // max+1 is the infinity encoding
  bool up = false;
  switch (mode) {
    case Rounding::NearestEven: {
      const long double twice = 2 * a, sum = g[lo] + hi;
      if (twice != sum) {
        up = twice > sum;
      } else if (magnitudeSticky != 0) {
        up = magnitudeSticky > 0;
      } else {
        up = (lo & 1) != 0;
      }
      break;
    }
    case Rounding::TowardZero:
      up = false;
      break;
    case Rounding::Down:
      up = negative;
      break;
    case Rounding::Up:
      up = !negative;
      break;
  }
  return static_cast<uint16_t>(sign | (up ? hiBits : lo));
}

// Exact sum s + err of two long doubles (Knuth's TwoSum).
void twoSum(long double a, long double b, long double& s, long double& err) {
  s = a + b;
  const long double bb = s - a;
  err = (a - (s - bb)) + (b - bb);
}
int signOf(long double v) { return v > 0 ? 1 : v < 0 ? -1 : 0; }

// Reference a*b + c for finite, non-NaN operands (the product is exact in long double).
template <class F>
uint16_t referenceFma(uint16_t a, uint16_t b, uint16_t c, Rounding mode) {
  const long double product = decode<F>(a) * decode<F>(b);
  const long double addend = decode<F>(c);
  long double s, err;
  twoSum(product, addend, s, err);
  if (s == 0 && err == 0) {
    // Exact zero: IEEE's sign rules.
    const bool productNeg = ((a ^ b) & 0x8000) != 0, addendNeg = (c & 0x8000) != 0;
    const bool bothZero = product == 0 && addend == 0;
    const bool negative = bothZero && productNeg == addendNeg ? productNeg : mode == Rounding::Down;
    return negative ? 0x8000 : 0;
  }
  return referenceRound<F>(s, signOf(err), mode);
}

template <class F>
uint16_t referenceDiv(uint16_t a, uint16_t b, Rounding mode) {
  const long double x = decode<F>(a), y = decode<F>(b);
  const bool negative = ((a ^ b) & 0x8000) != 0;
  if (x == 0) return negative ? 0x8000 : 0;
  const long double q = x / y;
  const long double remainder = std::fmal(-q, y, x);  // exact: x - q*y
  return referenceRound<F>(q, signOf(remainder) * (y < 0 ? -1 : 1), mode);
}

uint64_t nextRandom(uint64_t& state) {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return state >> 11;
}

// Operands that exercise the edges: zeros, the smallest and largest subnormals and normals,
// numbers around 1, the largest finite values, and random others.
template <class F>
std::vector<uint16_t> interestingOperands() {
  const uint16_t maxFinite = Facts<F>::kMaxFinite;
  const uint16_t minNormal = static_cast<uint16_t>(1 << Facts<F>::kMant);
  const uint16_t one = Facts<F>::kOne;
  std::vector<uint16_t> base = {0,
                                1,
                                2,
                                3,
                                static_cast<uint16_t>(minNormal - 1),
                                minNormal,
                                static_cast<uint16_t>(minNormal + 1),
                                one,
                                static_cast<uint16_t>(one + 1),
                                static_cast<uint16_t>(one - 1),
                                static_cast<uint16_t>(one + minNormal),
                                maxFinite,
                                static_cast<uint16_t>(maxFinite - 1)};
  uint64_t state = 99;
  for (int i = 0; i < 40; ++i) base.push_back(static_cast<uint16_t>(nextRandom(state) % maxFinite));
  std::vector<uint16_t> out;
  for (uint16_t x : base) {
    out.push_back(x);
    out.push_back(static_cast<uint16_t>(x | 0x8000));
  }
  return out;
}

template <class F>
void checkAgainstReference() {
  using namespace loom::isa;
  const std::vector<uint16_t> edges = interestingOperands<F>();
  auto checkPair = [](uint16_t a, uint16_t b, Rounding mode) {
    const uint16_t negB = static_cast<uint16_t>(b ^ 0x8000);
    // a + b is a*1 + b exactly; the reference computes it by TwoSum like any other sum.
    REQUIRE_SAME(narrowAdd<F>(a, b, mode), referenceFma<F>(a, Facts<F>::kOne, b, mode),
                 "add " << std::hex << a << " " << b << " mode " << static_cast<int>(mode));
    REQUIRE_SAME(narrowSub<F>(a, b, mode), referenceFma<F>(a, Facts<F>::kOne, negB, mode),
                 "sub " << std::hex << a << " " << b << " mode " << static_cast<int>(mode));
    REQUIRE_SAME(narrowMul<F>(a, b, mode), referenceFma<F>(a, b, 0x8000, mode),
                 "mul " << std::hex << a << " " << b << " mode " << static_cast<int>(mode));
    if ((b & 0x7fff) != 0) {
      REQUIRE_SAME(narrowDiv<F>(a, b, mode), referenceDiv<F>(a, b, mode),
                   "div " << std::hex << a << " " << b << " mode " << static_cast<int>(mode));
    }
  };
  for (Rounding mode : kModes) {
    for (uint16_t a : edges) {
      for (uint16_t b : edges) checkPair(a, b, mode);
    }
  }
  uint64_t state = 2024;
  for (int i = 0; i < 300000; ++i) {
    const uint64_t r = nextRandom(state);
    const uint16_t a = static_cast<uint16_t>(r % (Facts<F>::kMaxFinite + 1)) | ((r >> 40) & 0x8000);
    const uint16_t b =
        static_cast<uint16_t>((r >> 16) % (Facts<F>::kMaxFinite + 1)) | ((r >> 41) & 0x8000);
    checkPair(a, b, kModes[i % 4]);
  }
  for (int i = 0; i < 300000; ++i) {
    const uint64_t r = nextRandom(state), r2 = nextRandom(state);
    const uint16_t a = static_cast<uint16_t>(r % (Facts<F>::kMaxFinite + 1)) | ((r >> 40) & 0x8000);
    const uint16_t b =
        static_cast<uint16_t>((r >> 16) % (Facts<F>::kMaxFinite + 1)) | ((r >> 41) & 0x8000);
    uint16_t c = static_cast<uint16_t>(r2 % (Facts<F>::kMaxFinite + 1)) | ((r2 >> 40) & 0x8000);
    if (i % 2 == 0) {
      // Aim c at -a*b so the sum cancels: the hard case for a sticky bit.
      const long double product = decode<F>(a) * decode<F>(b);
      const uint16_t near = referenceRound<F>(-product, 0, Rounding::TowardZero);
      if (!isInf<F>(near)) c = static_cast<uint16_t>(near + (r2 % 3) - 1);
      if (isNaN<F>(c) || isInf<F>(c)) c = near;
    }
    const Rounding mode = kModes[i % 4];
    const uint16_t expected = referenceFma<F>(a, b, c, mode);
    REQUIRE_SAME(
        narrowFma<F>(a, b, c, mode), expected,
        "fma " << std::hex << a << " " << b << " " << c << " mode " << static_cast<int>(mode));
  }
}

}  // namespace

TEST_CASE("half add/sub/mul/div/fma round once, in every direction", "[isa][fp16]") {
  checkAgainstReference<HalfFormat>();
}

TEST_CASE("bfloat16 add/sub/mul/div/fma round once, in every direction", "[isa][bf16]") {
  checkAgainstReference<Bfloat16Format>();
}

TEST_CASE("fma rounds once where a double computation would round twice", "[isa][bf16]") {
  using loom::isa::narrowFma;
  // (1 + 2^-4)^2 = 1 + 2^-3 + 2^-8 lies exactly halfway between the bfloat16 values 1.125
  // (0x3f90) and 1.1328125 (0x3f91). Adding the smallest subnormal, +-2^-133, breaks the tie;
  // a double cannot hold 1 + 2^-3 + 2^-8 + 2^-133 and would round back onto the tie, then to
  // even, which is wrong for the + case.
  CHECK(narrowFma<Bfloat16Format>(0x3f88, 0x3f88, 0x0000, Rounding::NearestEven) == 0x3f90);
  CHECK(narrowFma<Bfloat16Format>(0x3f88, 0x3f88, 0x0001, Rounding::NearestEven) == 0x3f91);
  CHECK(narrowFma<Bfloat16Format>(0x3f88, 0x3f88, 0x8001, Rounding::NearestEven) == 0x3f90);
  CHECK(narrowFma<Bfloat16Format>(0x3f88, 0x3f88, 0x8001, Rounding::TowardZero) == 0x3f90);
  CHECK(narrowFma<Bfloat16Format>(0x3f88, 0x3f88, 0x0001, Rounding::Up) == 0x3f91);
}

TEST_CASE("special operands", "[isa][fp16][bf16]") {
  using namespace loom::isa;
  const Rounding rn = Rounding::NearestEven;
  // NaN in, inf*0, inf-inf and 0/0, inf/inf: the canonical NaN.
  CHECK(narrowAdd<HalfFormat>(0x7e01, 0x3c00, rn) == 0x7fff);
  CHECK(narrowMul<HalfFormat>(0x7c00, 0x0000, rn) == 0x7fff);
  CHECK(narrowAdd<HalfFormat>(0x7c00, 0xfc00, rn) == 0x7fff);
  CHECK(narrowDiv<HalfFormat>(0x0000, 0x8000, rn) == 0x7fff);
  CHECK(narrowDiv<HalfFormat>(0x7c00, 0x7c00, rn) == 0x7fff);
  CHECK(narrowFma<HalfFormat>(0x7c00, 0x3c00, 0xfc00, rn) == 0x7fff);
  CHECK(narrowFma<Bfloat16Format>(0xff80, 0x0000, 0x3f80, rn) == 0x7fff);
  // Infinities otherwise behave as in IEEE 754.
  CHECK(narrowDiv<HalfFormat>(0x3c00, 0x8000, rn) == 0xfc00);
  CHECK(narrowDiv<HalfFormat>(0x3c00, 0x7c00, rn) == 0x0000);
  CHECK(narrowFma<HalfFormat>(0x3c00, 0x3c00, 0x7c00, rn) == 0x7c00);
  CHECK(narrowAdd<HalfFormat>(0x7bff, 0x7bff, rn) == 0x7c00);
  CHECK(narrowAdd<HalfFormat>(0x7bff, 0x7bff, Rounding::TowardZero) == 0x7bff);
  // Signed zeros.
  CHECK(narrowAdd<HalfFormat>(0x0000, 0x8000, rn) == 0x0000);
  CHECK(narrowAdd<HalfFormat>(0x8000, 0x8000, rn) == 0x8000);
  CHECK(narrowAdd<HalfFormat>(0x0000, 0x8000, Rounding::Down) == 0x8000);
  CHECK(narrowSub<HalfFormat>(0x3c00, 0x3c00, rn) == 0x0000);
  CHECK(narrowSub<HalfFormat>(0x3c00, 0x3c00, Rounding::Down) == 0x8000);
  CHECK(narrowMul<HalfFormat>(0x8000, 0x3c00, rn) == 0x8000);
  CHECK(narrowFma<HalfFormat>(0x8000, 0x3c00, 0x0000, rn) == 0x0000);
  CHECK(narrowFma<HalfFormat>(0x8000, 0x3c00, 0x8000, rn) == 0x8000);
  // The smallest subnormal times one half: a tie between 0 and 2^-24, to even (0).
  CHECK(narrowMul<HalfFormat>(0x0001, 0x3800, rn) == 0x0000);
  CHECK(narrowMul<HalfFormat>(0x0001, 0x3800, Rounding::Up) == 0x0001);
  CHECK(narrowMul<HalfFormat>(0x0003, 0x3800, rn) == 0x0002);
}

TEST_CASE("max/min, the _nan forms, saturation, relu, neg and abs", "[isa][fp16][bf16]") {
  using namespace loom::isa;
  // One NaN is ignored, two give the canonical NaN; -0 < +0.
  CHECK(narrowMax<HalfFormat>(0x7e00, 0x3c00) == 0x3c00);
  CHECK(narrowMax<HalfFormat>(0x3c00, 0xfe00) == 0x3c00);
  CHECK(narrowMax<HalfFormat>(0x7e00, 0xfe01) == 0x7fff);
  CHECK(narrowMax<HalfFormat>(0x8000, 0x0000) == 0x0000);
  CHECK(narrowMin<HalfFormat>(0x0000, 0x8000) == 0x8000);
  CHECK(narrowMin<HalfFormat>(0xbc00, 0x3c00) == 0xbc00);
  CHECK(narrowMaxNaN<HalfFormat>(0x7e00, 0x3c00) == 0x7fff);
  CHECK(narrowMinNaN<Bfloat16Format>(0x3f80, 0xffc0) == 0x7fff);
  CHECK(narrowMax<Bfloat16Format>(0xff80, 0x7f80) == 0x7f80);
  // Saturation to [0, 1]; NaN and negative zero become +0.
  CHECK(narrowSaturate<HalfFormat>(0x3e00) == 0x3c00);
  CHECK(narrowSaturate<HalfFormat>(0xbc00) == 0x0000);
  CHECK(narrowSaturate<HalfFormat>(0x8000) == 0x0000);
  CHECK(narrowSaturate<HalfFormat>(0x7e00) == 0x0000);
  CHECK(narrowSaturate<HalfFormat>(0x3800) == 0x3800);
  CHECK(narrowSaturate<Bfloat16Format>(0x7f80) == 0x3f80);
  // relu keeps NaN (canonical) and positive values, zeroes negatives.
  CHECK(narrowRelu<HalfFormat>(0xfe00) == 0x7fff);
  CHECK(narrowRelu<HalfFormat>(0xc000) == 0x0000);
  CHECK(narrowRelu<HalfFormat>(0x4000) == 0x4000);
  // neg/abs flip or clear the sign, but a NaN comes back canonical (measured).
  CHECK(narrowNeg<HalfFormat>(0x3c00) == 0xbc00);
  CHECK(narrowAbs<HalfFormat>(0xbc00) == 0x3c00);
  CHECK(narrowNeg<HalfFormat>(0xfc80) == 0x7fff);
  CHECK(narrowAbs<Bfloat16Format>(0xffc1) == 0x7fff);
  CHECK(narrowNeg<Bfloat16Format>(0x0000) == 0x8000);
}

TEST_CASE("comparisons are ordered and treat the zeros as equal", "[isa][fp16][bf16]") {
  using namespace loom::isa;
  for (uint32_t a = 0; a <= 0xffff; a += 7) {
    for (uint32_t b = 0; b <= 0xffff; b += 251) {
      const uint16_t x = static_cast<uint16_t>(a), y = static_cast<uint16_t>(b);
      const bool unordered = isNaN<HalfFormat>(x) || isNaN<HalfFormat>(y);
      const long double vx = unordered ? 0
                                       : (isInf<HalfFormat>(x) ? ((x & 0x8000) ? -1e9L : 1e9L)
                                                               : decode<HalfFormat>(x));
      const long double vy = unordered ? 0
                                       : (isInf<HalfFormat>(y) ? ((y & 0x8000) ? -1e9L : 1e9L)
                                                               : decode<HalfFormat>(y));
      REQUIRE_SAME(narrowLess<HalfFormat>(x, y), !unordered && vx < vy, std::hex << x << " " << y);
      REQUIRE_SAME(narrowEqual<HalfFormat>(x, y), !unordered && vx == vy,
                   std::hex << x << " " << y);
      REQUIRE_SAME(narrowUnordered<HalfFormat>(x, y), unordered, std::hex << x << " " << y);
    }
  }
}

TEST_CASE("arithmetic is usable in constant expressions", "[isa][fp16]") {
  static_assert(loom::isa::narrowAdd<HalfFormat>(0x3c00, 0x3c00, Rounding::NearestEven) == 0x4000,
                "");
  static_assert(
      loom::isa::narrowFma<Bfloat16Format>(0x4000, 0x4000, 0x3f80, Rounding::NearestEven) == 0x40a0,
      "");
  SUCCEED();
}
