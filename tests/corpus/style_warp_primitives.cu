// style_warp_primitives: warp-synchronous building blocks as libraries write them:
// __shfl_sync broadcast, __shfl_xor_sync butterfly reduction, __shfl_up_sync scan,
// __ballot_sync / __any_sync / __all_sync votes, __match_any_sync grouping,
// __reduce_add_sync / __reduce_min_sync / __reduce_max_sync, __activemask in a divergent
// branch, and a warp-aggregated atomic. All checked against a CPU model.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                                   \
  do {                                                                                  \
    cudaError_t e = (x);                                                                \
    if (e != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e));     \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

constexpr unsigned FULL = 0xffffffffu;

__device__ __forceinline__ int warp_reduce_sum(int v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL, v, o);
  return v;
}

__device__ __forceinline__ int warp_inclusive_scan(int v, int lane) {
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    int t = __shfl_up_sync(FULL, v, d);
    if (lane >= d) v += t;
  }
  return v;
}

enum { kBcast, kRed, kScan, kBallot, kAny, kAll, kMatch, kRedAdd, kRedMin, kRedMax,
       kActive, kSegSum, kSlots };

__global__ void warp_kernel(const int* in, int* out, unsigned* counter, int* slots) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = in[gid];
  int* o = out + gid * kSlots;

  int src = (blockIdx.x + threadIdx.x / 32) % 32;
  o[kBcast] = __shfl_sync(FULL, v, src);
  o[kRed] = warp_reduce_sum(v);
  o[kScan] = warp_inclusive_scan(v, lane);
  o[kBallot] = static_cast<int>(__ballot_sync(FULL, v > 0));
  o[kAny] = __any_sync(FULL, v == 7);
  o[kAll] = __all_sync(FULL, v > -60);
  int key = v & 3;
  o[kMatch] = static_cast<int>(__match_any_sync(FULL, key));
  o[kRedAdd] = static_cast<int>(__reduce_add_sync(FULL, static_cast<unsigned>(v + 100)));
  o[kRedMin] = __reduce_min_sync(FULL, v);
  o[kRedMax] = __reduce_max_sync(FULL, v);

  // __activemask inside a data-dependent branch: the lanes that took the branch. Each
  // side syncs with the mask of its own lanes before reading it, so the result is defined.
  unsigned taken = __ballot_sync(FULL, (v & 1) != 0);
  if (v & 1) {
    __syncwarp(taken);
    o[kActive] = static_cast<int>(__activemask() & taken);
  } else {
    __syncwarp(~taken);
    o[kActive] = static_cast<int>(__activemask() & ~taken);
  }

  // Segmented sum over 8-lane groups with width = 8.
  int s = v;
  for (int d = 4; d > 0; d >>= 1) s += __shfl_down_sync(FULL, s, d, 8);
  o[kSegSum] = __shfl_sync(FULL, s, 0, 8);

  // Warp-aggregated atomic: one atomicAdd per warp for the lanes with v > 0, each lane
  // getting a unique slot.
  unsigned pos_mask = __ballot_sync(FULL, v > 0);
  int leader = __ffs(pos_mask) - 1;
  unsigned base = 0;
  if (lane == leader) base = atomicAdd(counter, __popc(pos_mask));
  base = __shfl_sync(FULL, base, leader < 0 ? 0 : leader);
  if (v > 0) {
    unsigned rank = __popc(pos_mask & ((1u << lane) - 1u));
    slots[base + rank] = gid;
  }
}

static int failures = 0;
static void check(const char* what, int bad, int got = 0, int want = 0) {
  if (bad < 0) std::printf("style_warp_primitives: %s PASS\n", what);
  else {
    std::printf("style_warp_primitives: %s FAIL thread %d got %d (0x%x) want %d (0x%x)\n", what,
                bad, got, got, want, want);
    ++failures;
  }
}

