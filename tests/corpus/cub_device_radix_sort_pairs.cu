// cub_device_radix_sort_pairs: device-wide radix sorts with CUB, as an indexing or binning step
// would use them.
//
//   DeviceRadixSort::SortPairs (unsigned keys, int payload; the sort is stable),
//   SortPairs on a bit range (only the low 10 bits of the key: a stable sort on that field),
//   SortPairsDescending (signed keys), SortPairs with cub::DoubleBuffer (result in Current()),
//   SortKeys on float keys with negative values, SortPairs on 64-bit keys, and
//   DeviceSegmentedRadixSort::SortPairs per segment.
// The references are std::stable_sort of (key, original index).
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 cub_device_radix_sort_pairs.cu

#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
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

namespace {

int g_failures = 0;

void report(const char* name, bool ok, const char* detail) {
  if (ok) {
    std::printf("cub_device_radix_sort_pairs: %s: PASS\n", name);
  } else {
    std::printf("cub_device_radix_sort_pairs: %s: FAIL %s\n", name, detail);
    ++g_failures;
  }
}

uint64_t g_state = 0x2545F4914F6CDD1Dull;
uint64_t next_random() {
  g_state ^= g_state >> 12;
  g_state ^= g_state << 25;
  g_state ^= g_state >> 27;
  return g_state * 0x2545F4914F6CDD1Dull;
}

template <typename T>
T* to_device(const std::vector<T>& h) {
  T* d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, h.size() * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <typename T>
std::vector<T> to_host(const T* d, size_t count) {
  std::vector<T> h(count);
  CHECK_CUDA(cudaMemcpy(h.data(), d, count * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// The permutation a stable sort by `less` gives.
template <typename K, typename Less>
std::vector<int> stable_order(const std::vector<K>& keys, Less less) {
  std::vector<int> idx(keys.size());
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return less(keys[a], keys[b]); });
  return idx;
}

template <typename K>
bool check_pairs(const std::vector<K>& keys, const std::vector<int>& order, const std::vector<K>& got_keys,
                 const std::vector<int>& got_values, char* detail, size_t size) {
  for (size_t i = 0; i < order.size(); ++i) {
    if (got_keys[i] != keys[order[i]] || got_values[i] != order[i]) {
      std::snprintf(detail, size, "position %zu: value %d, expected value %d", i, got_values[i], order[i]);
      return false;
    }
  }
  std::snprintf(detail, size, "-");
  return true;
}

}  // namespace

int main() {
  const int n = 40000;
  char detail[160];

  std::vector<int> positions(n);
  std::iota(positions.begin(), positions.end(), 0);
  int* d_positions = to_device(positions);
  int* d_values_out = nullptr;
  CHECK_CUDA(cudaMalloc(&d_values_out, n * sizeof(int)));

  // --- SortPairs, unsigned keys, full width and a bit range ----------------------------------
  {
    std::vector<unsigned> keys(n);
    for (auto& k : keys) k = static_cast<unsigned>(next_random() >> 40) % 5000u * 977u;
    unsigned* d_keys = to_device(keys);
    unsigned* d_keys_out = nullptr;
    CHECK_CUDA(cudaMalloc(&d_keys_out, n * sizeof(unsigned)));

    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(d_temp, bytes, d_keys, d_keys_out, d_positions, d_values_out, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(d_temp, bytes, d_keys, d_keys_out, d_positions, d_values_out, n));
    auto order = stable_order(keys, [](unsigned a, unsigned b) { return a < b; });
    bool ok = check_pairs(keys, order, to_host(d_keys_out, n), to_host(d_values_out, n), detail, sizeof detail);
    report("SortPairs(unsigned, int)", ok, detail);
    CHECK_CUDA(cudaFree(d_temp));

    // Bits [0, 10) only.
    d_temp = nullptr;
    bytes = 0;
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(d_temp, bytes, d_keys, d_keys_out, d_positions, d_values_out, n, 0, 10));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(d_temp, bytes, d_keys, d_keys_out, d_positions, d_values_out, n, 0, 10));
    order = stable_order(keys, [](unsigned a, unsigned b) { return (a & 1023u) < (b & 1023u); });
    ok = check_pairs(keys, order, to_host(d_keys_out, n), to_host(d_values_out, n), detail, sizeof detail);
    report("SortPairs(bits 0..10)", ok, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_keys_out));
    CHECK_CUDA(cudaFree(d_keys));
  }

  // --- SortPairsDescending, signed keys ---------------------------------------------------------
  {
    std::vector<int> keys(n);
    for (auto& k : keys) k = static_cast<int>(next_random() % 100001) - 50000;
    int* d_keys = to_device(keys);
    int* d_keys_out = nullptr;
    CHECK_CUDA(cudaMalloc(&d_keys_out, n * sizeof(int)));
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceRadixSort::SortPairsDescending(d_temp, bytes, d_keys, d_keys_out, d_positions,
                                                         d_values_out, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceRadixSort::SortPairsDescending(d_temp, bytes, d_keys, d_keys_out, d_positions,
                                                         d_values_out, n));
    auto order = stable_order(keys, [](int a, int b) { return a > b; });
    bool ok = check_pairs(keys, order, to_host(d_keys_out, n), to_host(d_values_out, n), detail, sizeof detail);
    report("SortPairsDescending(int, int)", ok, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_keys_out));
    CHECK_CUDA(cudaFree(d_keys));
  }

  // --- DoubleBuffer form ------------------------------------------------------------------------
  {
    std::vector<unsigned short> keys(n);
    for (auto& k : keys) k = static_cast<unsigned short>(next_random() >> 50);
    unsigned short* d_key_buf = to_device(keys);
    unsigned short* d_key_alt = nullptr;
    int* d_val_buf = to_device(positions);
    int* d_val_alt = nullptr;
    CHECK_CUDA(cudaMalloc(&d_key_alt, n * sizeof(unsigned short)));
    CHECK_CUDA(cudaMalloc(&d_val_alt, n * sizeof(int)));
    cub::DoubleBuffer<unsigned short> d_keys(d_key_buf, d_key_alt);
    cub::DoubleBuffer<int> d_values(d_val_buf, d_val_alt);
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(d_temp, bytes, d_keys, d_values, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(d_temp, bytes, d_keys, d_values, n));
    auto order = stable_order(keys, [](unsigned short a, unsigned short b) { return a < b; });
    bool ok = check_pairs(keys, order, to_host(d_keys.Current(), n), to_host(d_values.Current(), n), detail,
                          sizeof detail);
    report("SortPairs(DoubleBuffer<ushort>, DoubleBuffer<int>)", ok, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_val_alt));
    CHECK_CUDA(cudaFree(d_val_buf));
    CHECK_CUDA(cudaFree(d_key_alt));
    CHECK_CUDA(cudaFree(d_key_buf));
  }

  // --- SortKeys, float ---------------------------------------------------------------------------
  {
    std::vector<float> keys(n);
    for (auto& k : keys) k = static_cast<float>(static_cast<int>(next_random() % 200001) - 100000) / 64.0f + 1.0f / 128;
    float* d_keys = to_device(keys);
    float* d_keys_out = nullptr;
    CHECK_CUDA(cudaMalloc(&d_keys_out, n * sizeof(float)));
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceRadixSort::SortKeys(d_temp, bytes, d_keys, d_keys_out, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceRadixSort::SortKeys(d_temp, bytes, d_keys, d_keys_out, n));
    std::vector<float> expected(keys);
    std::sort(expected.begin(), expected.end());
    std::vector<float> got = to_host(d_keys_out, n);
    bool ok = true;
    std::snprintf(detail, sizeof detail, "-");
    for (int i = 0; i < n && ok; ++i) {
      if (got[i] != expected[i]) {
        ok = false;
        std::snprintf(detail, sizeof detail, "position %d: got %g expected %g", i, got[i], expected[i]);
      }
    }
    report("SortKeys(float)", ok, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_keys_out));
    CHECK_CUDA(cudaFree(d_keys));
  }

  // --- SortPairs, 64-bit keys ---------------------------------------------------------------------
  {
    std::vector<unsigned long long> keys(n);
    for (auto& k : keys) k = (next_random() % 3000ull) << 33 | (next_random() & 3ull);
    unsigned long long* d_keys = to_device(keys);
    unsigned long long* d_keys_out = nullptr;
    CHECK_CUDA(cudaMalloc(&d_keys_out, n * sizeof(unsigned long long)));
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(d_temp, bytes, d_keys, d_keys_out, d_positions, d_values_out, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(d_temp, bytes, d_keys, d_keys_out, d_positions, d_values_out, n));
    auto order = stable_order(keys, [](unsigned long long a, unsigned long long b) { return a < b; });
    bool ok = check_pairs(keys, order, to_host(d_keys_out, n), to_host(d_values_out, n), detail, sizeof detail);
    report("SortPairs(uint64, int)", ok, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_keys_out));
    CHECK_CUDA(cudaFree(d_keys));
  }

  // --- DeviceSegmentedRadixSort::SortPairs ---------------------------------------------------------
  {
    // Segments of uneven length, including an empty one and a single-item one.
    std::vector<int> offsets = {0, 100, 100, 101, 3000, 3500, 9000, 12000};
    const int segments = static_cast<int>(offsets.size()) - 1;
    const int m = offsets.back();
    std::vector<int> keys(m);
    for (auto& k : keys) k = static_cast<int>(next_random() % 1000) - 500;
    int* d_keys = to_device(keys);
    int* d_offsets = to_device(offsets);
    int* d_keys_out = nullptr;
    CHECK_CUDA(cudaMalloc(&d_keys_out, m * sizeof(int)));
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceSegmentedRadixSort::SortPairs(d_temp, bytes, d_keys, d_keys_out, d_positions, d_values_out,
                                                        m, segments, d_offsets, d_offsets + 1));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceSegmentedRadixSort::SortPairs(d_temp, bytes, d_keys, d_keys_out, d_positions, d_values_out,
                                                        m, segments, d_offsets, d_offsets + 1));
    std::vector<int> order(m);
    std::iota(order.begin(), order.end(), 0);
    for (int s = 0; s < segments; ++s)
      std::stable_sort(order.begin() + offsets[s], order.begin() + offsets[s + 1],
                       [&](int a, int b) { return keys[a] < keys[b]; });
    bool ok = check_pairs(keys, order, to_host(d_keys_out, m), to_host(d_values_out, m), detail, sizeof detail);
    report("DeviceSegmentedRadixSort::SortPairs", ok, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_keys_out));
    CHECK_CUDA(cudaFree(d_offsets));
    CHECK_CUDA(cudaFree(d_keys));
  }

  CHECK_CUDA(cudaFree(d_values_out));
  CHECK_CUDA(cudaFree(d_positions));
  std::printf("cub_device_radix_sort_pairs: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
