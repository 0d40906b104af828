// cub_segmented_reduce: per-row reductions of a CSR sparse matrix with
// cub::DeviceSegmentedReduce.
//
// A hand-written kernel multiplies every stored entry by x[column]; DeviceSegmentedReduce::Sum over
// the row offsets then gives y = A * x (integers, so exact), including empty rows (sum 0).
// On the same rows: Max and Min of the stored values, Reduce with a user functor (bitwise OR,
// initial value 0), ArgMax (position within the row of the first largest value) and Sum over
// segments given by separate begin/end arrays (every other row, skipping the rest).
// Rows used with Max/Min/ArgMax are the non-empty ones (listed through begin/end arrays), since an
// empty segment's maximum is only the identity.
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 cub_segmented_reduce.cu

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

struct BitOr {
  __host__ __device__ unsigned operator()(const unsigned& a, const unsigned& b) const { return a | b; }
};

__global__ void multiply_by_x(const int* values, const int* columns, const int* x, int* products, int nnz) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < nnz; i += gridDim.x * blockDim.x)
    products[i] = values[i] * x[columns[i]];
}

namespace {

int g_failures = 0;

void report(const char* name, bool ok, const char* detail) {
  if (ok) {
    std::printf("cub_segmented_reduce: %s: PASS\n", name);
  } else {
    std::printf("cub_segmented_reduce: %s: FAIL %s\n", name, detail);
    ++g_failures;
  }
}

unsigned g_seed = 31337u;
unsigned rnd() {
  g_seed ^= g_seed << 13;
  g_seed ^= g_seed >> 17;
  g_seed ^= g_seed << 5;
  return g_seed;
}

template <typename T>
T* upload(const std::vector<T>& h) {
  T* d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, h.size() * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <typename T>
std::vector<T> download(const T* d, size_t count) {
  std::vector<T> h(count);
  CHECK_CUDA(cudaMemcpy(h.data(), d, count * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

template <typename T>
bool same(const std::vector<T>& got, const std::vector<T>& expected, char* detail, size_t size) {
  for (size_t i = 0; i < expected.size(); ++i) {
    if (got[i] != expected[i]) {
      std::snprintf(detail, size, "segment %zu: got %lld expected %lld", i, static_cast<long long>(got[i]),
                    static_cast<long long>(expected[i]));
      return false;
    }
  }
  std::snprintf(detail, size, "-");
  return true;
}

}  // namespace

int main() {
  const int rows = 1500, cols = 800;
  char detail[160];

  // CSR matrix: row lengths 0..60, a few long rows; some rows empty.
  std::vector<int> row_offsets(rows + 1, 0);
  for (int r = 0; r < rows; ++r) {
    int len = (r % 11 == 0) ? 0 : static_cast<int>(rnd() % 40);
    if (r % 97 == 5) len = 600;
    row_offsets[r + 1] = row_offsets[r] + len;
  }
  const int nnz = row_offsets[rows];
  std::vector<int> values(nnz), columns(nnz), x(cols);
  for (int i = 0; i < nnz; ++i) {
    values[i] = static_cast<int>(rnd() % 199) - 99;
    columns[i] = static_cast<int>(rnd() % cols);
  }
  for (int c = 0; c < cols; ++c) x[c] = static_cast<int>(rnd() % 21) - 10;

  int* d_offsets = upload(row_offsets);
  int* d_values = upload(values);
  int* d_columns = upload(columns);
  int* d_x = upload(x);
  int* d_products = nullptr;
  int* d_y = nullptr;
  CHECK_CUDA(cudaMalloc(&d_products, nnz * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_y, rows * sizeof(int)));

  // --- y = A * x ---------------------------------------------------------------------------
  {
    multiply_by_x<<<64, 256>>>(d_values, d_columns, d_x, d_products, nnz);
    CHECK_CUDA(cudaGetLastError());
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceSegmentedReduce::Sum(d_temp, bytes, d_products, d_y, rows, d_offsets, d_offsets + 1));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceSegmentedReduce::Sum(d_temp, bytes, d_products, d_y, rows, d_offsets, d_offsets + 1));
    std::vector<int> expected(rows, 0);
    for (int r = 0; r < rows; ++r)
      for (int i = row_offsets[r]; i < row_offsets[r + 1]; ++i) expected[r] += values[i] * x[columns[i]];
    report("Sum (CSR y = A*x, empty rows)", same(download(d_y, rows), expected, detail, sizeof detail), detail);
    CHECK_CUDA(cudaFree(d_temp));
  }

  // --- Non-empty rows through begin/end arrays: Max, Min, ArgMax ------------------------------
  std::vector<int> begins, ends;
  for (int r = 0; r < rows; ++r) {
    if (row_offsets[r + 1] > row_offsets[r]) {
      begins.push_back(row_offsets[r]);
      ends.push_back(row_offsets[r + 1]);
    }
  }
  const int segments = static_cast<int>(begins.size());
  int* d_begins = upload(begins);
  int* d_ends = upload(ends);
  int* d_out = nullptr;
  CHECK_CUDA(cudaMalloc(&d_out, segments * sizeof(int)));
  {
    std::vector<int> ref_max(segments), ref_min(segments);
    for (int s = 0; s < segments; ++s) {
      ref_max[s] = *std::max_element(values.begin() + begins[s], values.begin() + ends[s]);
      ref_min[s] = *std::min_element(values.begin() + begins[s], values.begin() + ends[s]);
    }
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceSegmentedReduce::Max(d_temp, bytes, d_values, d_out, segments, d_begins, d_ends));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceSegmentedReduce::Max(d_temp, bytes, d_values, d_out, segments, d_begins, d_ends));
    report("Max (begin/end arrays)", same(download(d_out, segments), ref_max, detail, sizeof detail), detail);
    CHECK_CUDA(cudaFree(d_temp));

    d_temp = nullptr;
    bytes = 0;
    CHECK_CUDA(cub::DeviceSegmentedReduce::Min(d_temp, bytes, d_values, d_out, segments, d_begins, d_ends));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceSegmentedReduce::Min(d_temp, bytes, d_values, d_out, segments, d_begins, d_ends));
    report("Min (begin/end arrays)", same(download(d_out, segments), ref_min, detail, sizeof detail), detail);
    CHECK_CUDA(cudaFree(d_temp));
  }
  {
    using Pair = cub::KeyValuePair<int, int>;
    Pair* d_pairs = nullptr;
    CHECK_CUDA(cudaMalloc(&d_pairs, segments * sizeof(Pair)));
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceSegmentedReduce::ArgMax(d_temp, bytes, d_values, d_pairs, segments, d_begins, d_ends));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceSegmentedReduce::ArgMax(d_temp, bytes, d_values, d_pairs, segments, d_begins, d_ends));
    std::vector<Pair> got = download(d_pairs, segments);
    bool ok = true;
    std::snprintf(detail, sizeof detail, "-");
    for (int s = 0; s < segments && ok; ++s) {
      auto it = std::max_element(values.begin() + begins[s], values.begin() + ends[s]);  // first largest
      const int where = static_cast<int>(it - (values.begin() + begins[s]));
      if (got[s].key != where || got[s].value != *it) {
        ok = false;
        std::snprintf(detail, sizeof detail, "segment %d: (%d, %d), expected (%d, %d)", s, got[s].key, got[s].value,
                      where, *it);
      }
    }
    report("ArgMax (KeyValuePair)", ok, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_pairs));
  }

  // --- Reduce with a user functor: OR of the column bits of each row (empty rows give 0) --------
  {
    std::vector<unsigned> bits(nnz);
    for (int i = 0; i < nnz; ++i) bits[i] = 1u << (columns[i] % 32);
    unsigned* d_bits = upload(bits);
    unsigned* d_masks = nullptr;
    CHECK_CUDA(cudaMalloc(&d_masks, rows * sizeof(unsigned)));
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceSegmentedReduce::Reduce(d_temp, bytes, d_bits, d_masks, rows, d_offsets, d_offsets + 1,
                                                  BitOr(), 0u));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceSegmentedReduce::Reduce(d_temp, bytes, d_bits, d_masks, rows, d_offsets, d_offsets + 1,
                                                  BitOr(), 0u));
    std::vector<unsigned> expected(rows, 0u);
    for (int r = 0; r < rows; ++r)
      for (int i = row_offsets[r]; i < row_offsets[r + 1]; ++i) expected[r] |= bits[i];
    report("Reduce(bitwise OR functor)", same(download(d_masks, rows), expected, detail, sizeof detail), detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_masks));
    CHECK_CUDA(cudaFree(d_bits));
  }

  // --- Sum over every other row, segments given by begin and end arrays -------------------------
  {
    std::vector<int> b2, e2, expected;
    for (int r = 0; r < rows; r += 2) {
      b2.push_back(row_offsets[r]);
      e2.push_back(row_offsets[r + 1]);
      int s = 0;
      for (int i = row_offsets[r]; i < row_offsets[r + 1]; ++i) s += values[i];
      expected.push_back(s);
    }
    const int m = static_cast<int>(b2.size());
    int* d_b2 = upload(b2);
    int* d_e2 = upload(e2);
    void* d_temp = nullptr;
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceSegmentedReduce::Sum(d_temp, bytes, d_values, d_y, m, d_b2, d_e2));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cub::DeviceSegmentedReduce::Sum(d_temp, bytes, d_values, d_y, m, d_b2, d_e2));
    report("Sum (gapped segments)", same(download(d_y, m), expected, detail, sizeof detail), detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_e2));
    CHECK_CUDA(cudaFree(d_b2));
  }

  int* to_free[] = {d_out, d_ends, d_begins, d_y, d_products, d_x, d_columns, d_values, d_offsets};
  for (int* p : to_free) CHECK_CUDA(cudaFree(p));
  std::printf("cub_segmented_reduce: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
