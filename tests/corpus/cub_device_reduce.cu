// cub_device_reduce: device-wide reductions with CUB.
//
// Sums a vector of integers with cub::DeviceReduce::Sum, finds its maximum and minimum with
// DeviceReduce::Max / Min, reduces pairs (value, index) with a user functor through
// DeviceReduce::Reduce (an arg-max that prefers the lowest index on ties), and sums runs of
// equal keys with DeviceReduce::ReduceByKey. Every result is checked against a CPU reference.
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 cub_device_reduce.cu

#include <cub/cub.cuh>
#include <cuda_runtime.h>

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

namespace {

int g_failures = 0;

void report(const char* name, bool ok, const char* detail = "") {
  if (ok) {
    std::printf("cub_device_reduce: %s: PASS\n", name);
  } else {
    std::printf("cub_device_reduce: %s: FAIL %s\n", name, detail);
    ++g_failures;
  }
}

// A value with the position it came from; the reduction keeps the largest value and, among
// equal values, the smallest position (so the result does not depend on the reduction order).
struct ValueIndex {
  int value;
  int index;
};

struct ArgMaxOp {
  __host__ __device__ ValueIndex operator()(const ValueIndex& a, const ValueIndex& b) const {
    if (a.value > b.value) return a;
    if (b.value > a.value) return b;
    return a.index < b.index ? a : b;
  }
};

struct MaxOp {
  template <typename T>
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};

struct PlusOp {
  template <typename T>
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return a + b;
  }
};

// Small linear congruential generator so the data are the same on every platform.
struct Lcg {
  unsigned state;
  explicit Lcg(unsigned seed) : state(seed) {}
  unsigned next() {
    state = state * 1664525u + 1013904223u;
    return state >> 8;
  }
};

__global__ void pack_value_index(const int* values, ValueIndex* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i].value = values[i];
    out[i].index = i;
  }
}

