// loom-cc's control-flow regions (tools/loom-cc/reconvergence.h) must leave every program
// meaning what it meant: the constructs around which a region could change or break the code,
// compiled through loom-cc and run in device and host code, each against a plain expectation.
// Counters are on, so the regions are tracked in lockstep mode while the kernels run.
#include <cuda_runtime.h>
#include <loom/report.h>

#include <cstdio>
#include <stdexcept>
#include <vector>

static int g_failures = 0;
static void check(const char* name, bool ok) {
  std::printf("%s: %s\n", name, ok ? "PASS" : "FAIL");
  if (!ok) ++g_failures;
}

// constexpr functions with branches and loops stay constant expressions (the region variable
// is an int with a cleanup, a literal type in C++17 and C++20).
constexpr int triangle(int n) {
  int s = 0;
  for (int i = 1; i <= n; ++i) {
    if (i % 2 == 0) continue;
    s += i;
  }
  switch (n) {
    case 0: return -1;
    default: break;
  }
  return s;
}
static_assert(triangle(5) == 9 && triangle(0) == -1);

#define CHECKED_ADD(x, v) do { if ((v) > 0) (x) += (v); } while (0)

__device__ int classify(int v) {
  if (v < 0) [[unlikely]] {
    return -1;
  } else if (v == 0) {
    return 0;
  }
  int r = 0;
  if (int half = v / 2; half > 3) r = half;
  else r = 1;
  return r;
}

__global__ void constructs(const int* in, int* out) {
  int t = threadIdx.x, v = in[t], s = 0;
  // A goto past a whole region is allowed (it jumps over the block, not into it).
  if (v == 13) goto done;
  for (int k = 0; k < 4; ++k) CHECKED_ADD(s, v - k);
  switch (v % 3) {
    case 0: s += 100; [[fallthrough]];
    case 1: s += 10; break;
    default: if (v > 5) s += 1000;
  }
  {
    int j = 0;
    do ++j; while (j < (v & 3));
    s += j;
  }
  while (v > 20) v -= 7;
  s += classify(v - 3);
  s += [&] { if (t & 1) return 5; return 0; }();
done:
  out[t] = s;
}

int reference(int t, int v) {
  int s = 0;
  if (v == 13) return 0;
  for (int k = 0; k < 4; ++k)
    if (v - k > 0) s += v - k;
  if (v % 3 == 0) s += 110;
  else if (v % 3 == 1) s += 10;
  else if (v > 5) s += 1000;
  int j = 0;
  do ++j; while (j < (v & 3));
  s += j;
  while (v > 20) v -= 7;
  int c = v - 3;
  s += c < 0 ? -1 : c == 0 ? 0 : (c / 2 > 3 ? c / 2 : 1);
  s += (t & 1) ? 5 : 0;
  return s;
}

// Duff's device on the host: a loop body holding the switch's case labels gets no region.
int duffCopy(int* to, const int* from, int count) {
  int n = (count + 3) / 4, copied = 0;
  switch (count % 4) {
    case 0: do { *to++ = *from++; ++copied;
    case 3:      *to++ = *from++; ++copied;
    case 2:      *to++ = *from++; ++copied;
    case 1:      *to++ = *from++; ++copied;
            } while (--n > 0);
  }
  return copied;
}

