// cub_device_scan_select: CUB's device-wide scans, selections, partitions and run-length encoding,
// as a stream-compaction pipeline would use them.
//
//   DeviceScan::ExclusiveSum / InclusiveSum (int), DeviceScan::ExclusiveScan with a user max
//   functor and an initial value, DeviceSelect::If (user predicate), DeviceSelect::Flagged,
//   DeviceSelect::Unique, DevicePartition::If (selected items first in order, the rest after them
//   in reverse order) and DeviceRunLengthEncode::Encode; plus a compaction done by hand: flags,
//   ExclusiveSum of the flags, and a scatter kernel.
// All results are checked against CPU references.
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 cub_device_scan_select.cu

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

struct IsMultipleOf {
  int divisor;
  __host__ __device__ explicit IsMultipleOf(int d) : divisor(d) {}
  __host__ __device__ bool operator()(const int& x) const { return x % divisor == 0; }
};

struct MaxOf {
  __host__ __device__ int operator()(const int& a, const int& b) const { return a > b ? a : b; }
};

__global__ void flag_positive(const int* in, int* flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) flags[i] = in[i] > 0 ? 1 : 0;
}

__global__ void scatter_flagged(const int* in, const int* flags, const int* positions, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && flags[i]) out[positions[i]] = in[i];
}

namespace {

int g_failures = 0;

void report(const char* name, bool ok, const char* detail) {
  if (ok) {
    std::printf("cub_device_scan_select: %s: PASS\n", name);
  } else {
    std::printf("cub_device_scan_select: %s: FAIL %s\n", name, detail);
    ++g_failures;
  }
}

// Temporary storage that grows as needed, the way applications usually keep one around.
struct TempStorage {
  void* ptr = nullptr;
  size_t bytes = 0;
  void reserve(size_t needed) {
    if (needed <= bytes) return;
    if (ptr) CHECK_CUDA(cudaFree(ptr));
    CHECK_CUDA(cudaMalloc(&ptr, needed));
    bytes = needed;
  }
  ~TempStorage() {
    if (ptr) cudaFree(ptr);
  }
};

std::vector<int> fetch(const int* d, int count) {
  std::vector<int> h(count);
  if (count > 0) CHECK_CUDA(cudaMemcpy(h.data(), d, count * sizeof(int), cudaMemcpyDeviceToHost));
  return h;
}

int fetch_one(const int* d) {
  int h = 0;
  CHECK_CUDA(cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost));
  return h;
}

bool same(const std::vector<int>& got, const std::vector<int>& expected, char* detail, size_t size) {
  if (got.size() != expected.size()) {
    std::snprintf(detail, size, "size %zu expected %zu", got.size(), expected.size());
    return false;
  }
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != expected[i]) {
      std::snprintf(detail, size, "index %zu: got %d expected %d", i, got[i], expected[i]);
      return false;
    }
  }
  std::snprintf(detail, size, "-");
  return true;
}

}  // namespace

