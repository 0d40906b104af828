// How nvcc unrolls a loop whose trip count is the lane's, and so which lanes one load
// instruction serves: one warp, trip count T(lane) = (lane * 13) % 37 (0 to 36) unless a kernel
// says otherwise, and each kernel varies the loop's form. The counters (global load
// instructions, requests, sectors) show the grouping; the record's sass.txt shows the code
// (validate/results/h100-sm90/probes.loop_unroll; validate/campaign.sh probes.loop_unroll
// remakes the counters, the header of sass.txt says how it was made).
// Found (nvcc 13.0, H100): NVVM unrolls every innermost counted for loop here by four, with a
// remainder loop of T mod 4 trips, except u5 (sinf's argument reduction is an inner loop), u8
// (a break) and u9 (#pragma unroll 1). The remainder runs first (u3) unless a variable the loop
// carries enters it as an integer constant, then last (the others). ptxas unrolls the loop of
// four again (16, 8, 4) in u6, u10 and u13, where NVVM's exit test counts down to a constant.
// Loom follows NVVM's unrolling (loom/device/counted_loops.h) and equals every count of u1-u5,
// u7-u9, u11, u12 and u14; it does not model ptxas's second unrolling (listed in
// known_divergences.txt).
#include <cstdio>

__device__ __forceinline__ int trips(int n) { return ((threadIdx.x & 31) * 13) % 37 + n; }

// Start 0 (a constant), one load per iteration, lanes side by side.
__global__ void u1(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int j = 0; j < trips(n); ++j) s += a[j * 32 + l];
  out[l] = s;
}
// Start the lane's own, bound uniform: every lane reads the same j at once in source order.
__global__ void u2(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int j = trips(0); j < 36 + n; ++j) s += a[j * 32 + l];
  out[l] = s;
}
// Start the lane's own + 1, two loads per iteration, a branch with two atomics and stores
// (kernels/neighbor's find_neighbor_atomic).
__global__ void u3(const float* x, int* cnt, int* out, int n) {
  int l = threadIdx.x;
  float x1 = x[l];
  for (int j = l + 1; j < 32 + n; ++j) {
    float d = x[j] - x1, e = x[j + 64] - x1;
    if (d * d + e * e < 2.0f) {
      out[l * 64 + atomicAdd(&cnt[l], 1)] = j;
      out[(j & 31) * 64 + 32 + atomicAdd(&cnt[32 + (j & 31)], 1)] = l;
    }
  }
}
// Start 0, four loads per iteration.
__global__ void u4(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int j = 0; j < trips(n); ++j) s += a[j * 32 + l] * a[j * 32 + l + 2048] + a[j * 32 + l + 4096] - a[j * 32 + l + 6144];
  out[l] = s;
}
// Start 0, a long body: one load and much arithmetic.
__global__ void u5(const int* a, int* out, int n) {
  int l = threadIdx.x;
  float s = 0;
  for (int j = 0; j < trips(n); ++j) {
    float v = a[j * 32 + l];
    s += sinf(v) * cosf(v * 0.5f) + expf(-v * v) + sqrtf(v + 1.0f) / (v + 2.0f);
  }
  out[l] = (int)s;
}
// `<=` and a step of 2.
__global__ void u6(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int j = 0; j <= 2 * trips(n); j += 2) s += a[j * 32 + l];
  out[l] = s;
}
// Counting down to 0.
__global__ void u7(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int j = trips(n); j > 0; --j) s += a[j * 32 + l];
  out[l] = s;
}
// A break: two exits.
__global__ void u8(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int j = 0; j < trips(n); ++j) {
    int v = a[j * 32 + l];
    if (v < 0) break;
    s += v;
  }
  out[l] = s;
}
// #pragma unroll 1.
__global__ void u9(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
#pragma unroll 1
  for (int j = 0; j < trips(n); ++j) s += a[j * 32 + l];
  out[l] = s;
}
// Bounds loaded from memory (a CSR row, tests/cuda/divergent_kernels' csrSpmv).
__global__ void u10(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int j = a[8192 + l]; j < a[8192 + l + 1]; ++j) s += a[j] * a[4096 + a[j]];
  out[l] = s;
}
// The loop inside another loop of 3 trips.
__global__ void u11(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int k = 0; k < n + 2; ++k)
    for (int j = 0; j < trips(k); ++j) s += a[j * 32 + l + k];
  out[l] = s;
}
// The same as a while loop.
__global__ void u12(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0, j = 0;
  while (j < trips(n)) {
    s += a[j * 32 + l];
    ++j;
  }
  out[l] = s;
}
// Start the lane's own, one load per iteration (csrSpmv without the gather).
__global__ void u13(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int j = l; j < 40 + n; ++j) s += a[j];
  out[l] = s;
}
// A loop with a continue (tests/cuda/reconvergence's innerContinue), trip count 1 to 4.
__global__ void u14(const int* a, int* out, int n) {
  int l = threadIdx.x, s = 0;
  for (int j = 0; j < (l & 3) + 1 + n; ++j) {
    int v = a[j * 32 + l];
    if (v & 1) continue;
    s += v;
  }
  out[l] = s;
}

int main() {
  int *a, *out, *cnt;
  float* x;
  const int words = 16384;
  cudaMalloc(&a, words * sizeof(int));
  cudaMalloc(&out, 4096 * sizeof(int));
  cudaMalloc(&cnt, 64 * sizeof(int));
  cudaMalloc(&x, 128 * sizeof(float));
  int* h = new int[words];
  for (int i = 0; i < words; ++i) h[i] = (i * 7) % 101;
  for (int l = 0; l <= 32; ++l) h[8192 + l] = l * (l + 1) / 2;  // row l: l entries (u10)
  for (int i = 0; i < 4096; ++i) h[4096 + i] = (i * 5) % 2048;
  cudaMemcpy(a, h, words * sizeof(int), cudaMemcpyHostToDevice);
  float hx[128];
  for (int i = 0; i < 128; ++i) hx[i] = (i * 37 % 64) * 0.25f;
  cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
  cudaMemset(cnt, 0, 64 * sizeof(int));
  const int n = 0;  // a kernel argument, so that nvcc cannot count the trips
  u1<<<1, 32>>>(a, out, n); u2<<<1, 32>>>(a, out, n); u3<<<1, 32>>>(x, cnt, out, n);
  u4<<<1, 32>>>(a, out, n); u5<<<1, 32>>>(a, out, n); u6<<<1, 32>>>(a, out, n);
  u7<<<1, 32>>>(a, out, n); u8<<<1, 32>>>(a, out, n); u9<<<1, 32>>>(a, out, n);
  u10<<<1, 32>>>(a, out, n); u11<<<1, 32>>>(a, out, n + 1); u12<<<1, 32>>>(a, out, n);
  u13<<<1, 32>>>(a, out, n); u14<<<1, 32>>>(a, out, n);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int ho[64];
  cudaMemcpy(ho, cnt, sizeof ho, cudaMemcpyDeviceToHost);
  int total = 0;
  for (int i = 0; i < 64; ++i) total += ho[i];
  printf("u3 pairs %d\n", total);
  delete[] h;
}
