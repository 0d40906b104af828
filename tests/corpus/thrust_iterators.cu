// thrust_iterators: Thrust's fancy iterators feeding algorithms, as vector code uses them.
//
//   transform_reduce over a zip_iterator (integer dot product) and over a counting_iterator (a
//   sum computed without memory); reduce over a transform_iterator (sum of squares) and over a
//   permutation_iterator (the elements an index map picks); transform writing tuples into a
//   zip_iterator (per-pair min and max); sort_by_key carrying two value arrays through a
//   zip_iterator; copy_if with a stencil over a counting_iterator (indices of matches);
//   gather and scatter with a permutation; transform with a constant_iterator; a float norm
//   compared with a tolerance.
// Each result is checked against a plain host loop.
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 thrust_iterators.cu

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/tuple.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

struct MultiplyPair {
  template <typename Tuple>
  __host__ __device__ long long operator()(const Tuple& t) const {
    return static_cast<long long>(thrust::get<0>(t)) * thrust::get<1>(t);
  }
};

struct Square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};

// f(i) for a counting iterator: a cheap hash of the index.
struct IndexHash {
  __host__ __device__ long long operator()(int i) const { return (static_cast<long long>(i) * 2654435761LL) % 1009; }
};

struct MinMax {
  template <typename Tuple>
  __host__ __device__ thrust::tuple<int, int> operator()(const Tuple& t) const {
    int a = thrust::get<0>(t), b = thrust::get<1>(t);
    return thrust::make_tuple(a < b ? a : b, a < b ? b : a);
  }
};

struct IsMultipleOfSeven {
  __host__ __device__ bool operator()(int x) const { return x % 7 == 0; }
};

struct ScaleAdd {
  __host__ __device__ int operator()(int x, int c) const { return 2 * x + c; }
};

struct SquareF {
  __host__ __device__ float operator()(float x) const { return x * x; }
};

namespace {

int g_failures = 0;

void result(const char* name, bool ok, long long got, long long expected) {
  if (ok) {
    std::printf("thrust_iterators: %s: PASS\n", name);
  } else {
    std::printf("thrust_iterators: %s: FAIL got %lld expected %lld\n", name, got, expected);
    ++g_failures;
  }
}

template <typename T>
void compare(const char* name, const thrust::device_vector<T>& got, const std::vector<T>& expected) {
  thrust::host_vector<T> h(got);
  if (h.size() != expected.size()) {
    result(name, false, static_cast<long long>(h.size()), static_cast<long long>(expected.size()));
    return;
  }
  for (size_t i = 0; i < h.size(); ++i) {
    if (h[i] != expected[i]) {
      std::printf("thrust_iterators: %s: FAIL index %zu: got %lld expected %lld\n", name, i,
                  static_cast<long long>(h[i]), static_cast<long long>(expected[i]));
      ++g_failures;
      return;
    }
  }
  std::printf("thrust_iterators: %s: PASS\n", name);
}

}  // namespace

