// cub_block_radix_sort: cub::BlockRadixSort inside user kernels.
//
// Each block sorts one tile of keys together with a value per key (the key's original position):
//   - unsigned keys, ascending, keys+values, results blocked (Sort);
//   - signed int keys, descending (SortDescending), results striped (SortDescendingBlockedToStriped)
//     and written out coalesced;
//   - float keys with negative values, ascending, keys only, striped result;
//   - unsigned keys sorted on bits [4, 12) only (Sort with begin_bit/end_bit), which must be a
//     stable sort on that digit.
// The reference is std::stable_sort per tile (radix sort is stable, so the values must match too).
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 cub_block_radix_sort.cu

#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
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

constexpr int kThreads = 128;
constexpr int kItems = 4;
constexpr int kTile = kThreads * kItems;

// Ascending sort of (key, value) pairs; blocked in, blocked out.
template <typename Key>
__global__ void sort_pairs_blocked(Key* keys, int* values, int begin_bit, int end_bit) {
  using Sorter = cub::BlockRadixSort<Key, kThreads, kItems, int>;
  __shared__ typename Sorter::TempStorage temp;
  const int base = blockIdx.x * kTile + threadIdx.x * kItems;
  Key k[kItems];
  int v[kItems];
  for (int i = 0; i < kItems; ++i) {
    k[i] = keys[base + i];
    v[i] = values[base + i];
  }
  Sorter(temp).Sort(k, v, begin_bit, end_bit);
  for (int i = 0; i < kItems; ++i) {
    keys[base + i] = k[i];
    values[base + i] = v[i];
  }
}

// Descending sort of (key, value) pairs; loaded with BlockLoad, stored striped (coalesced).
__global__ void sort_pairs_descending_striped(const int* keys_in, const int* values_in, int* keys_out,
                                              int* values_out) {
  using Load = cub::BlockLoad<int, kThreads, kItems, cub::BLOCK_LOAD_VECTORIZE>;
  using Sorter = cub::BlockRadixSort<int, kThreads, kItems, int>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Sorter::TempStorage sort;
  } temp;
  const int tile = blockIdx.x * kTile;
  int k[kItems], v[kItems];
  Load(temp.load).Load(keys_in + tile, k);
  __syncthreads();
  Load(temp.load).Load(values_in + tile, v);
  __syncthreads();
  Sorter(temp.sort).SortDescendingBlockedToStriped(k, v);
  cub::StoreDirectStriped<kThreads>(threadIdx.x, keys_out + tile, k);
  cub::StoreDirectStriped<kThreads>(threadIdx.x, values_out + tile, v);
}

// Ascending sort of float keys only; striped result.
__global__ void sort_float_keys(const float* in, float* out) {
  using Sorter = cub::BlockRadixSort<float, kThreads, kItems>;
  __shared__ typename Sorter::TempStorage temp;
  const int tile = blockIdx.x * kTile;
  float k[kItems];
  cub::LoadDirectBlocked(threadIdx.x, in + tile, k);
  Sorter(temp).SortBlockedToStriped(k);
  cub::StoreDirectStriped<kThreads>(threadIdx.x, out + tile, k);
}

namespace {

int g_failures = 0;

void report(const char* name, bool ok, const char* detail) {
  std::printf("cub_block_radix_sort: %s: %s%s%s\n", name, ok ? "PASS" : "FAIL", ok ? "" : " ", ok ? "" : detail);
  if (!ok) ++g_failures;
}

struct Rng {
  unsigned long long s;
  unsigned next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return static_cast<unsigned>(s >> 11);
  }
};

// Reference: per tile, indices stable-sorted by `less` on the tile's keys.
template <typename Key, typename Less>
void reference_sort(const std::vector<Key>& keys, int tiles, Less less, std::vector<Key>& sorted_keys,
                    std::vector<int>& sorted_values) {
  sorted_keys.resize(keys.size());
  sorted_values.resize(keys.size());
  for (int t = 0; t < tiles; ++t) {
    std::vector<int> idx(kTile);
    std::iota(idx.begin(), idx.end(), t * kTile);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return less(keys[a], keys[b]); });
    for (int i = 0; i < kTile; ++i) {
      sorted_keys[t * kTile + i] = keys[idx[i]];
      sorted_values[t * kTile + i] = idx[i];
    }
  }
}

template <typename Key>
bool compare(const std::vector<Key>& got_k, const std::vector<int>* got_v, const std::vector<Key>& ref_k,
             const std::vector<int>* ref_v, char* detail, size_t size) {
  for (size_t i = 0; i < ref_k.size(); ++i) {
    if (!(got_k[i] == ref_k[i]) || (got_v && (*got_v)[i] != (*ref_v)[i])) {
      std::snprintf(detail, size, "position %zu: key %g value %d, expected key %g value %d", i,
                    static_cast<double>(got_k[i]), got_v ? (*got_v)[i] : -1,
                    static_cast<double>(ref_k[i]), ref_v ? (*ref_v)[i] : -1);
      return false;
    }
  }
  return true;
}

}  // namespace

