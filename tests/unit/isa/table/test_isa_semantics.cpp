// isa/ functions against references independent of both Loom and the device record: the PTX
// ISA's worked examples, CUDA's documented semantics, and the host FPU's correctly rounded
// IEEE operations in each rounding direction (set with fesetround here, in the test only:
// isa/ itself never reads the rounding mode).
#include <catch2/catch.hpp>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>

#include "isa/float/arithmetic.h"
#include "isa/float/divide.h"
#include "isa/float/square_root.h"
#include "isa/int/byte_perm.h"
#include "isa/int/find_nth_set.h"
#include "isa/int/funnel_shift.h"
#include "isa/simd/add_sub.h"
#include "isa/simd/sum_abs_diff.h"

using loom::isa::Rounding;

TEST_CASE("isa: __fns follows the PTX ISA's examples", "[isa]") {
  CHECK(loom::isa::fns(0xaaaaaaaau, 3, 1) == 3);
  CHECK(loom::isa::fns(0xaaaaaaaau, 3, -1) == 3);
  CHECK(loom::isa::fns(0xaaaaaaaau, 2, 1) == 3);
  CHECK(loom::isa::fns(0xaaaaaaaau, 2, -1) == 1);
  CHECK(loom::isa::fns(0xaaaaaaaau, 2, 0) == 0xffffffffu);  // bit 2 is clear
  CHECK(loom::isa::fns(0, 0, 1) == 0xffffffffu);
}

TEST_CASE("isa: __byte_perm and funnel shifts as documented", "[isa]") {
  // Selector nibbles pick bytes 1, 2, 3 of x and byte 0 of y.
  CHECK(loom::isa::bytePerm(0x33221100u, 0x77665544u, 0x4321u) == 0x44332211u);
  CHECK(loom::isa::bytePerm(0x33221100u, 0x77665544u, 0xcccc) == 0x44444444u);  // bit 3 ignored
  CHECK(loom::isa::funnelShiftL(0x89abcdefu, 0x01234567u, 8) == 0x23456789u);
  CHECK(loom::isa::funnelShiftL(0x89abcdefu, 0x01234567u, 40) == 0x23456789u);  // wraps
  CHECK(loom::isa::funnelShiftLc(0x89abcdefu, 0x01234567u, 40) == 0x89abcdefu);  // clamps
  CHECK(loom::isa::funnelShiftR(0x89abcdefu, 0x01234567u, 8) == 0x6789abcdu);
  CHECK(loom::isa::funnelShiftRc(0x89abcdefu, 0x01234567u, 99) == 0x01234567u);
}

TEST_CASE("isa: SIMD lanes saturate and wrap independently", "[isa]") {
  CHECK(loom::isa::vadd4(0x7f0180ffu, 0x01010101u) == 0x80028100u);
  CHECK(loom::isa::vaddss4(0x7f0180ffu, 0x01010101u) == 0x7f028100u);
  CHECK(loom::isa::vaddus4(0x7f0180ffu, 0x01010101u) == 0x800281ffu);
  CHECK(loom::isa::vsubus2(0x00010005u, 0x00020003u) == 0x00000002u);
  CHECK(loom::isa::vsadu4(0x00ff0010u, 0xff000001u) == 0xffu + 0xffu + 0x0fu);
}

