// CUDA's built-in vector types (char1..double4, dim3) with the alignments the CUDA C++
// Programming Guide lists (seed 000, "vector types"), and their make_* constructors.
// Written for Loom; valid C++17 so that code built with loom-cc's default -std=c++17 sees it.
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __VECTOR_TYPES_H__

#include "loom/core/qualifiers.h"

// LOOM_VEC_TYPES(T, name, a1, a2, a3, a4): name1..name4 with the given alignments.
#define LOOM_VEC1(T, N, A) struct __attribute__((aligned(A))) N##1 { T x; };
#define LOOM_VEC2(T, N, A) struct __attribute__((aligned(A))) N##2 { T x, y; };
#define LOOM_VEC3(T, N, A) struct N##3 { T x, y, z; };
#define LOOM_VEC4(T, N, A) struct __attribute__((aligned(A))) N##4 { T x, y, z, w; };
// Not constexpr, as in CUDA's vector_functions.h, and for the counters: g++ folds a constexpr
// make_uint4(0, 0, 0, 0) into a brace initializer that it stores member by member (four 4-byte
// stores where the device has one 16-byte store); a call's result is stored whole (loom-cc
// compiles kernels with -fno-tree-sra, tools/loom-cc/plan.cpp).
#define LOOM_MAKE(T, N)                                                                     \
  __host__ __device__ inline N##1 make_##N##1(T x) { return N##1{x}; }          \
  __host__ __device__ inline N##2 make_##N##2(T x, T y) { return N##2{x, y}; }  \
  __host__ __device__ inline N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; } \
  __host__ __device__ inline N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
#define LOOM_VEC_TYPES(T, N, A1, A2, A4) \
  LOOM_VEC1(T, N, A1) LOOM_VEC2(T, N, A2) LOOM_VEC3(T, N, A1) LOOM_VEC4(T, N, A4) LOOM_MAKE(T, N)

LOOM_VEC_TYPES(signed char, char, 1, 2, 4)
LOOM_VEC_TYPES(unsigned char, uchar, 1, 2, 4)
LOOM_VEC_TYPES(short, short, 2, 4, 8)
LOOM_VEC_TYPES(unsigned short, ushort, 2, 4, 8)
LOOM_VEC_TYPES(int, int, 4, 8, 16)
LOOM_VEC_TYPES(unsigned int, uint, 4, 8, 16)
LOOM_VEC_TYPES(long, long, 8, 16, 16)
LOOM_VEC_TYPES(unsigned long, ulong, 8, 16, 16)
LOOM_VEC_TYPES(long long, longlong, 8, 16, 16)
LOOM_VEC_TYPES(unsigned long long, ulonglong, 8, 16, 16)
LOOM_VEC_TYPES(float, float, 4, 8, 16)
LOOM_VEC_TYPES(double, double, 8, 16, 16)

// CUDA 13's four-element vectors of 8-byte elements with an explicit alignment: `_16a` as the
// plain type (16 bytes), `_32a` aligned to their size (32 bytes, one 256-bit access), and their
// make_* constructors (vector_functions.h).
#define LOOM_VEC4_ALIGNED(T, N, A)                                                             \
  struct __attribute__((aligned(A))) N##4_##A##a { T x, y, z, w; };                          \
  __host__ __device__ inline N##4_##A##a make_##N##4_##A##a(T x, T y, T z, T w) { return N##4_##A##a{x, y, z, w}; }
#define LOOM_VEC4_ALIGNED_BOTH(T, N) LOOM_VEC4_ALIGNED(T, N, 16) LOOM_VEC4_ALIGNED(T, N, 32)
LOOM_VEC4_ALIGNED_BOTH(long, long)
LOOM_VEC4_ALIGNED_BOTH(unsigned long, ulong)
LOOM_VEC4_ALIGNED_BOTH(long long, longlong)
LOOM_VEC4_ALIGNED_BOTH(unsigned long long, ulonglong)
LOOM_VEC4_ALIGNED_BOTH(double, double)
#undef LOOM_VEC4_ALIGNED
#undef LOOM_VEC4_ALIGNED_BOTH

#undef LOOM_VEC1
#undef LOOM_VEC2
#undef LOOM_VEC3
#undef LOOM_VEC4
#undef LOOM_MAKE
#undef LOOM_VEC_TYPES

// dim3: a uint3 whose unspecified components are 1.
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