int main() {
  const int tiles = 12;
  const int n = tiles * kTile;
  Rng rng{0x9e3779b97f4a7c15ull};
  char detail[200];

  std::vector<int> positions(n);
  std::iota(positions.begin(), positions.end(), 0);
  int *d_values = nullptr, *d_values_out = nullptr;
  CHECK_CUDA(cudaMalloc(&d_values, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_values_out, n * sizeof(int)));

  // 1. Unsigned keys with many duplicates, full key width.
  {
    std::vector<unsigned> keys(n);
    for (int i = 0; i < n; ++i) keys[i] = (rng.next() % 64) * 0x01010101u + (i % 3 == 0 ? 0x80000000u : 0);
    unsigned* d_keys = nullptr;
    CHECK_CUDA(cudaMalloc(&d_keys, n * sizeof(unsigned)));
    CHECK_CUDA(cudaMemcpy(d_keys, keys.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d_values, positions.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    sort_pairs_blocked<unsigned><<<tiles, kThreads>>>(d_keys, d_values, 0, 32);
    CHECK_CUDA(cudaGetLastError());
    std::vector<unsigned> got_k(n);
    std::vector<int> got_v(n);
    CHECK_CUDA(cudaMemcpy(got_k.data(), d_keys, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(got_v.data(), d_values, n * sizeof(int), cudaMemcpyDeviceToHost));
    std::vector<unsigned> ref_k;
    std::vector<int> ref_v;
    reference_sort(keys, tiles, [](unsigned a, unsigned b) { return a < b; }, ref_k, ref_v);
    bool ok = compare(got_k, &got_v, ref_k, &ref_v, detail, sizeof detail);
    report("Sort(unsigned keys, values)", ok, detail);

    // 4. The same keys, sorted only on bits [4, 12).
    CHECK_CUDA(cudaMemcpy(d_keys, keys.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d_values, positions.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    sort_pairs_blocked<unsigned><<<tiles, kThreads>>>(d_keys, d_values, 4, 12);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(got_k.data(), d_keys, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(got_v.data(), d_values, n * sizeof(int), cudaMemcpyDeviceToHost));
    reference_sort(keys, tiles, [](unsigned a, unsigned b) { return ((a >> 4) & 0xff) < ((b >> 4) & 0xff); },
                   ref_k, ref_v);
    ok = compare(got_k, &got_v, ref_k, &ref_v, detail, sizeof detail);
    report("Sort(bits 4..12, stable)", ok, detail);
    CHECK_CUDA(cudaFree(d_keys));
  }

  // 2. Signed keys, descending, striped output.
  {
    std::vector<int> keys(n);
    for (int i = 0; i < n; ++i) keys[i] = static_cast<int>(rng.next() % 2001) - 1000;
    int *d_keys = nullptr, *d_keys_out = nullptr;
    CHECK_CUDA(cudaMalloc(&d_keys, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_keys_out, n * sizeof(int)));
    CHECK_CUDA(cudaMemcpy(d_keys, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(d_values, positions.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    sort_pairs_descending_striped<<<tiles, kThreads>>>(d_keys, d_values, d_keys_out, d_values_out);
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> got_k(n), got_v(n);
    CHECK_CUDA(cudaMemcpy(got_k.data(), d_keys_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(got_v.data(), d_values_out, n * sizeof(int), cudaMemcpyDeviceToHost));
    std::vector<int> ref_k, ref_v;
    reference_sort(keys, tiles, [](int a, int b) { return a > b; }, ref_k, ref_v);
    bool ok = compare(got_k, &got_v, ref_k, &ref_v, detail, sizeof detail);
    report("SortDescendingBlockedToStriped(int keys, values)", ok, detail);
    CHECK_CUDA(cudaFree(d_keys_out));
    CHECK_CUDA(cudaFree(d_keys));
  }

  // 3. Float keys (negative and positive, no -0.0 or NaN), keys only.
  {
    std::vector<float> keys(n);
    for (int i = 0; i < n; ++i) keys[i] = (static_cast<int>(rng.next() % 20001) - 10000) * 0.125f + 0.0625f;
    float *d_in = nullptr, *d_out = nullptr;
    CHECK_CUDA(cudaMalloc(&d_in, n * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&d_out, n * sizeof(float)));
    CHECK_CUDA(cudaMemcpy(d_in, keys.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    sort_float_keys<<<tiles, kThreads>>>(d_in, d_out);
    CHECK_CUDA(cudaGetLastError());
    std::vector<float> got(n);
    CHECK_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    std::vector<float> ref_k;
    std::vector<int> ref_v;
    reference_sort(keys, tiles, [](float a, float b) { return a < b; }, ref_k, ref_v);
    bool ok = compare(got, static_cast<const std::vector<int>*>(nullptr), ref_k, nullptr, detail, sizeof detail);
    report("SortBlockedToStriped(float keys)", ok, detail);
    CHECK_CUDA(cudaFree(d_out));
    CHECK_CUDA(cudaFree(d_in));
  }

  CHECK_CUDA(cudaFree(d_values_out));
  CHECK_CUDA(cudaFree(d_values));
  std::printf("cub_block_radix_sort: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
