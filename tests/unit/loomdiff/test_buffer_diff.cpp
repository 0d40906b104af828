// loom-diff's buffer comparison on synthetic buffers: bit-exact counts, ulp distances, first
// difference, tolerance, and size mismatches.
#include <bit>
#include <catch2/catch.hpp>
#include <cstring>

#include "buffer_diff.h"

using namespace loom::validate;

namespace {

template <class T> std::vector<std::uint8_t> bytes(const std::vector<T>& v) {
  std::vector<std::uint8_t> out(v.size() * sizeof(T));
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

const Dtype& dt(const char* name) {
  static std::vector<Dtype> keep;
  keep.push_back(*dtypeByName(name));
  return keep.back();
}

}  // namespace

TEST_CASE("ulp distance of floats of every width", "[loomdiff]") {
  REQUIRE(ulpDistance(std::bit_cast<std::uint32_t>(1.0f), std::bit_cast<std::uint32_t>(std::nextafter(1.0f, 2.0f)), dt("f32")) == 1);
  REQUIRE(ulpDistance(std::bit_cast<std::uint32_t>(0.0f), std::bit_cast<std::uint32_t>(-0.0f), dt("f32")) == 0);
  // The smallest subnormals on either side of zero are 2 ulps apart.
  REQUIRE(ulpDistance(0x00000001u, 0x80000001u, dt("f32")) == 2);
  REQUIRE(ulpDistance(std::bit_cast<std::uint64_t>(1.0), std::bit_cast<std::uint64_t>(1.0 + 4 * 0x1p-52), dt("f64")) == 4);
  REQUIRE(ulpDistance(0x3c00, 0x3c03, dt("f16")) == 3);     // 1.0 and 1.0 + 3 ulp in half
  REQUIRE(ulpDistance(0x3f80, 0xbf80, dt("bf16")) == 2 * 0x3f80);
  REQUIRE(ulpDistance(0x7fc00000u, 0x7fc00001u, dt("f32")) == 0);  // NaN against NaN
  REQUIRE(ulpDistance(0x7fc00000u, 0x3f800000u, dt("f32")) == -1);
}

TEST_CASE("a changed bit in an integer buffer is found with its index and values", "[loomdiff]") {
  std::vector<std::uint32_t> device{1, 2, 3, 4}, loom{1, 2, 3 ^ 0x100, 4};
  BufferDiff d = diffBuffers("h", dt("u32"), bytes(device), bytes(loom), {});
  REQUIRE(d.bitExact == 3);
  REQUIRE(d.differing == 1);
  REQUIRE(d.firstDiff == 2u);
  REQUIRE(d.firstDevice == "3");
  REQUIRE(d.firstLoom == "259");
  std::vector<std::int16_t> sd{-5}, sl{-6};
  REQUIRE(diffBuffers("s", dt("i16"), bytes(sd), bytes(sl), {}).firstDevice == "-5");
}

TEST_CASE("float buffers: max ulp, and a tolerance only in ulp mode", "[loomdiff]") {
  std::vector<float> device{1.0f, 2.0f, 3.0f}, loom{1.0f, std::nextafter(2.0f, 3.0f), 3.0f};
  BufferDiff exact = diffBuffers("y", dt("f32"), bytes(device), bytes(loom), {BufferCompare::Exact, 0});
  REQUIRE(exact.differing == 1);
  REQUIRE(exact.maxUlp == 1);
  REQUIRE(exact.firstDevice.rfind("2 (0x40000000)", 0) == 0);
  BufferDiff tolerant = diffBuffers("y", dt("f32"), bytes(device), bytes(loom), {BufferCompare::Ulp, 1});
  REQUIRE(tolerant.differing == 0);
  REQUIRE(tolerant.bitExact == 2);
  REQUIRE(tolerant.maxUlp == 1);
  loom[2] = std::nextafter(std::nextafter(3.0f, 4.0f), 4.0f);
  REQUIRE(diffBuffers("y", dt("f32"), bytes(device), bytes(loom), {BufferCompare::Ulp, 1}).differing == 1);
}

TEST_CASE("buffers of different lengths differ by the missing elements", "[loomdiff]") {
  std::vector<std::uint8_t> device{1, 2, 3}, loom{1, 2};
  BufferDiff d = diffBuffers("b", dt("u8"), device, loom, {});
  REQUIRE(d.differing == 1);
  REQUIRE(d.firstDiff == 2u);
  REQUIRE(d.firstLoom == "<none>");
  REQUIRE_THROWS(diffBuffers("f", dt("f32"), std::vector<std::uint8_t>(6), std::vector<std::uint8_t>(8), {}));
}