int main() {
  const int blocks = 8, threads = 128, n = blocks * threads;
  std::vector<int> h(n);
  unsigned s = 2463534242u;
  for (int i = 0; i < n; ++i) {
    s ^= s << 13; s ^= s >> 17; s ^= s << 5;
    h[i] = static_cast<int>(s % 121) - 60;  // -60..60
  }
  // Make some warps all-positive / contain a 7 / all > -60 deterministically.
  for (int i = 64; i < 96; ++i) h[i] = 1 + i % 9;
  h[200] = 7;

  int *d_in, *d_out, *d_slots;
  unsigned* d_counter;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * kSlots * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_slots, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_counter, sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_counter, 0, sizeof(unsigned)));
  CUDA_CHECK(cudaMemset(d_slots, 0xff, n * sizeof(int)));
  warp_kernel<<<blocks, threads>>>(d_in, d_out, d_counter, d_slots);
  CUDA_CHECK(cudaGetLastError());
  std::vector<int> out(n * kSlots), slots(n);
  unsigned counter = 0;
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, out.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(slots.data(), d_slots, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(&counter, d_counter, sizeof counter, cudaMemcpyDeviceToHost));

  int bad[kSlots], got[kSlots] = {}, want[kSlots] = {};
  for (int k = 0; k < kSlots; ++k) bad[k] = -1;
  auto expect = [&](int slot, int i, int w) {
    int g = out[i * kSlots + slot];
    if (bad[slot] < 0 && g != w) { bad[slot] = i; got[slot] = g; want[slot] = w; }
  };
  for (int w0 = 0; w0 < n; w0 += 32) {
    int block = w0 / threads, warp_in_block = (w0 % threads) / 32;
    int sum = 0, mn = 1 << 30, mx = -(1 << 30);
    unsigned ballot = 0, odd = 0;
    unsigned add = 0;
    bool any7 = false, all = true;
    for (int l = 0; l < 32; ++l) {
      int v = h[w0 + l];
      sum += v;
      add += static_cast<unsigned>(v + 100);
      if (v < mn) mn = v;
      if (v > mx) mx = v;
      if (v > 0) ballot |= 1u << l;
      if (v & 1) odd |= 1u << l;
      if (v == 7) any7 = true;
      if (!(v > -60)) all = false;
    }
    int run = 0;
    for (int l = 0; l < 32; ++l) {
      int i = w0 + l, v = h[i];
      run += v;
      unsigned match = 0;
      for (int m = 0; m < 32; ++m) if ((h[w0 + m] & 3) == (v & 3)) match |= 1u << m;
      int seg0 = w0 + (l & ~7), seg = 0;
      for (int m = 0; m < 8; ++m) seg += h[seg0 + m];
      expect(kBcast, i, h[w0 + (block + warp_in_block) % 32]);
      expect(kRed, i, sum);
      expect(kScan, i, run);
      expect(kBallot, i, static_cast<int>(ballot));
      expect(kAny, i, any7 ? 1 : 0);
      expect(kAll, i, all ? 1 : 0);
      expect(kMatch, i, static_cast<int>(match));
      expect(kRedAdd, i, static_cast<int>(add));
      expect(kRedMin, i, mn);
      expect(kRedMax, i, mx);
      expect(kActive, i, static_cast<int>((v & 1) ? odd : ~odd));
      expect(kSegSum, i, seg);
    }
  }
  const char* names[kSlots] = {"__shfl_sync broadcast", "__shfl_xor_sync reduction",
                               "__shfl_up_sync scan", "__ballot_sync", "__any_sync",
                               "__all_sync", "__match_any_sync", "__reduce_add_sync",
                               "__reduce_min_sync", "__reduce_max_sync",
                               "__activemask in divergent branch", "__shfl_down_sync width 8"};
  for (int k = 0; k < kSlots; ++k) check(names[k], bad[k], got[k], want[k]);

  // Warp-aggregated atomic: every positive element got exactly one slot.
  {
    int positives = 0;
    for (int i = 0; i < n; ++i) if (h[i] > 0) ++positives;
    std::vector<int> seen(n, 0);
    bool ok = static_cast<int>(counter) == positives;
    for (int k = 0; k < positives && ok; ++k) {
      int g = slots[k];
      if (g < 0 || g >= n || h[g] <= 0 || seen[g]++) ok = false;
    }
    for (int k = positives; k < n && ok; ++k) if (slots[k] != -1) ok = false;
    check("warp-aggregated atomicAdd (ballot+popc+shfl)", ok ? -1 : 0,
          static_cast<int>(counter), positives);
  }

  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFree(d_slots)); CUDA_CHECK(cudaFree(d_counter));
  std::printf("style_warp_primitives: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