namespace {

// Hides a value from the optimizer, so an operation on it is neither folded nor moved.
template <class T>
T opaque(T v) {
  asm volatile("" : "+m"(v));
  return v;
}

// The host's IEEE operations in the current rounding direction; noinline and opaque keep
// the compiler from folding them or moving them across fesetround.
template <class T>
struct HostOps {
  [[gnu::noinline]] static T add(T a, T b) { return opaque(opaque(a) + opaque(b)); }
  [[gnu::noinline]] static T mul(T a, T b) { return opaque(opaque(a) * opaque(b)); }
  [[gnu::noinline]] static T div(T a, T b) { return opaque(opaque(a) / opaque(b)); }
  [[gnu::noinline]] static T sqrt(T a) { return opaque(std::sqrt(opaque(a))); }
  [[gnu::noinline]] static T fma(T a, T b, T c) {
    return opaque(std::fma(opaque(a), opaque(b), opaque(c)));
  }
};

constexpr struct {
  Rounding mode;
  int host;
} kModes[] = {{Rounding::NearestEven, FE_TONEAREST},
              {Rounding::TowardZero, FE_TOWARDZERO},
              {Rounding::Down, FE_DOWNWARD},
              {Rounding::Up, FE_UPWARD}};

template <class T, class Bits>
Bits bitsOf(T v) {
  Bits b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// Random finite values over the whole exponent range, subnormals included.
template <class F>
typename F::Value randomFinite(std::mt19937_64& rng) {
  typename F::Bits b;
  do {
    b = static_cast<typename F::Bits>(rng());
  } while (((b >> F::kMantBits) & ((1u << F::kExpBits) - 1)) == (1u << F::kExpBits) - 1u);
  return F::fromBits(b);
}

template <class F>
void compareWithHost() {
  using T = typename F::Value;
  using Bits = typename F::Bits;
  std::mt19937_64 rng(F::kMantBits);
  for (const auto& m : kModes) {
    for (int i = 0; i < 10000; ++i) {
      const T a = randomFinite<F>(rng), b = randomFinite<F>(rng), c = randomFinite<F>(rng);
      // Nearby exponents too, where cancellation and rounding interact most.
      const T near = i % 2 ? b : static_cast<T>(a * static_cast<T>(0.75));
      std::fesetround(m.host);
      const T hostAdd = HostOps<T>::add(a, near), hostMul = HostOps<T>::mul(a, b);
      const T hostDiv = HostOps<T>::div(a, b), hostFma = HostOps<T>::fma(a, b, c);
      const T hostSqrt = HostOps<T>::sqrt(std::fabs(a));
      std::fesetround(FE_TONEAREST);
      INFO("mode " << static_cast<int>(m.mode) << " a " << a << " b " << b << " c " << c);
      // NaN results (inf - inf, ...) cannot occur: the operands are finite and not both
      // infinite; overflow gives the same infinity or largest finite value on both sides.
      REQUIRE(bitsOf<T, Bits>(loom::isa::addValue<F>(a, near, m.mode)) == bitsOf<T, Bits>(hostAdd));
      REQUIRE(bitsOf<T, Bits>(loom::isa::mulValue<F>(a, b, m.mode)) == bitsOf<T, Bits>(hostMul));
      REQUIRE(bitsOf<T, Bits>(loom::isa::fmaValue<F>(a, b, c, m.mode)) == bitsOf<T, Bits>(hostFma));
      REQUIRE(bitsOf<T, Bits>(F::fromBits(loom::isa::divBits<F>(F::toBits(a), F::toBits(b), m.mode))) ==
              bitsOf<T, Bits>(hostDiv));
      REQUIRE(bitsOf<T, Bits>(F::fromBits(loom::isa::sqrtBits<F>(F::toBits(std::fabs(a)), m.mode))) ==
              bitsOf<T, Bits>(hostSqrt));
    }
  }
}

}  // namespace

TEST_CASE("isa: float rounding-mode arithmetic equals the host FPU's in every direction",
          "[isa]") {
  compareWithHost<loom::isa::Binary32>();
}

TEST_CASE("isa: double rounding-mode arithmetic equals the host FPU's in every direction",
          "[isa]") {
  compareWithHost<loom::isa::Binary64>();
}

TEST_CASE("isa: __frsqrt_rn is 1/sqrt(x) correctly rounded", "[isa]") {
  // Reference: the exact value through long double (64-bit significand) is within 2^-64
  // relative of 1/sqrt(x); only inputs whose rounding that cannot decide are skipped.
  std::mt19937_64 rng(7);
  int checked = 0;
  for (int i = 0; i < 50000; ++i) {
    const float x = loom::isa::Binary32::fromBits(static_cast<uint32_t>(rng()) & 0x7f7fffffu);
    if (x == 0.0f) continue;
    const long double r = 1.0L / std::sqrt(static_cast<long double>(x));
    const float expect = static_cast<float>(r);  // long double -> float rounds to nearest
    const long double mid = (static_cast<long double>(expect) +
                             static_cast<long double>(std::nextafter(expect, r > expect ? INFINITY : 0.0f))) / 2;
    if (std::fabs(static_cast<double>(r - mid)) < 1e-18 * static_cast<double>(r)) continue;
    REQUIRE(loom::isa::frsqrtRn(x) == expect);
    ++checked;
  }
  CHECK(checked > 49000);
}
