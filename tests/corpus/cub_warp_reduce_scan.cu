// cub_warp_reduce_scan: cub::WarpReduce and cub::WarpScan in hand-written kernels.
//
// A block of 4 warps; each warp has its own TempStorage. Per warp (32 lanes) the kernel computes:
//   sum (WarpReduce::Sum), maximum with a user functor (WarpReduce::Reduce), the sum of only the
//   first `valid` lanes (Sum with valid_items), head-segmented sums (HeadSegmentedSum), inclusive
//   and exclusive prefix sums with the warp total (WarpScan::InclusiveSum / ExclusiveSum),
//   an inclusive running maximum (InclusiveScan), an exclusive scan with an initial value
//   (ExclusiveScan) and a broadcast of lane 5's value (Broadcast).
// A second kernel uses 16-lane logical warps (WarpReduce<int, 16>, WarpScan<int, 16>).
// Every output is compared with a CPU reference.
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 cub_warp_reduce_scan.cu

#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_CUDA(call)                                                                    \
  do {                                                                                      \
    cudaError_t err_ = (call);                                                              \
    if (err_ != cudaSuccess) {                                                              \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                    \
                   cudaGetErrorString(err_));                                               \
      std::exit(2);                                                                         \
    }                                                                                       \
  } while (0)

constexpr int kWarps = 4;
constexpr int kThreads = kWarps * 32;

struct IntMax {
  __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};

struct IntPlus {
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
};

// Outputs per thread (global index g = blockIdx.x * kThreads + threadIdx.x).
struct WarpOutputs {
  int* warp_sum;        // per warp
  int* warp_max;        // per warp
  int* partial_sum;     // per warp: sum of the first valid lanes
  int* segment_sum;     // per thread; meaningful at segment heads
  int* inclusive;       // per thread
  int* exclusive;       // per thread
  int* scan_total;      // per warp (aggregate of ExclusiveSum)
  int* running_max;     // per thread
  int* exclusive_init;  // per thread, ExclusiveScan with initial value 1000, plus
  int* broadcast;       // per thread
};

__global__ void warp_kernel(const int* in, const int* heads, int valid, WarpOutputs out) {
  using WarpReduceT = cub::WarpReduce<int>;
  using WarpScanT = cub::WarpScan<int>;
  __shared__ typename WarpReduceT::TempStorage reduce_temp[kWarps];
  __shared__ typename WarpScanT::TempStorage scan_temp[kWarps];

  const int warp = threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  const int g = blockIdx.x * kThreads + threadIdx.x;
  const int w = blockIdx.x * kWarps + warp;
  const int x = in[g];

  int sum = WarpReduceT(reduce_temp[warp]).Sum(x);
  __syncwarp();
  int maximum = WarpReduceT(reduce_temp[warp]).Reduce(x, IntMax());
  __syncwarp();
  int partial = WarpReduceT(reduce_temp[warp]).Sum(x, valid);
  __syncwarp();
  int segmented = WarpReduceT(reduce_temp[warp]).HeadSegmentedSum(x, heads[g]);
  if (lane == 0) {
    out.warp_sum[w] = sum;
    out.warp_max[w] = maximum;
    out.partial_sum[w] = partial;
  }
  if (heads[g] || lane == 0) out.segment_sum[g] = segmented;

  int inclusive, exclusive, total, running, excl_init;
  WarpScanT(scan_temp[warp]).InclusiveSum(x, inclusive);
  __syncwarp();
  WarpScanT(scan_temp[warp]).ExclusiveSum(x, exclusive, total);
  __syncwarp();
  WarpScanT(scan_temp[warp]).InclusiveScan(x, running, IntMax());
  __syncwarp();
  WarpScanT(scan_temp[warp]).ExclusiveScan(x, excl_init, 1000, IntPlus());
  __syncwarp();
  int bcast = WarpScanT(scan_temp[warp]).Broadcast(x, 5);
  out.inclusive[g] = inclusive;
  out.exclusive[g] = exclusive;
  out.running_max[g] = running;
  out.exclusive_init[g] = excl_init;
  out.broadcast[g] = bcast;
  if (lane == 0) out.scan_total[w] = total;
}