template <typename T>
T* device_copy(const std::vector<T>& host) {
  T* d = nullptr;
  CHECK_CUDA(cudaMalloc(&d, host.size() * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

template <typename T>
T read_one(const T* d) {
  T h;
  CHECK_CUDA(cudaMemcpy(&h, d, sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

}  // namespace

int main() {
  const int n = 50000;
  Lcg rng(12345u);
  std::vector<int> h_values(n);
  for (int i = 0; i < n; ++i) h_values[i] = static_cast<int>(rng.next() % 20001) - 10000;
  // Plant a repeated maximum so the tie-breaking of the arg-max matters.
  h_values[777] = 123456;
  h_values[40001] = 123456;

  int* d_values = device_copy(h_values);
  int* d_result = nullptr;
  CHECK_CUDA(cudaMalloc(&d_result, sizeof(int)));

  // --- Sum -------------------------------------------------------------------------------
  {
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    CHECK_CUDA(cub::DeviceReduce::Sum(d_temp, temp_bytes, d_values, d_result, n));
    CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
    CHECK_CUDA(cub::DeviceReduce::Sum(d_temp, temp_bytes, d_values, d_result, n));
    CHECK_CUDA(cudaDeviceSynchronize());
    long long expected = 0;
    for (int v : h_values) expected += v;
    int got = read_one(d_result);
    char detail[128];
    std::snprintf(detail, sizeof detail, "got %d expected %lld", got, expected);
    report("Sum", got == static_cast<int>(expected), detail);
    CHECK_CUDA(cudaFree(d_temp));
  }

  // --- Max / Min ---------------------------------------------------------------------------
  {
    int expected_max = h_values[0], expected_min = h_values[0];
    for (int v : h_values) {
      expected_max = v > expected_max ? v : expected_max;
      expected_min = v < expected_min ? v : expected_min;
    }
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    CHECK_CUDA(cub::DeviceReduce::Max(d_temp, temp_bytes, d_values, d_result, n));
    CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
    CHECK_CUDA(cub::DeviceReduce::Max(d_temp, temp_bytes, d_values, d_result, n));
    int got_max = read_one(d_result);
    CHECK_CUDA(cudaFree(d_temp));

    d_temp = nullptr;
    temp_bytes = 0;
    CHECK_CUDA(cub::DeviceReduce::Min(d_temp, temp_bytes, d_values, d_result, n));
    CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
    CHECK_CUDA(cub::DeviceReduce::Min(d_temp, temp_bytes, d_values, d_result, n));
    int got_min = read_one(d_result);
    CHECK_CUDA(cudaFree(d_temp));

    char detail[160];
    std::snprintf(detail, sizeof detail, "max %d (expected %d), min %d (expected %d)", got_max,
                  expected_max, got_min, expected_min);
    report("Max/Min", got_max == expected_max && got_min == expected_min, detail);
  }

  // --- Reduce with a custom functor: float max over a prefix of the data --------------------
  {
    std::vector<float> h_f(n);
    for (int i = 0; i < n; ++i) h_f[i] = static_cast<float>(h_values[i]) * 0.25f;
    float* d_f = device_copy(h_f);
    float* d_fout = nullptr;
    CHECK_CUDA(cudaMalloc(&d_fout, sizeof(float)));
    const int prefix = n - 137;
    const float init = -1.0e30f;
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    CHECK_CUDA(cub::DeviceReduce::Reduce(d_temp, temp_bytes, d_f, d_fout, prefix, MaxOp(), init));
    CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
    CHECK_CUDA(cub::DeviceReduce::Reduce(d_temp, temp_bytes, d_f, d_fout, prefix, MaxOp(), init));
    float expected = init;
    for (int i = 0; i < prefix; ++i) expected = h_f[i] > expected ? h_f[i] : expected;
    float got = read_one(d_fout);
    char detail[128];
    std::snprintf(detail, sizeof detail, "got %g expected %g", got, expected);
    report("Reduce(custom max, float)", got == expected, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_fout));
    CHECK_CUDA(cudaFree(d_f));
  }

  // --- Reduce over a struct: arg-max ------------------------------------------------------
  {
    ValueIndex* d_pairs = nullptr;
    ValueIndex* d_best = nullptr;
    CHECK_CUDA(cudaMalloc(&d_pairs, n * sizeof(ValueIndex)));
    CHECK_CUDA(cudaMalloc(&d_best, sizeof(ValueIndex)));
    pack_value_index<<<(n + 255) / 256, 256>>>(d_values, d_pairs, n);
    CHECK_CUDA(cudaGetLastError());
    ValueIndex init;
    init.value = -2147483647 - 1;
    init.index = 0x7fffffff;
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    CHECK_CUDA(cub::DeviceReduce::Reduce(d_temp, temp_bytes, d_pairs, d_best, n, ArgMaxOp(), init));
    CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
    CHECK_CUDA(cub::DeviceReduce::Reduce(d_temp, temp_bytes, d_pairs, d_best, n, ArgMaxOp(), init));
    ValueIndex got = read_one(d_best);
    int best = 0;
    for (int i = 1; i < n; ++i)
      if (h_values[i] > h_values[best]) best = i;
    char detail[128];
    std::snprintf(detail, sizeof detail, "got (%d @ %d) expected (%d @ %d)", got.value, got.index,
                  h_values[best], best);
    report("Reduce(arg-max struct)", got.value == h_values[best] && got.index == best, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_best));
    CHECK_CUDA(cudaFree(d_pairs));
  }

  // --- ReduceByKey: sum of values over runs of equal keys -----------------------------------
  {
    std::vector<int> h_keys(n);
    int key = 0;
    for (int i = 0; i < n; ++i) {
      if (rng.next() % 7 == 0) key += 1 + static_cast<int>(rng.next() % 3);
      h_keys[i] = key % 50;  // keys repeat later in the sequence, in separate runs
    }
    int* d_keys = device_copy(h_keys);
    int *d_unique = nullptr, *d_sums = nullptr, *d_num_runs = nullptr;
    CHECK_CUDA(cudaMalloc(&d_unique, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_sums, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_num_runs, sizeof(int)));
    void* d_temp = nullptr;
    size_t temp_bytes = 0;
    CHECK_CUDA(cub::DeviceReduce::ReduceByKey(d_temp, temp_bytes, d_keys, d_unique, d_values,
                                              d_sums, d_num_runs, PlusOp(), n));
    CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
    CHECK_CUDA(cub::DeviceReduce::ReduceByKey(d_temp, temp_bytes, d_keys, d_unique, d_values,
                                              d_sums, d_num_runs, PlusOp(), n));
    CHECK_CUDA(cudaDeviceSynchronize());

    std::vector<int> ref_keys, ref_sums;
    for (int i = 0; i < n; ++i) {
      if (i == 0 || h_keys[i] != h_keys[i - 1]) {
        ref_keys.push_back(h_keys[i]);
        ref_sums.push_back(0);
      }
      ref_sums.back() += h_values[i];
    }
    int runs = read_one(d_num_runs);
    bool ok = runs == static_cast<int>(ref_keys.size());
    char detail[160];
    std::snprintf(detail, sizeof detail, "runs %d expected %zu", runs, ref_keys.size());
    if (ok) {
      std::vector<int> got_keys(runs), got_sums(runs);
      CHECK_CUDA(cudaMemcpy(got_keys.data(), d_unique, runs * sizeof(int), cudaMemcpyDeviceToHost));
      CHECK_CUDA(cudaMemcpy(got_sums.data(), d_sums, runs * sizeof(int), cudaMemcpyDeviceToHost));
      for (int r = 0; r < runs && ok; ++r) {
        if (got_keys[r] != ref_keys[r] || got_sums[r] != ref_sums[r]) {
          ok = false;
          std::snprintf(detail, sizeof detail, "run %d: key %d sum %d, expected key %d sum %d", r,
                        got_keys[r], got_sums[r], ref_keys[r], ref_sums[r]);
        }
      }
    }
    report("ReduceByKey", ok, detail);
    CHECK_CUDA(cudaFree(d_temp));
    CHECK_CUDA(cudaFree(d_num_runs));
    CHECK_CUDA(cudaFree(d_sums));
    CHECK_CUDA(cudaFree(d_unique));
    CHECK_CUDA(cudaFree(d_keys));
  }

  CHECK_CUDA(cudaFree(d_result));
  CHECK_CUDA(cudaFree(d_values));

  std::printf("cub_device_reduce: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