// An if/else storing to one element in both branches becomes one store after them
// (tools/loom-cc/diamond_stores.h); for targets that are no plain scalar the branches store as
// written: a bit-field, a volatile element, a class (float4) and a proxy (std::vector<bool>).
struct Flags {
  unsigned low : 3;
  unsigned high : 5;
};
__global__ void diamondStores(const int* in, int* out, Flags* flags, volatile int* vol, float4* vec) {
  int t = threadIdx.x, v = in[t];
  if (v & 1) out[t] = v * 2; else out[t] = v - 1;
  if (v & 2) flags[t].low = 5; else flags[t].low = 2;
  Flags* f = &flags[t];
  if (v & 4) f->high = 17; else f->high = 3;
  if (v & 1) vol[t] = 1; else vol[t] = 2;
  const float4 one = make_float4(1, 2, 3, 4), two = make_float4(5, 6, 7, 8);
  if (v & 2) vec[t] = one; else vec[t] = two;
}
static bool hostProxy() {
  std::vector<bool> bits(8);
  for (int i = 0; i < 8; ++i) {
    if (i % 3 == 0) bits[i] = true; else bits[i] = false;
  }
  // And a conditional of two of its elements (tools/loom-cc/selected_loads.h): proxies are held.
  const bool picked = bits.size() > 4 ? bits[3] : bits[4];
  return bits[0] && !bits[1] && bits[3] && bits[6] && !bits[7] && picked;
}
static bool diamondStoresRun() {
  constexpr int n = 32;
  int host[n];
  for (int t = 0; t < n; ++t) host[t] = t * 5 + 1;
  int *in, *out, *vol;
  Flags* flags;
  float4* vec;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, sizeof host);
  cudaMalloc(&vol, sizeof host);
  cudaMalloc(&flags, n * sizeof(Flags));
  cudaMalloc(&vec, n * sizeof(float4));
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  diamondStores<<<1, n>>>(in, out, flags, vol, vec);
  int gotOut[n], gotVol[n];
  Flags gotFlags[n];
  float4 gotVec[n];
  cudaMemcpy(gotOut, out, sizeof gotOut, cudaMemcpyDeviceToHost);
  cudaMemcpy(gotVol, vol, sizeof gotVol, cudaMemcpyDeviceToHost);
  cudaMemcpy(gotFlags, flags, sizeof gotFlags, cudaMemcpyDeviceToHost);
  cudaMemcpy(gotVec, vec, sizeof gotVec, cudaMemcpyDeviceToHost);
  bool ok = cudaGetLastError() == cudaSuccess;
  for (int t = 0; t < n; ++t) {
    const int v = host[t];
    ok = ok && gotOut[t] == ((v & 1) ? v * 2 : v - 1) && gotVol[t] == ((v & 1) ? 1 : 2);
    ok = ok && gotFlags[t].low == ((v & 2) ? 5u : 2u) && gotFlags[t].high == ((v & 4) ? 17u : 3u);
    ok = ok && gotVec[t].x == ((v & 2) ? 1.0f : 5.0f) && gotVec[t].w == ((v & 2) ? 4.0f : 8.0f);
  }
  cudaFree(in);
  cudaFree(out);
  cudaFree(vol);
  cudaFree(flags);
  cudaFree(vec);
  return ok;
}

int main() {
  loom::setCountersEnabled(true);
  constexpr int kThreads = 64;
  int host[kThreads], got[kThreads];
  for (int t = 0; t < kThreads; ++t) host[t] = (t * 7 + 3) % 40 - 4;
  int *in, *out;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, sizeof got);
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  constructs<<<1, kThreads>>>(in, out);
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  bool same = cudaGetLastError() == cudaSuccess;
  for (int t = 0; t < kThreads; ++t) same = same && got[t] == reference(t, host[t]);
  check("device_constructs", same);
  check("constexpr_function", triangle(7) == 16);
  int from[11], to[11] = {};
  for (int i = 0; i < 11; ++i) from[i] = i + 1;
  check("duffs_device", duffCopy(to, from, 11) == 11 && to[10] == 11 && to[0] == 1);
  // A region left by an exception.
  int caught = 0;
  for (int i = 0; i < 3; ++i) {
    try {
      if (i == 1) throw std::runtime_error("x");
    } catch (const std::exception&) {
      ++caught;
    }
  }
  check("exception_through_region", caught == 1);
  check("diamond_stores", diamondStoresRun());
  check("diamond_store_proxy", hostProxy());
  cudaFree(in);
  cudaFree(out);
  return g_failures == 0 ? 0 : 1;
}