// 16-lane logical warps: sums and inclusive scans per half warp.
__global__ void half_warp_kernel(const int* in, int* half_sums, int* inclusive) {
  constexpr int kHalves = kThreads / 16;
  using WarpReduceT = cub::WarpReduce<int, 16>;
  using WarpScanT = cub::WarpScan<int, 16>;
  __shared__ typename WarpReduceT::TempStorage reduce_temp[kHalves];
  __shared__ typename WarpScanT::TempStorage scan_temp[kHalves];
  const int half = threadIdx.x / 16;
  const int g = blockIdx.x * kThreads + threadIdx.x;
  const int x = in[g];
  int s = WarpReduceT(reduce_temp[half]).Sum(x);
  if (threadIdx.x % 16 == 0) half_sums[blockIdx.x * kHalves + half] = s;
  int incl;
  WarpScanT(scan_temp[half]).InclusiveSum(x, incl);
  inclusive[g] = incl;
}

namespace {

int g_failures = 0;

void report(const char* name, bool ok, const char* detail) {
  if (ok) {
    std::printf("cub_warp_reduce_scan: %s: PASS\n", name);
  } else {
    std::printf("cub_warp_reduce_scan: %s: FAIL %s\n", name, detail);
    ++g_failures;
  }
}

int* alloc_ints(int count) {
  int* d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, count * sizeof(int)));
  CHECK_CUDA(cudaMemset(d, 0, count * sizeof(int)));
  return d;
}

std::vector<int> fetch(const int* d, int count) {
  std::vector<int> h(count);
  CHECK_CUDA(cudaMemcpy(h.data(), d, count * sizeof(int), cudaMemcpyDeviceToHost));
  return h;
}

// Compares got against expected at the positions where mask (if given) is set.
bool same(const std::vector<int>& got, const std::vector<int>& expected, const std::vector<char>* mask,
          char* detail, size_t size) {
  for (size_t i = 0; i < expected.size(); ++i) {
    if (mask && !(*mask)[i]) continue;
    if (got[i] != expected[i]) {
      std::snprintf(detail, size, "index %zu: got %d expected %d", i, got[i], expected[i]);
      return false;
    }
  }
  return true;
}

}  // namespace

