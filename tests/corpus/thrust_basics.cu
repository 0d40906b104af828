// thrust_basics: the everyday Thrust algorithms on device_vector, with user functors.
//
// Fills and copies between host_vector and device_vector; sequence and fill; transform (unary
// and binary, user functors and thrust::negate); reduce (sum, maximum, custom functor);
// count_if; inclusive_scan and exclusive_scan; sort (ascending, with thrust::greater, and a user
// comparator on floats); copy_if; remove_if; unique; min_element / max_element; equality of
// device ranges. Each result is compared with the same computation done with the C++ standard
// library on the host.
//
// Build: nvcc -std=c++17 -O2 -arch=sm_90 thrust_basics.cu

#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/equal.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/unique.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iterator>
#include <numeric>
#include <vector>

struct Square {
  __host__ __device__ long long operator()(int x) const { return static_cast<long long>(x) * x; }
};

struct Saxpy {
  int a;
  explicit Saxpy(int a_) : a(a_) {}
  __host__ __device__ int operator()(int x, int y) const { return a * x + y; }
};

struct IsEven {
  __host__ __device__ bool operator()(int x) const { return (x & 1) == 0; }
};

struct IsNegative {
  __host__ __device__ bool operator()(int x) const { return x < 0; }
};

struct AbsMax {
  __host__ __device__ int operator()(int a, int b) const {
    int aa = a < 0 ? -a : a, bb = b < 0 ? -b : b;
    return aa > bb ? aa : bb;
  }
};

// Orders floats by distance from 10, ties by value.
struct CloserToTen {
  __host__ __device__ bool operator()(float a, float b) const {
    float da = fabsf(a - 10.0f), db = fabsf(b - 10.0f);
    return da < db || (da == db && a < b);
  }
};

namespace {

int g_failures = 0;

template <typename T>
bool check(const char* name, const thrust::device_vector<T>& got, const std::vector<T>& expected) {
  thrust::host_vector<T> h = got;
  bool ok = h.size() == expected.size();
  size_t where = 0;
  for (size_t i = 0; ok && i < h.size(); ++i) {
    if (!(h[i] == expected[i])) {
      ok = false;
      where = i;
    }
  }
  if (ok) {
    std::printf("thrust_basics: %s: PASS\n", name);
  } else if (h.size() != expected.size()) {
    std::printf("thrust_basics: %s: FAIL size %zu expected %zu\n", name, h.size(), expected.size());
  } else {
    std::printf("thrust_basics: %s: FAIL index %zu: got %g expected %g\n", name, where,
                static_cast<double>(h[where]), static_cast<double>(expected[where]));
  }
  if (!ok) ++g_failures;
  return ok;
}

template <typename T>
bool check_value(const char* name, T got, T expected) {
  bool ok = got == expected;
  if (ok) {
    std::printf("thrust_basics: %s: PASS\n", name);
  } else {
    std::printf("thrust_basics: %s: FAIL got %lld expected %lld\n", name, static_cast<long long>(got),
                static_cast<long long>(expected));
    ++g_failures;
  }
  return ok;
}

}  // namespace

