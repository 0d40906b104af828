// thrust_with_kernels: Thrust containers and algorithms mixed with hand-written kernels, the way
// applications combine them.
//
//  1. device_vector storage handed to user kernels through thrust::raw_pointer_cast (an integer
//     axpy), then reduced with Thrust.
//  2. Memory from cudaMalloc wrapped in thrust::device_ptr: sequence, sort with thrust::greater,
//     then a user kernel reads the raw pointer; thrust::device_pointer_cast back the other way.
//  3. A histogram kernel with atomicAdd into a device_vector, followed by thrust::inclusive_scan
//     (a cumulative distribution) and lookups into it done by a second kernel.
//  4. A device_vector of a user struct updated by a kernel, summarized with transform_reduce.
//  5. Thrust algorithms and a kernel on one non-default stream (thrust::cuda::par.on(stream)).
//  6. A device lambda passed to thrust::transform and thrust::count_if.
// Everything is integer arithmetic and is compared with a host computation.
//
// Uses device lambdas: build with nvcc -std=c++17 -O2 -arch=sm_90 --extended-lambda thrust_with_kernels.cu

#include <thrust/count.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
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

struct Particle {
  int position;
  int velocity;
  int mass;
};

struct KineticEnergyTimesTwo {
  __host__ __device__ long long operator()(const Particle& p) const {
    return static_cast<long long>(p.mass) * p.velocity * p.velocity;
  }
};

__global__ void axpy(int a, const int* x, int* y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] += a * x[i];
}

// Checks that data is in non-increasing order; counts the violations.
__global__ void count_order_violations(const int* data, int n, int* violations) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n && data[i] < data[i + 1]) atomicAdd(violations, 1);
}

__global__ void histogram(const int* values, int n, int* bins, int num_bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int b = values[i] % num_bins;
    atomicAdd(&bins[b], 1);
  }
}

// For each query q: how many values fall in bins [0, q], read off the cumulative histogram.
__global__ void lookup_cdf(const int* cdf, const int* queries, int* answers, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m) answers[i] = cdf[queries[i]];
}

__global__ void advance_particles(Particle* particles, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Particle p = particles[i];
    for (int s = 0; s < steps; ++s) {
      p.position += p.velocity;
      if (p.position < 0 || p.position > 1000) p.velocity = -p.velocity;  // bounce off the walls
    }
    particles[i] = p;
  }
}

__global__ void add_offset(int* data, int n, int offset) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += offset;
}

namespace {

int g_failures = 0;

void report(const char* name, bool ok, long long got, long long expected) {
  if (ok) {
    std::printf("thrust_with_kernels: %s: PASS\n", name);
  } else {
    std::printf("thrust_with_kernels: %s: FAIL got %lld expected %lld\n", name, got, expected);
    ++g_failures;
  }
}

bool same(const thrust::host_vector<int>& got, const std::vector<int>& expected, long long& bad_got,
          long long& bad_expected) {
  if (got.size() != expected.size()) {
    bad_got = static_cast<long long>(got.size());
    bad_expected = static_cast<long long>(expected.size());
    return false;
  }
  for (size_t i = 0; i < got.size(); ++i) {
    if (got[i] != expected[i]) {
      bad_got = got[i];
      bad_expected = expected[i];
      return false;
    }
  }
  return true;
}

int blocks_for(int n, int threads) { return (n + threads - 1) / threads; }

}  // namespace

