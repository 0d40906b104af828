// Sizes and alignments of the built-in vector types against the table in the CUDA C++
// Programming Guide ("Built-in Vector Types", seed 000), and dim3's defaults. Layout matters:
// kernels reinterpret buffers as int4/float4 for wide loads, and the bank and coalescing
// models count bytes per access from these sizes.
#include <catch2/catch.hpp>

#include <type_traits>

#include "vector_types.h"

namespace {

// The guide's alignment column for long1..long4 depends on sizeof(long).
constexpr bool kLongIsInt = sizeof(long) == sizeof(int);

template <class V, class T, int kCount>
constexpr bool hasLayout(int alignment) {
  return sizeof(V) == kCount * sizeof(T) && alignof(V) == static_cast<size_t>(alignment) &&
         std::is_standard_layout<V>::value && std::is_trivially_copyable<V>::value;
}

}  // namespace

// One line per row of the guide's table; 3-component types are aligned like one component.
#define LOOM_ROW(N, T, A1, A2, A3, A4)                                 \
  static_assert(hasLayout<N##1, T, 1>(A1), #N "1 size or alignment"); \
  static_assert(hasLayout<N##2, T, 2>(A2), #N "2 size or alignment"); \
  static_assert(hasLayout<N##3, T, 3>(A3), #N "3 size or alignment"); \
  static_assert(hasLayout<N##4, T, 4>(A4), #N "4 size or alignment");

LOOM_ROW(char, signed char, 1, 2, 1, 4)
LOOM_ROW(uchar, unsigned char, 1, 2, 1, 4)
LOOM_ROW(short, short, 2, 4, 2, 8)
LOOM_ROW(ushort, unsigned short, 2, 4, 2, 8)
LOOM_ROW(int, int, 4, 8, 4, 16)
LOOM_ROW(uint, unsigned int, 4, 8, 4, 16)
LOOM_ROW(long, long, kLongIsInt ? 4 : 8, kLongIsInt ? 8 : 16, kLongIsInt ? 4 : 8, 16)
LOOM_ROW(ulong, unsigned long, kLongIsInt ? 4 : 8, kLongIsInt ? 8 : 16, kLongIsInt ? 4 : 8, 16)
LOOM_ROW(longlong, long long, 8, 16, 8, 16)
LOOM_ROW(ulonglong, unsigned long long, 8, 16, 8, 16)
LOOM_ROW(float, float, 4, 8, 4, 16)
LOOM_ROW(double, double, 8, 16, 8, 16)
#undef LOOM_ROW

// dim3 is three unsigned ints, as in CUDA (it is passed by value into launches).
static_assert(sizeof(dim3) == 3 * sizeof(unsigned int), "dim3 size");
static_assert(alignof(dim3) == alignof(unsigned int), "dim3 alignment");

TEST_CASE("vector types have the guide's sizes and alignments", "[runtime][vector_types]") {
  // The static_asserts above are the test; these spot checks make failures readable too.
  CHECK(sizeof(float4) == 16);
  CHECK(alignof(float4) == 16);
  CHECK(sizeof(char3) == 3);
  CHECK(alignof(char3) == 1);
  CHECK(sizeof(double2) == 16);
  CHECK(alignof(double2) == 16);
  CHECK(alignof(long4) == 16);
}

TEST_CASE("vector components are x, y, z, w in memory order", "[runtime][vector_types]") {
  const int4 v = make_int4(1, 2, 3, 4);
  const int* p = &v.x;
  CHECK(p[0] == 1);
  CHECK(p[1] == 2);
  CHECK(p[2] == 3);
  CHECK(p[3] == 4);
  const float3 f = make_float3(0.5f, 1.5f, 2.5f);
  CHECK(f.x == 0.5f);
  CHECK(f.y == 1.5f);
  CHECK(f.z == 2.5f);
  const uchar2 c = make_uchar2(7, 250);
  CHECK(c.x == 7);
  CHECK(c.y == 250);
}

TEST_CASE("dim3 fills unspecified components with 1", "[runtime][vector_types]") {
  const dim3 none;
  CHECK(none.x == 1);
  CHECK(none.y == 1);
  CHECK(none.z == 1);
  const dim3 one(64);
  CHECK(one.x == 64);
  CHECK(one.y == 1);
  CHECK(one.z == 1);
  const dim3 two(8, 4);
  CHECK(two.x == 8);
  CHECK(two.y == 4);
  CHECK(two.z == 1);
  const dim3 three(2, 3, 5);
  CHECK(three.z == 5);
  // An unsigned int converts implicitly, as in <<<n, 256>>>.
  const dim3 fromInt = 256u;
  CHECK(fromInt.x == 256);
  CHECK(fromInt.y == 1);
}

TEST_CASE("dim3 converts to and from uint3", "[runtime][vector_types]") {
  const uint3 u = make_uint3(3, 4, 5);
  const dim3 d = u;
  CHECK(d.x == 3);
  CHECK(d.y == 4);
  CHECK(d.z == 5);
  const uint3 back = dim3(9, 8);
  CHECK(back.x == 9);
  CHECK(back.y == 8);
  CHECK(back.z == 1);
  static_assert(dim3().x == 1 && dim3(2).y == 1, "dim3 is usable in constant expressions");
}
