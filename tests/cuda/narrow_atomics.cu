// Conformance test: atomicAdd on __half, __half2, __nv_bfloat16, __nv_bfloat162 (cuda_fp16.h,
// cuda_bf16.h) and sm_90's float2/float4 (global memory only). CUDA guarantees atomicity per
// element (Programming Guide "atomicAdd()"). Two parts:
//   * sums: 256 threads add small integers whose every partial sum is exact in the type, so
//     the result is CUDA's semantics whatever the order (checked here);
//   * edges: one thread, values whose sum rounds, overflows or is subnormal, printed as bits:
//     the device record (validate/results/h100-sm90/tests.cuda.narrow_atomics) is the expectation.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

#include "conformance.h"

struct Sums {
  __half h;
  __nv_bfloat16 b;
  __half2 h2;
  __nv_bfloat162 b2;
  float2 f2;
  float4 f4;
};

__global__ void sumsKernel(Sums* g, Sums* fromShared) {
  __shared__ __half h;
  __shared__ __nv_bfloat16 b;
  __shared__ __half2 h2;
  __shared__ __nv_bfloat162 b2;
  if (threadIdx.x == 0) {
    h = __float2half(0.0f);
    b = __float2bfloat16(0.0f);
    h2 = __floats2half2_rn(0.0f, 0.0f);
    b2 = __floats2bfloat162_rn(0.0f, 0.0f);
  }
  __syncthreads();
  atomicAdd(&g->h, __float2half(1.0f));
  atomicAdd(&g->b, __float2bfloat16(1.0f));
  atomicAdd(&g->h2, __floats2half2_rn(1.0f, 2.0f));
  atomicAdd(&g->b2, __floats2bfloat162_rn(1.0f, 0.5f));
  atomicAdd(&g->f2, make_float2(1.0f, 2.0f));
  atomicAdd(&g->f4, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
  atomicAdd(&h, __float2half(1.0f));
  atomicAdd(&b, __float2bfloat16(1.0f));
  atomicAdd(&h2, __floats2half2_rn(1.0f, 2.0f));
  atomicAdd(&b2, __floats2bfloat162_rn(1.0f, 0.5f));
  __syncthreads();
  if (threadIdx.x == 0) {
    fromShared->h = h;
    fromShared->b = b;
    fromShared->h2 = h2;
    fromShared->b2 = b2;
  }
}

// Edge cases, one thread: out[2k] = the old value atomicAdd returned, out[2k + 1] = the new one.
__device__ unsigned bits(__half x) { return __half_as_ushort(x); }
__device__ unsigned bits(__nv_bfloat16 x) { return __bfloat16_as_ushort(x); }
__device__ unsigned bits(__half2 x) { return (unsigned)__half_as_ushort(__high2half(x)) << 16 | __half_as_ushort(__low2half(x)); }
__device__ unsigned bits(__nv_bfloat162 x) {
  return (unsigned)__bfloat16_as_ushort(__high2bfloat16(x)) << 16 | __bfloat16_as_ushort(__low2bfloat16(x));
}

constexpr int kHalfEdges = 4;
__constant__ unsigned short cHalfA[kHalfEdges] = {0x0001, 0x3c00, 0x7bff, 0x8001};  // subnormal, 1, max, -subnormal
__constant__ unsigned short cHalfB[kHalfEdges] = {0x0001, 0x1000, 0x7bff, 0x0001};  // ..., 2^-11 (a tie), max, +subnormal
constexpr int kBfEdges = 4;
__constant__ unsigned short cBfA[kBfEdges] = {0x0001, 0x3f80, 0x7f7f, 0x3f80};  // subnormal, 1, max, 1
__constant__ unsigned short cBfB[kBfEdges] = {0x0001, 0x3b80, 0x7f7f, 0x3bc0};  // ..., 2^-8 (a tie), max, 1.5 * 2^-8
__constant__ unsigned cFloatA[2] = {0x00000001u, 0x3f800000u};  // float subnormal, 1
__constant__ unsigned cFloatB[2] = {0x00000001u, 0x33800000u};  // float subnormal, 2^-24 (a tie)

__global__ void edgesKernel(unsigned* out, __half* gh, __nv_bfloat16* gb, __half2* gh2, float2* gf2, float4* gf4) {
  __shared__ __half sh;
  __shared__ __nv_bfloat16 sb;
  int k = 0;
  for (int i = 0; i < kHalfEdges; ++i) {
    *gh = __ushort_as_half(cHalfA[i]);
    out[k++] = bits(atomicAdd(gh, __ushort_as_half(cHalfB[i])));
    out[k++] = bits(*gh);
    sh = __ushort_as_half(cHalfA[i]);
    out[k++] = bits(atomicAdd(&sh, __ushort_as_half(cHalfB[i])));
    out[k++] = bits(sh);
  }
  for (int i = 0; i < kBfEdges; ++i) {
    *gb = __ushort_as_bfloat16(cBfA[i]);
    out[k++] = bits(atomicAdd(gb, __ushort_as_bfloat16(cBfB[i])));
    out[k++] = bits(*gb);
    sb = __ushort_as_bfloat16(cBfA[i]);
    out[k++] = bits(atomicAdd(&sb, __ushort_as_bfloat16(cBfB[i])));
    out[k++] = bits(sb);
  }
  // __half2: the lanes of the first two half edges side by side.
  *gh2 = __halves2half2(__ushort_as_half(cHalfA[0]), __ushort_as_half(cHalfA[1]));
  out[k++] = bits(atomicAdd(gh2, __halves2half2(__ushort_as_half(cHalfB[0]), __ushort_as_half(cHalfB[1]))));
  out[k++] = bits(*gh2);
  // float2 / float4: subnormal + subnormal, and 1 + 2^-24.
  *gf2 = make_float2(__uint_as_float(cFloatA[0]), __uint_as_float(cFloatA[1]));
  float2 o2 = atomicAdd(gf2, make_float2(__uint_as_float(cFloatB[0]), __uint_as_float(cFloatB[1])));
  out[k++] = __float_as_uint(o2.x);
  out[k++] = __float_as_uint(gf2->x);
  out[k++] = __float_as_uint(o2.y);
  out[k++] = __float_as_uint(gf2->y);
  *gf4 = make_float4(__uint_as_float(cFloatA[0]), __uint_as_float(cFloatA[1]), 0.0f, -0.0f);
  float4 o4 = atomicAdd(gf4, make_float4(__uint_as_float(cFloatB[0]), __uint_as_float(cFloatB[1]), 0.0f, 0.0f));
  out[k++] = __float_as_uint(o4.x);
  out[k++] = __float_as_uint(gf4->x);
  out[k++] = __float_as_uint(gf4->y);
  out[k++] = __float_as_uint(o4.w);
  out[k++] = __float_as_uint(gf4->w);
}

int main() {
  Sums zero;
  std::memset(&zero, 0, sizeof zero);
  Sums *g, *s;
  CK(cudaMalloc(&g, sizeof(Sums)));
  CK(cudaMalloc(&s, sizeof(Sums)));
  CK(cudaMemcpy(g, &zero, sizeof zero, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(s, &zero, sizeof zero, cudaMemcpyHostToDevice));
  sumsKernel<<<1, 256>>>(g, s);
  CK_LAUNCH();
  Sums hg, hs;
  CK(cudaMemcpy(&hg, g, sizeof hg, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&hs, s, sizeof hs, cudaMemcpyDeviceToHost));
  check("half_sum_global", __half2float(hg.h) == 256.0f, "%g", __half2float(hg.h));
  check("half_sum_shared", __half2float(hs.h) == 256.0f, "%g", __half2float(hs.h));
  check("bfloat16_sum_global", __bfloat162float(hg.b) == 256.0f, "%g", __bfloat162float(hg.b));
  check("bfloat16_sum_shared", __bfloat162float(hs.b) == 256.0f, "%g", __bfloat162float(hs.b));
  check("half2_sum_global", __low2float(hg.h2) == 256.0f && __high2float(hg.h2) == 512.0f, "%g %g",
        __low2float(hg.h2), __high2float(hg.h2));
  check("half2_sum_shared", __low2float(hs.h2) == 256.0f && __high2float(hs.h2) == 512.0f, "%g %g",
        __low2float(hs.h2), __high2float(hs.h2));
  check("bfloat162_sum_global", __low2float(hg.b2) == 256.0f && __high2float(hg.b2) == 128.0f, "%g %g",
        __low2float(hg.b2), __high2float(hg.b2));
  check("bfloat162_sum_shared", __low2float(hs.b2) == 256.0f && __high2float(hs.b2) == 128.0f, "%g %g",
        __low2float(hs.b2), __high2float(hs.b2));
  check("float2_sum_global", hg.f2.x == 256.0f && hg.f2.y == 512.0f, "%g %g", hg.f2.x, hg.f2.y);
  check("float4_sum_global", hg.f4.x == 256.0f && hg.f4.y == 512.0f && hg.f4.z == 768.0f && hg.f4.w == 1024.0f,
        "%g %g %g %g", hg.f4.x, hg.f4.y, hg.f4.z, hg.f4.w);

  unsigned* out;
  __half* gh;
  __nv_bfloat16* gb;
  __half2* gh2;
  float2* gf2;
  float4* gf4;
  const int n = 4 * kHalfEdges + 4 * kBfEdges + 2 + 4 + 5;
  CK(cudaMalloc(&out, n * sizeof(unsigned)));
  CK(cudaMalloc(&gh, sizeof(__half)));
  CK(cudaMalloc(&gb, sizeof(__nv_bfloat16)));
  CK(cudaMalloc(&gh2, sizeof(__half2)));
  CK(cudaMalloc(&gf2, sizeof(float2)));
  CK(cudaMalloc(&gf4, sizeof(float4)));
  edgesKernel<<<1, 1>>>(out, gh, gb, gh2, gf2, gf4);
  CK_LAUNCH();
  unsigned h[n];
  CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  int k = 0;
  for (int i = 0; i < kHalfEdges; ++i, k += 4)
    std::printf("edge half %d: global old %04x new %04x, shared old %04x new %04x\n", i, h[k], h[k + 1], h[k + 2], h[k + 3]);
  for (int i = 0; i < kBfEdges; ++i, k += 4)
    std::printf("edge bfloat16 %d: global old %04x new %04x, shared old %04x new %04x\n", i, h[k], h[k + 1], h[k + 2], h[k + 3]);
  std::printf("edge half2: old %08x new %08x\n", h[k], h[k + 1]);
  k += 2;
  std::printf("edge float2: x old %08x new %08x, y old %08x new %08x\n", h[k], h[k + 1], h[k + 2], h[k + 3]);
  k += 4;
  std::printf("edge float4: x old %08x new %08x, y new %08x, w old %08x new %08x\n", h[k], h[k + 1], h[k + 2], h[k + 3], h[k + 4]);
  return finish("narrow_atomics");
}