int main() {
  const int n = 12000;
  const int threads = 256;
  std::vector<int> x(n), y(n);
  unsigned s = 55555u;
  for (int i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    x[i] = static_cast<int>((s >> 8) % 1000);
    s = s * 1664525u + 1013904223u;
    y[i] = static_cast<int>((s >> 8) % 1000) - 500;
  }
  long long g = 0, e = 0;

  // 1. device_vector + raw_pointer_cast + kernel, then a Thrust reduction.
  {
    thrust::device_vector<int> d_x(x.begin(), x.end()), d_y(y.begin(), y.end());
    axpy<<<32, threads>>>(3, thrust::raw_pointer_cast(d_x.data()), thrust::raw_pointer_cast(&d_y[0]), n);
    CHECK_CUDA(cudaGetLastError());
    long long sum = thrust::reduce(d_y.begin(), d_y.end(), 0LL);
    std::vector<int> ref(n);
    long long ref_sum = 0;
    for (int i = 0; i < n; ++i) ref_sum += ref[i] = y[i] + 3 * x[i];
    thrust::host_vector<int> h_y = d_y;
    bool ok = same(h_y, ref, g, e);
    report("kernel on raw_pointer_cast(device_vector)", ok, g, e);
    report("reduce after kernel", sum == ref_sum, sum, ref_sum);
  }

  // 2. cudaMalloc'd memory wrapped in device_ptr.
  {
    int* raw = nullptr;
    int* d_violations = nullptr;
    CHECK_CUDA(cudaMalloc(&raw, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&d_violations, sizeof(int)));
    CHECK_CUDA(cudaMemcpy(raw, x.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    thrust::device_ptr<int> p(raw);
    thrust::sort(p, p + n, thrust::greater<int>());
    CHECK_CUDA(cudaMemset(d_violations, 0, sizeof(int)));
    count_order_violations<<<blocks_for(n, threads), threads>>>(raw, n, d_violations);
    CHECK_CUDA(cudaGetLastError());
    int violations = -1;
    CHECK_CUDA(cudaMemcpy(&violations, d_violations, sizeof(int), cudaMemcpyDeviceToHost));
    std::vector<int> ref(x);
    std::sort(ref.begin(), ref.end(), std::greater<int>());
    thrust::host_vector<int> h(p, p + n);
    report("kernel check of sort(device_ptr) order: violations", violations == 0, violations, 0);
    report("sort(device_ptr around cudaMalloc)", same(h, ref, g, e), g, e);

    thrust::sequence(thrust::device, p, p + n, 100);
    add_offset<<<blocks_for(n, threads), threads>>>(raw, n, -100);
    CHECK_CUDA(cudaGetLastError());
    thrust::device_ptr<int> q = thrust::device_pointer_cast(raw);
    long long total = thrust::reduce(q, q + n, 0LL, thrust::plus<long long>());
    long long expected = static_cast<long long>(n) * (n - 1) / 2;
    report("sequence(device_ptr)+kernel+reduce(device_pointer_cast)", total == expected, total, expected);
    CHECK_CUDA(cudaFree(d_violations));
    CHECK_CUDA(cudaFree(raw));
  }

  // 3. Histogram kernel into a device_vector, Thrust scan, lookup kernel.
  {
    const int bins = 64;
    thrust::device_vector<int> d_x(x.begin(), x.end());
    thrust::device_vector<int> d_bins(bins, 0);
    histogram<<<blocks_for(n, threads), threads>>>(thrust::raw_pointer_cast(d_x.data()), n,
                                                   thrust::raw_pointer_cast(d_bins.data()), bins);
    CHECK_CUDA(cudaGetLastError());
    thrust::inclusive_scan(d_bins.begin(), d_bins.end(), d_bins.begin());
    std::vector<int> queries = {0, 1, 5, 17, 31, 32, 50, 63};
    thrust::device_vector<int> d_queries(queries.begin(), queries.end());
    thrust::device_vector<int> d_answers(queries.size());
    lookup_cdf<<<1, 32>>>(thrust::raw_pointer_cast(d_bins.data()), thrust::raw_pointer_cast(d_queries.data()),
                          thrust::raw_pointer_cast(d_answers.data()), static_cast<int>(queries.size()));
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> counts(bins, 0), ref(queries.size());
    for (int v : x) ++counts[v % bins];
    for (int b = 1; b < bins; ++b) counts[b] += counts[b - 1];
    for (size_t i = 0; i < queries.size(); ++i) ref[i] = counts[queries[i]];
    thrust::host_vector<int> h = d_answers;
    bool ok = same(h, ref, g, e);
    report("atomic histogram kernel+inclusive_scan+lookup kernel", ok, g, e);
  }

  // 4. device_vector of structs updated by a kernel.
  {
    const int m = 3000, steps = 40;
    std::vector<Particle> particles(m);
    for (int i = 0; i < m; ++i) {
      s = s * 1664525u + 1013904223u;
      particles[i].position = static_cast<int>((s >> 8) % 1001);
      particles[i].velocity = static_cast<int>((s >> 20) % 41) - 20;
      particles[i].mass = 1 + i % 5;
    }
    thrust::device_vector<Particle> d_particles(particles.begin(), particles.end());
    advance_particles<<<blocks_for(m, threads), threads>>>(thrust::raw_pointer_cast(d_particles.data()), m, steps);
    CHECK_CUDA(cudaGetLastError());
    long long energy = thrust::transform_reduce(d_particles.begin(), d_particles.end(), KineticEnergyTimesTwo(), 0LL,
                                                thrust::plus<long long>());
    long long ref_energy = 0, ref_positions = 0;
    for (Particle& p : particles) {
      for (int t = 0; t < steps; ++t) {
        p.position += p.velocity;
        if (p.position < 0 || p.position > 1000) p.velocity = -p.velocity;
      }
      ref_energy += KineticEnergyTimesTwo()(p);
      ref_positions += p.position;
    }
    thrust::host_vector<Particle> h = d_particles;
    long long positions = 0;
    for (const Particle& p : h) positions += p.position;
    report("kernel on device_vector<struct>: positions", positions == ref_positions, positions, ref_positions);
    report("transform_reduce(struct functor)", energy == ref_energy, energy, ref_energy);
  }

  // 5. One stream for Thrust and a kernel.
  {
    cudaStream_t stream;
    CHECK_CUDA(cudaStreamCreate(&stream));
    thrust::device_vector<int> d_v(n);
    thrust::fill(thrust::cuda::par.on(stream), d_v.begin(), d_v.end(), 7);
    add_offset<<<blocks_for(n, threads), threads, 0, stream>>>(thrust::raw_pointer_cast(d_v.data()), n, 5);
    CHECK_CUDA(cudaGetLastError());
    thrust::inclusive_scan(thrust::cuda::par.on(stream), d_v.begin(), d_v.end(), d_v.begin());
    int last = 0;
    CHECK_CUDA(cudaMemcpyAsync(&last, thrust::raw_pointer_cast(d_v.data()) + n - 1, sizeof(int),
                               cudaMemcpyDeviceToHost, stream));
    CHECK_CUDA(cudaStreamSynchronize(stream));
    report("thrust::cuda::par.on(stream)+kernel on the stream", last == 12 * n, last, 12LL * n);
    CHECK_CUDA(cudaStreamDestroy(stream));
  }

  // 6. Device lambdas.
  {
    thrust::device_vector<int> d_x(x.begin(), x.end()), d_out(n);
    const int k = 7;
    thrust::transform(d_x.begin(), d_x.end(), d_out.begin(), [k] __device__(int v) { return v * k + 1; });
    long long big = thrust::count_if(d_out.begin(), d_out.end(), [] __device__(int v) { return v > 3500; });
    std::vector<int> ref(n);
    long long ref_big = 0;
    for (int i = 0; i < n; ++i) {
      ref[i] = x[i] * k + 1;
      ref_big += ref[i] > 3500;
    }
    thrust::host_vector<int> h = d_out;
    report("transform(device lambda with capture)", same(h, ref, g, e), g, e);
    report("count_if(device lambda)", big == ref_big, big, ref_big);
  }

  std::printf("thrust_with_kernels: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