int main() {
  const int n = 6000;
  std::vector<int> a(n), b(n);
  unsigned s = 8675309u;
  for (int i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    a[i] = static_cast<int>((s >> 9) % 2001) - 1000;
    s = s * 1664525u + 1013904223u;
    b[i] = static_cast<int>((s >> 9) % 501);
  }

  thrust::host_vector<int> h_a(a.begin(), a.end());
  thrust::device_vector<int> d_a = h_a;                      // host_vector -> device_vector
  thrust::device_vector<int> d_b(b.begin(), b.end());        // std::vector range -> device_vector

  // sequence / fill
  {
    thrust::device_vector<int> seq(1000);
    thrust::sequence(seq.begin(), seq.end(), 5, 3);
    std::vector<int> expected(1000);
    for (int i = 0; i < 1000; ++i) expected[i] = 5 + 3 * i;
    check("sequence(start, step)", seq, expected);
    thrust::fill(seq.begin() + 100, seq.begin() + 200, -7);
    std::fill(expected.begin() + 100, expected.begin() + 200, -7);
    check("fill(range)", seq, expected);
  }

  // transform
  {
    thrust::device_vector<int> out(n);
    thrust::transform(d_a.begin(), d_a.end(), d_b.begin(), out.begin(), Saxpy(3));
    std::vector<int> expected(n);
    for (int i = 0; i < n; ++i) expected[i] = 3 * a[i] + b[i];
    check("transform(binary functor)", out, expected);

    thrust::transform(d_a.begin(), d_a.end(), out.begin(), thrust::negate<int>());
    for (int i = 0; i < n; ++i) expected[i] = -a[i];
    check("transform(thrust::negate)", out, expected);

    thrust::device_vector<long long> squares(n);
    thrust::transform(d_a.begin(), d_a.end(), squares.begin(), Square());
    std::vector<long long> sq(n);
    for (int i = 0; i < n; ++i) sq[i] = static_cast<long long>(a[i]) * a[i];
    check("transform(to long long)", squares, sq);

    // reduce over the squares: a sum that needs 64 bits
    long long total = thrust::reduce(squares.begin(), squares.end(), 0LL);
    check_value("reduce(long long sum)", total, std::accumulate(sq.begin(), sq.end(), 0LL));
  }

  // reduce
  {
    int sum = thrust::reduce(d_a.begin(), d_a.end());
    check_value("reduce(default plus)", sum, std::accumulate(a.begin(), a.end(), 0));
    int mx = thrust::reduce(d_a.begin(), d_a.end(), INT_MIN, thrust::maximum<int>());
    check_value("reduce(thrust::maximum)", mx, *std::max_element(a.begin(), a.end()));
    int absmax = thrust::reduce(d_a.begin(), d_a.end(), 0, AbsMax());
    int ref = 0;
    for (int v : a) ref = std::max(ref, std::abs(v));
    check_value("reduce(user functor)", absmax, ref);
    long long evens = thrust::count_if(d_a.begin(), d_a.end(), IsEven());
    check_value("count_if", evens, static_cast<long long>(std::count_if(a.begin(), a.end(), [](int v) { return (v & 1) == 0; })));
  }

  // scans
  {
    thrust::device_vector<int> out(n);
    thrust::inclusive_scan(d_b.begin(), d_b.end(), out.begin());
    std::vector<int> expected(n);
    std::partial_sum(b.begin(), b.end(), expected.begin());
    check("inclusive_scan", out, expected);

    thrust::exclusive_scan(d_b.begin(), d_b.end(), out.begin(), 100);
    int acc = 100;
    for (int i = 0; i < n; ++i) {
      expected[i] = acc;
      acc += b[i];
    }
    check("exclusive_scan(init)", out, expected);

    thrust::inclusive_scan(d_a.begin(), d_a.end(), out.begin(), thrust::maximum<int>());
    int run = INT_MIN;
    for (int i = 0; i < n; ++i) expected[i] = run = std::max(run, a[i]);
    check("inclusive_scan(thrust::maximum)", out, expected);

    // in place
    thrust::device_vector<int> inplace = d_b;
    thrust::inclusive_scan(inplace.begin(), inplace.end(), inplace.begin());
    std::partial_sum(b.begin(), b.end(), expected.begin());
    check("inclusive_scan(in place)", inplace, expected);
  }

  // sorts
  {
    thrust::device_vector<int> v = d_a;
    thrust::sort(v.begin(), v.end());
    std::vector<int> expected(a);
    std::sort(expected.begin(), expected.end());
    check("sort(int)", v, expected);

    v = d_a;
    thrust::sort(v.begin(), v.end(), thrust::greater<int>());
    std::sort(expected.begin(), expected.end(), std::greater<int>());
    check("sort(thrust::greater)", v, expected);

    std::vector<float> f(3000);
    for (size_t i = 0; i < f.size(); ++i) f[i] = static_cast<float>(a[i] % 97) * 0.5f;
    thrust::device_vector<float> df(f.begin(), f.end());
    thrust::sort(df.begin(), df.end(), CloserToTen());
    std::sort(f.begin(), f.end(), [](float x, float y) {
      float dx = std::fabs(x - 10.0f), dy = std::fabs(y - 10.0f);
      return dx < dy || (dx == dy && x < y);
    });
    check("sort(user comparator, float)", df, f);
  }

  // stream compaction
  {
    thrust::device_vector<int> out(n);
    auto end = thrust::copy_if(d_a.begin(), d_a.end(), out.begin(), IsEven());
    out.resize(end - out.begin());
    std::vector<int> expected;
    std::copy_if(a.begin(), a.end(), std::back_inserter(expected), [](int v) { return (v & 1) == 0; });
    check("copy_if", out, expected);

    thrust::device_vector<int> v = d_a;
    v.erase(thrust::remove_if(v.begin(), v.end(), IsNegative()), v.end());
    expected.assign(a.begin(), a.end());
    expected.erase(std::remove_if(expected.begin(), expected.end(), [](int x) { return x < 0; }), expected.end());
    check("remove_if+erase", v, expected);

    thrust::device_vector<int> u = d_b;
    thrust::sort(u.begin(), u.end());
    u.erase(thrust::unique(u.begin(), u.end()), u.end());
    expected.assign(b.begin(), b.end());
    std::sort(expected.begin(), expected.end());
    expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
    check("sort+unique", u, expected);
  }

  // extrema and equality
  {
    auto mx = thrust::max_element(d_a.begin(), d_a.end());
    auto mn = thrust::min_element(d_a.begin(), d_a.end());
    long long where_max = mx - d_a.begin(), where_min = mn - d_a.begin();
    check_value("max_element(position)", where_max,
                static_cast<long long>(std::max_element(a.begin(), a.end()) - a.begin()));
    check_value("min_element(value)", static_cast<int>(*mn), *std::min_element(a.begin(), a.end()));
    (void)where_min;
    thrust::device_vector<int> copy(n);
    thrust::copy(d_a.begin(), d_a.end(), copy.begin());
    bool eq = thrust::equal(copy.begin(), copy.end(), d_a.begin());
    copy[n / 2] = copy[n / 2] + 1;  // a single element written through device_reference
    bool ne = !thrust::equal(copy.begin(), copy.end(), d_a.begin());
    check_value("copy+equal", static_cast<int>(eq && ne), 1);
  }

  std::printf("thrust_basics: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