int main() {
  const int n = 60000;
  std::vector<int> h_in(n);
  unsigned s = 4242u;
  for (int i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    h_in[i] = static_cast<int>((s >> 8) % 201) - 100;
  }
  // Runs of repeated values for Unique and RunLengthEncode.
  std::vector<int> h_runs(n);
  {
    int v = 0;
    for (int i = 0; i < n; ++i) {
      s = s * 1664525u + 1013904223u;
      if ((s >> 20) % 4 == 0) v = static_cast<int>((s >> 8) % 9);
      h_runs[i] = v;
    }
  }

  int *d_in = nullptr, *d_out = nullptr, *d_flags = nullptr, *d_pos = nullptr, *d_runs = nullptr;
  int *d_counts = nullptr, *d_num = nullptr;
  CHECK_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_flags, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_pos, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_runs, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_counts, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_num, sizeof(int)));
  CHECK_CUDA(cudaMemcpy(d_in, h_in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d_runs, h_runs.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  TempStorage temp;
  size_t bytes = 0;
  char detail[160];

  // --- Scans ------------------------------------------------------------------------------
  {
    std::vector<int> excl(n), incl(n), run_max(n);
    int acc = 0, mx = -1000;
    for (int i = 0; i < n; ++i) {
      excl[i] = acc;
      run_max[i] = mx;  // exclusive: the maximum of the earlier items and the initial value
      acc += h_in[i];
      mx = std::max(mx, h_in[i]);
      incl[i] = acc;
    }

    bytes = 0;
    CHECK_CUDA(cub::DeviceScan::ExclusiveSum(nullptr, bytes, d_in, d_out, n));
    temp.reserve(bytes);
    CHECK_CUDA(cub::DeviceScan::ExclusiveSum(temp.ptr, bytes, d_in, d_out, n));
    report("DeviceScan::ExclusiveSum", same(fetch(d_out, n), excl, detail, sizeof detail), detail);

    bytes = 0;
    CHECK_CUDA(cub::DeviceScan::InclusiveSum(nullptr, bytes, d_in, d_out, n));
    temp.reserve(bytes);
    CHECK_CUDA(cub::DeviceScan::InclusiveSum(temp.ptr, bytes, d_in, d_out, n));
    report("DeviceScan::InclusiveSum", same(fetch(d_out, n), incl, detail, sizeof detail), detail);

    bytes = 0;
    CHECK_CUDA(cub::DeviceScan::ExclusiveScan(nullptr, bytes, d_in, d_out, MaxOf(), -1000, n));
    temp.reserve(bytes);
    CHECK_CUDA(cub::DeviceScan::ExclusiveScan(temp.ptr, bytes, d_in, d_out, MaxOf(), -1000, n));
    report("DeviceScan::ExclusiveScan(max, init)", same(fetch(d_out, n), run_max, detail, sizeof detail), detail);
  }

  // --- Compaction by hand: flags, scan of the flags, scatter ---------------------------------
  {
    const int threads = 256, blocks = (n + threads - 1) / threads;
    flag_positive<<<blocks, threads>>>(d_in, d_flags, n);
    CHECK_CUDA(cudaGetLastError());
    bytes = 0;
    CHECK_CUDA(cub::DeviceScan::ExclusiveSum(nullptr, bytes, d_flags, d_pos, n));
    temp.reserve(bytes);
    CHECK_CUDA(cub::DeviceScan::ExclusiveSum(temp.ptr, bytes, d_flags, d_pos, n));
    scatter_flagged<<<blocks, threads>>>(d_in, d_flags, d_pos, d_out, n);
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> expected;
    for (int v : h_in)
      if (v > 0) expected.push_back(v);
    const int count = fetch_one(d_pos + n - 1) + (h_in[n - 1] > 0 ? 1 : 0);
    report("flags+ExclusiveSum+scatter", same(fetch(d_out, count), expected, detail, sizeof detail), detail);
  }

  // --- DeviceSelect::If -------------------------------------------------------------------------
  {
    std::vector<int> expected;
    for (int v : h_in)
      if (v % 3 == 0) expected.push_back(v);
    bytes = 0;
    CHECK_CUDA(cub::DeviceSelect::If(nullptr, bytes, d_in, d_out, d_num, n, IsMultipleOf(3)));
    temp.reserve(bytes);
    CHECK_CUDA(cub::DeviceSelect::If(temp.ptr, bytes, d_in, d_out, d_num, n, IsMultipleOf(3)));
    const int count = fetch_one(d_num);
    report("DeviceSelect::If", same(fetch(d_out, count), expected, detail, sizeof detail), detail);
  }

  // --- DeviceSelect::Flagged (the flags of the hand-made compaction above) ----------------------
  {
    std::vector<int> expected;
    for (int v : h_in)
      if (v > 0) expected.push_back(v);
    bytes = 0;
    CHECK_CUDA(cub::DeviceSelect::Flagged(nullptr, bytes, d_in, d_flags, d_out, d_num, n));
    temp.reserve(bytes);
    CHECK_CUDA(cub::DeviceSelect::Flagged(temp.ptr, bytes, d_in, d_flags, d_out, d_num, n));
    const int count = fetch_one(d_num);
    report("DeviceSelect::Flagged", same(fetch(d_out, count), expected, detail, sizeof detail), detail);
  }

  // --- DeviceSelect::Unique ---------------------------------------------------------------------
  {
    std::vector<int> expected;
    for (int i = 0; i < n; ++i)
      if (i == 0 || h_runs[i] != h_runs[i - 1]) expected.push_back(h_runs[i]);
    bytes = 0;
    CHECK_CUDA(cub::DeviceSelect::Unique(nullptr, bytes, d_runs, d_out, d_num, n));
    temp.reserve(bytes);
    CHECK_CUDA(cub::DeviceSelect::Unique(temp.ptr, bytes, d_runs, d_out, d_num, n));
    const int count = fetch_one(d_num);
    report("DeviceSelect::Unique", same(fetch(d_out, count), expected, detail, sizeof detail), detail);
  }

  // --- DevicePartition::If ----------------------------------------------------------------------
  {
    std::vector<int> selected, rejected;
    for (int v : h_in) (v % 4 == 0 ? selected : rejected).push_back(v);
    std::vector<int> expected(selected);
    expected.insert(expected.end(), rejected.rbegin(), rejected.rend());
    bytes = 0;
    CHECK_CUDA(cub::DevicePartition::If(nullptr, bytes, d_in, d_out, d_num, n, IsMultipleOf(4)));
    temp.reserve(bytes);
    CHECK_CUDA(cub::DevicePartition::If(temp.ptr, bytes, d_in, d_out, d_num, n, IsMultipleOf(4)));
    const int count = fetch_one(d_num);
    bool ok = count == static_cast<int>(selected.size());
    if (!ok) std::snprintf(detail, sizeof detail, "%d selected, expected %zu", count, selected.size());
    ok = ok && same(fetch(d_out, n), expected, detail, sizeof detail);
    report("DevicePartition::If", ok, detail);
  }

  // --- DeviceRunLengthEncode::Encode ------------------------------------------------------------
  {
    std::vector<int> uniques, lengths;
    for (int i = 0; i < n; ++i) {
      if (i == 0 || h_runs[i] != h_runs[i - 1]) {
        uniques.push_back(h_runs[i]);
        lengths.push_back(0);
      }
      ++lengths.back();
    }
    bytes = 0;
    CHECK_CUDA(cub::DeviceRunLengthEncode::Encode(nullptr, bytes, d_runs, d_out, d_counts, d_num, n));
    temp.reserve(bytes);
    CHECK_CUDA(cub::DeviceRunLengthEncode::Encode(temp.ptr, bytes, d_runs, d_out, d_counts, d_num, n));
    const int count = fetch_one(d_num);
    bool ok = same(fetch(d_out, count), uniques, detail, sizeof detail) &&
              same(fetch(d_counts, count), lengths, detail, sizeof detail);
    report("DeviceRunLengthEncode::Encode", ok, detail);
  }

  int* to_free[] = {d_num, d_counts, d_runs, d_pos, d_flags, d_out, d_in};
  for (int* p : to_free) CHECK_CUDA(cudaFree(p));
  std::printf("cub_device_scan_select: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
