// Conformance test, and a counter case (validate/cases/tests.cuda.vector_access): the built-in
// vector types are loaded and stored whole.
//
// The Programming Guide ("Size and Alignment Requirement"): a float4 (alignment 16) is read and
// written by one 16-byte instruction, a float2 or int2 by one 8-byte instruction. So a warp
// loading consecutive float4s makes one request of 16 sectors and a shared float4 tile read in
// order has no bank conflicts. A host compiler that splits the vector into its four members (as
// g++'s scalar replacement of aggregates does) would show four requests and 4-way conflicts;
// the recorded ncu counters of this program on the H100 are what Loom's report must say. The
// last kernel copies a 16-byte structure of 4-byte alignment, which the device reads and writes
// member by member.
#include <cuda_runtime.h>

#include <cstdio>

#include "conformance.h"

struct Quad {  // 16 bytes, alignment 4
  float a, b, c, d;
};

__global__ void sumFloat4(const float4* in, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = in[i];
  out[i] = v.x + v.y + v.z + v.w;
}

__global__ void storeMakeFloat4(float4* out, float base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float f = base + i;
  out[i] = make_float4(f, f + 1, f + 2, f + 3);
}

__global__ void zeroUint4(uint4* out) { out[blockIdx.x * blockDim.x + threadIdx.x] = make_uint4(0, 0, 0, 0); }

__global__ void scaleFloat2(const float2* in, float2* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 v = in[i];
  v.x *= 2;
  v.y *= 3;
  out[i] = v;
}