int main() {
  const int n = 10000;
  std::vector<int> a(n), b(n);
  unsigned s = 2718281u;
  for (int i = 0; i < n; ++i) {
    s = s * 1103515245u + 12345u;
    a[i] = static_cast<int>((s >> 10) % 201) - 100;
    s = s * 1103515245u + 12345u;
    b[i] = static_cast<int>((s >> 10) % 201) - 100;
  }
  thrust::device_vector<int> d_a(a.begin(), a.end()), d_b(b.begin(), b.end());

  // Dot product through a zip_iterator.
  {
    auto first = thrust::make_zip_iterator(thrust::make_tuple(d_a.begin(), d_b.begin()));
    auto last = thrust::make_zip_iterator(thrust::make_tuple(d_a.end(), d_b.end()));
    long long dot = thrust::transform_reduce(first, last, MultiplyPair(), 0LL, thrust::plus<long long>());
    long long ref = 0;
    for (int i = 0; i < n; ++i) ref += static_cast<long long>(a[i]) * b[i];
    result("transform_reduce(zip_iterator dot product)", dot == ref, dot, ref);
  }

  // A sum over indices with no input array.
  {
    const int m = 50000;
    long long got = thrust::transform_reduce(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(m),
                                             IndexHash(), 0LL, thrust::plus<long long>());
    long long ref = 0;
    for (int i = 0; i < m; ++i) ref += IndexHash()(i);
    result("transform_reduce(counting_iterator)", got == ref, got, ref);
  }

  // Sum of squares via transform_iterator.
  {
    auto sq_begin = thrust::make_transform_iterator(d_a.begin(), Square());
    auto sq_end = thrust::make_transform_iterator(d_a.end(), Square());
    int got = thrust::reduce(sq_begin, sq_end);
    int ref = 0;
    for (int v : a) ref += v * v;
    result("reduce(transform_iterator)", got == ref, got, ref);
  }

  // Reduce over a permutation_iterator: every third element, in reverse order.
  {
    std::vector<int> map;
    for (int i = n - 1; i >= 0; i -= 3) map.push_back(i);
    thrust::device_vector<int> d_map(map.begin(), map.end());
    auto first = thrust::make_permutation_iterator(d_a.begin(), d_map.begin());
    auto last = thrust::make_permutation_iterator(d_a.begin(), d_map.end());
    int got = thrust::reduce(first, last, 0, thrust::plus<int>());
    int ref = 0;
    for (int i : map) ref += a[i];
    result("reduce(permutation_iterator)", got == ref, got, ref);
  }

  // transform into a zip_iterator: (min, max) of each pair.
  {
    thrust::device_vector<int> lo(n), hi(n);
    auto in = thrust::make_zip_iterator(thrust::make_tuple(d_a.begin(), d_b.begin()));
    auto out = thrust::make_zip_iterator(thrust::make_tuple(lo.begin(), hi.begin()));
    thrust::transform(in, in + n, out, MinMax());
    std::vector<int> rlo(n), rhi(n);
    for (int i = 0; i < n; ++i) {
      rlo[i] = std::min(a[i], b[i]);
      rhi[i] = std::max(a[i], b[i]);
    }
    compare("transform(-> zip_iterator, min)", lo, rlo);
    compare("transform(-> zip_iterator, max)", hi, rhi);
  }

  // sort_by_key with two value arrays zipped together.
  {
    thrust::device_vector<int> keys = d_a;
    thrust::device_vector<int> v1(n), v2 = d_b;
    thrust::sequence(v1.begin(), v1.end());
    thrust::stable_sort_by_key(keys.begin(), keys.end(),
                               thrust::make_zip_iterator(thrust::make_tuple(v1.begin(), v2.begin())));
    std::vector<int> idx(n);
    std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) { return a[x] < a[y]; });
    std::vector<int> rb(n);
    for (int i = 0; i < n; ++i) rb[i] = b[idx[i]];
    compare("stable_sort_by_key(zip values: index)", v1, idx);
    compare("stable_sort_by_key(zip values: payload)", v2, rb);
  }

  // Indices of the multiples of seven: copy_if of a counting_iterator with a stencil.
  {
    thrust::device_vector<int> indices(n);
    auto end = thrust::copy_if(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n), d_a.begin(),
                               indices.begin(), IsMultipleOfSeven());
    indices.resize(end - indices.begin());
    std::vector<int> ref;
    for (int i = 0; i < n; ++i)
      if (a[i] % 7 == 0) ref.push_back(i);
    compare("copy_if(counting_iterator, stencil)", indices, ref);
  }

  // gather and scatter through a permutation.
  {
    std::vector<int> perm(n);
    std::iota(perm.begin(), perm.end(), 0);
    for (int i = n - 1; i > 0; --i) {
      s = s * 1103515245u + 12345u;
      std::swap(perm[i], perm[(s >> 8) % (i + 1)]);
    }
    thrust::device_vector<int> d_perm(perm.begin(), perm.end());
    thrust::device_vector<int> gathered(n), scattered(n);
    thrust::gather(d_perm.begin(), d_perm.end(), d_a.begin(), gathered.begin());
    thrust::scatter(d_a.begin(), d_a.end(), d_perm.begin(), scattered.begin());
    std::vector<int> rg(n), rs(n);
    for (int i = 0; i < n; ++i) {
      rg[i] = a[perm[i]];
      rs[perm[i]] = a[i];
    }
    compare("gather", gathered, rg);
    compare("scatter", scattered, rs);
  }

  // constant_iterator as the second input of a binary transform.
  {
    thrust::device_vector<int> out(n);
    thrust::transform(d_a.begin(), d_a.end(), thrust::constant_iterator<int>(17), out.begin(), ScaleAdd());
    std::vector<int> ref(n);
    for (int i = 0; i < n; ++i) ref[i] = 2 * a[i] + 17;
    compare("transform(constant_iterator)", out, ref);
  }

  // Float norm with a tolerance (the summation order differs from the host's).
  {
    std::vector<float> f(n);
    for (int i = 0; i < n; ++i) f[i] = 0.01f * a[i] + 0.001f * b[i];
    thrust::device_vector<float> d_f(f.begin(), f.end());
    float norm = std::sqrt(thrust::transform_reduce(d_f.begin(), d_f.end(), SquareF(), 0.0f, thrust::plus<float>()));
    double ref = 0;
    for (float v : f) ref += static_cast<double>(v) * v;
    ref = std::sqrt(ref);
    bool ok = std::fabs(norm - ref) <= 1e-4 * ref;
    if (ok) {
      std::printf("thrust_iterators: transform_reduce(float norm): PASS\n");
    } else {
      std::printf("thrust_iterators: transform_reduce(float norm): FAIL got %.7g expected %.7g\n", norm, ref);
      ++g_failures;
    }
  }

  std::printf("thrust_iterators: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