int main() {
  const int blocks = 6;
  const int n = blocks * kThreads;
  const int warps = n / 32;
  const int valid = 19;

  std::vector<int> h_in(n), h_heads(n);
  unsigned s = 77u;
  for (int i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    h_in[i] = static_cast<int>((s >> 10) % 401) - 200;
    s = s * 1664525u + 1013904223u;
    h_heads[i] = (i % 32 == 0) || ((s >> 12) % 6 == 0);
  }

  int* d_in = alloc_ints(n);
  int* d_heads = alloc_ints(n);
  CHECK_CUDA(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d_heads, h_heads.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  WarpOutputs out;
  out.warp_sum = alloc_ints(warps);
  out.warp_max = alloc_ints(warps);
  out.partial_sum = alloc_ints(warps);
  out.segment_sum = alloc_ints(n);
  out.inclusive = alloc_ints(n);
  out.exclusive = alloc_ints(n);
  out.scan_total = alloc_ints(warps);
  out.running_max = alloc_ints(n);
  out.exclusive_init = alloc_ints(n);
  out.broadcast = alloc_ints(n);

  warp_kernel<<<blocks, kThreads>>>(d_in, d_heads, valid, out);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());

  // CPU reference.
  std::vector<int> r_sum(warps), r_max(warps), r_partial(warps), r_total(warps);
  std::vector<int> r_seg(n, 0), r_incl(n), r_excl(n), r_run(n), r_excl_init(n), r_bcast(n);
  std::vector<char> head_mask(n);
  for (int w = 0; w < warps; ++w) {
    int acc = 0, mx = INT_MIN, part = 0, seg_head = -1;
    for (int l = 0; l < 32; ++l) {
      const int i = w * 32 + l;
      r_excl[i] = acc;
      r_excl_init[i] = 1000 + acc;
      acc += h_in[i];
      r_incl[i] = acc;
      mx = std::max(mx, h_in[i]);
      r_run[i] = mx;
      if (l < valid) part += h_in[i];
      if (h_heads[i] || l == 0) seg_head = i;
      r_seg[seg_head] += h_in[i];
      head_mask[i] = h_heads[i] || l == 0;
      r_bcast[i] = h_in[w * 32 + 5];
    }
    r_sum[w] = acc;
    r_max[w] = mx;
    r_partial[w] = part;
    r_total[w] = acc;
  }

  char detail[160];
  bool ok;
  ok = same(fetch(out.warp_sum, warps), r_sum, nullptr, detail, sizeof detail);
  report("WarpReduce::Sum", ok, detail);
  ok = same(fetch(out.warp_max, warps), r_max, nullptr, detail, sizeof detail);
  report("WarpReduce::Reduce(max)", ok, detail);
  ok = same(fetch(out.partial_sum, warps), r_partial, nullptr, detail, sizeof detail);
  report("WarpReduce::Sum(valid_items)", ok, detail);
  ok = same(fetch(out.segment_sum, n), r_seg, &head_mask, detail, sizeof detail);
  report("WarpReduce::HeadSegmentedSum", ok, detail);
  ok = same(fetch(out.inclusive, n), r_incl, nullptr, detail, sizeof detail);
  report("WarpScan::InclusiveSum", ok, detail);
  ok = same(fetch(out.exclusive, n), r_excl, nullptr, detail, sizeof detail) &&
       same(fetch(out.scan_total, warps), r_total, nullptr, detail, sizeof detail);
  report("WarpScan::ExclusiveSum(+aggregate)", ok, detail);
  ok = same(fetch(out.running_max, n), r_run, nullptr, detail, sizeof detail);
  report("WarpScan::InclusiveScan(max)", ok, detail);
  ok = same(fetch(out.exclusive_init, n), r_excl_init, nullptr, detail, sizeof detail);
  report("WarpScan::ExclusiveScan(initial value)", ok, detail);
  ok = same(fetch(out.broadcast, n), r_bcast, nullptr, detail, sizeof detail);
  report("WarpScan::Broadcast", ok, detail);

  // 16-lane logical warps.
  {
    const int halves = n / 16;
    int* d_half_sums = alloc_ints(halves);
    int* d_half_incl = alloc_ints(n);
    half_warp_kernel<<<blocks, kThreads>>>(d_in, d_half_sums, d_half_incl);
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> r_hs(halves, 0), r_hi(n);
    for (int h = 0; h < halves; ++h) {
      int acc = 0;
      for (int l = 0; l < 16; ++l) {
        acc += h_in[h * 16 + l];
        r_hi[h * 16 + l] = acc;
      }
      r_hs[h] = acc;
    }
    ok = same(fetch(d_half_sums, halves), r_hs, nullptr, detail, sizeof detail) &&
         same(fetch(d_half_incl, n), r_hi, nullptr, detail, sizeof detail);
    report("WarpReduce/WarpScan<int, 16>", ok, detail);
    CHECK_CUDA(cudaFree(d_half_incl));
    CHECK_CUDA(cudaFree(d_half_sums));
  }

  int* to_free[] = {out.warp_sum, out.warp_max, out.partial_sum, out.segment_sum, out.inclusive, out.exclusive,
                    out.scan_total, out.running_max, out.exclusive_init, out.broadcast, d_heads, d_in};
  for (int* p : to_free) CHECK_CUDA(cudaFree(p));

  std::printf("cub_warp_reduce_scan: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