__global__ void copyDouble2(const double2* in, double2* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// Through shared memory: a float4 tile written and read in order (no conflicts), then read
// with a stride of two elements (32 bytes: a 2-way conflict on every 16-byte load group).
__global__ void float4Tile(const float4* in, float4* out, float* strided) {
  __shared__ float4 tile[128];
  unsigned t = threadIdx.x;
  tile[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  float4 v = tile[blockDim.x - 1 - t];
  out[blockIdx.x * blockDim.x + t] = v;
  float4 w = tile[(2 * t) % blockDim.x];
  strided[blockIdx.x * blockDim.x + t] = w.x - w.w;
}

// A float2 tile in shared memory: 8-byte stores and loads.
__global__ void float2Tile(float2* out) {
  __shared__ float2 tile[128];
  unsigned t = threadIdx.x;
  tile[t] = make_float2(float(t), float(-int(t)));
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = tile[t ^ 1];
}

__global__ void copyQuad(const Quad* in, Quad* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

int main() {
  const int blocks = 4, threads = 128, n = blocks * threads;
  float4 *f4in, *f4out;
  float *sums, *strided;
  uint4* zeros;
  float2 *f2in, *f2out;
  double2 *d2in, *d2out;
  Quad *qin, *qout;
  CK(cudaMalloc(&f4in, n * sizeof(float4)));
  CK(cudaMalloc(&f4out, n * sizeof(float4)));
  CK(cudaMalloc(&sums, n * sizeof(float)));
  CK(cudaMalloc(&strided, n * sizeof(float)));
  CK(cudaMalloc(&zeros, n * sizeof(uint4)));
  CK(cudaMalloc(&f2in, n * sizeof(float2)));
  CK(cudaMalloc(&f2out, n * sizeof(float2)));
  CK(cudaMalloc(&d2in, n * sizeof(double2)));
  CK(cudaMalloc(&d2out, n * sizeof(double2)));
  CK(cudaMalloc(&qin, n * sizeof(Quad)));
  CK(cudaMalloc(&qout, n * sizeof(Quad)));

  static float4 hf4[n], hf4out[n];
  static float hsums[n], hstrided[n];
  static uint4 hzeros[n];
  static float2 hf2[n], hf2out[n];
  static double2 hd2[n], hd2out[n];
  static Quad hq[n], hqout[n];
  for (int i = 0; i < n; ++i) {
    hf4[i] = make_float4(float(i), float(2 * i), float(i % 7), 0.5f);
    hf2[i] = make_float2(float(i), float(i % 5));
    hd2[i] = make_double2(i * 0.25, -i * 0.5);
    hq[i] = Quad{float(i), 1.0f, 2.0f, float(-i)};
  }
  CK(cudaMemcpy(f4in, hf4, sizeof hf4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(f2in, hf2, sizeof hf2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(d2in, hd2, sizeof hd2, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(qin, hq, sizeof hq, cudaMemcpyHostToDevice));
  CK(cudaMemset(zeros, 0xff, n * sizeof(uint4)));

  sumFloat4<<<blocks, threads>>>(f4in, sums);
  CK_LAUNCH();
  CK(cudaMemcpy(hsums, sums, sizeof hsums, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && hsums[i] == hf4[i].x + hf4[i].y + hf4[i].z + hf4[i].w;
  check("sum_float4", ok);

  storeMakeFloat4<<<blocks, threads>>>(f4out, 10.0f);
  CK_LAUNCH();
  CK(cudaMemcpy(hf4out, f4out, sizeof hf4out, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && hf4out[i].x == 10.0f + i && hf4out[i].w == 13.0f + i;
  check("store_make_float4", ok);

  zeroUint4<<<blocks, threads>>>(zeros);
  CK_LAUNCH();
  CK(cudaMemcpy(hzeros, zeros, sizeof hzeros, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && hzeros[i].x == 0 && hzeros[i].y == 0 && hzeros[i].z == 0 && hzeros[i].w == 0;
  check("zero_uint4", ok);

  scaleFloat2<<<blocks, threads>>>(f2in, f2out);
  CK_LAUNCH();
  CK(cudaMemcpy(hf2out, f2out, sizeof hf2out, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && hf2out[i].x == 2 * hf2[i].x && hf2out[i].y == 3 * hf2[i].y;
  check("scale_float2", ok);

  copyDouble2<<<blocks, threads>>>(d2in, d2out);
  CK_LAUNCH();
  CK(cudaMemcpy(hd2out, d2out, sizeof hd2out, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && hd2out[i].x == hd2[i].x && hd2out[i].y == hd2[i].y;
  check("copy_double2", ok);

  float4Tile<<<blocks, threads>>>(f4in, f4out, strided);
  CK_LAUNCH();
  CK(cudaMemcpy(hf4out, f4out, sizeof hf4out, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hstrided, strided, sizeof hstrided, cudaMemcpyDeviceToHost));
  ok = true;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) {
      const float4& r = hf4[b * threads + threads - 1 - t];
      const float4& s = hf4[b * threads + (2 * t) % threads];
      ok = ok && hf4out[b * threads + t].x == r.x && hf4out[b * threads + t].y == r.y &&
           hstrided[b * threads + t] == s.x - s.w;
    }
  check("float4_shared_tile", ok);

  float2Tile<<<blocks, threads>>>(f2out);
  CK_LAUNCH();
  CK(cudaMemcpy(hf2out, f2out, sizeof hf2out, cudaMemcpyDeviceToHost));
  ok = true;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) {
      int u = t ^ 1;
      ok = ok && hf2out[b * threads + t].x == float(u) && hf2out[b * threads + t].y == float(-u);
    }
  check("float2_shared_tile", ok);

  copyQuad<<<blocks, threads>>>(qin, qout);
  CK_LAUNCH();
  CK(cudaMemcpy(hqout, qout, sizeof hqout, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && hqout[i].a == hq[i].a && hqout[i].d == hq[i].d;
  check("copy_quad_struct", ok);

  CK(cudaFree(f4in));
  CK(cudaFree(f4out));
  CK(cudaFree(sums));
  CK(cudaFree(strided));
  CK(cudaFree(zeros));
  CK(cudaFree(f2in));
  CK(cudaFree(f2out));
  CK(cudaFree(d2in));
  CK(cudaFree(d2out));
  CK(cudaFree(qin));
  CK(cudaFree(qout));
  return finish("vector_access");
}
