// The device side of the math sweep: kernels that apply one function to an input buffer, and
// the host loop that generates the inputs (math_inputs.h), runs a kernel per table row and
// writes each output buffer with loom_case.h. Each family's .cu (math_f32.cu, ...) includes
// this, then its isa/table/*.def twice: once to define a functor per row, once in main to run
// them. Prints one line per function: name, input count, hash of the inputs.
#pragma once
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "../../include/loom_case.h"
#include "math_inputs.h"

namespace loom_sweep {

inline constexpr size_t kInputs = 4096;

inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) {
    std::printf("error %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

template <class T> T* upload(const std::vector<T>& v) {
  T* d = nullptr;
  check(cudaMalloc(&d, v.size() * sizeof(T)), "cudaMalloc");
  check(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice), "upload");
  return d;
}
template <class T> T* deviceBuffer(size_t n) {
  T* d = nullptr;
  check(cudaMalloc(&d, n * sizeof(T)), "cudaMalloc");
  return d;
}
template <class T> std::vector<T> download(const T* d, size_t n) {
  std::vector<T> v(n);
  check(cudaDeviceSynchronize(), "kernel");
  check(cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost), "download");
  return v;
}

template <class Fn, class T> __global__ void unaryKernel(const T* x, T* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = Fn()(x[i]);
}
template <class Fn, class T> __global__ void binaryKernel(const T* a, const T* b, T* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = Fn()(a[i], b[i]);
}
template <class Fn, class T> __global__ void pairOutKernel(const T* x, T* y, T* z, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) Fn()(x[i], &y[i], &z[i]);
}
template <class Fn, class T> __global__ void frexpKernel(const T* x, T* y, int* e, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = Fn()(x[i], &e[i]);
}
template <class Fn, class T> __global__ void ldexpKernel(const T* x, const int* e, T* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = Fn()(x[i], e[i]);
}

inline int blocks(size_t n) { return int((n + 255) / 256); }

template <class T> void report(const char* name, const std::vector<T>& in) {
  std::printf("%s %zu %016llx\n", name, in.size(),
              (unsigned long long)hashBytes(in.data(), in.size() * sizeof(T)));
}
template <class T> void report(const char* name, const std::vector<T>& a, const std::vector<T>& b) {
  std::printf("%s %zu %016llx %016llx\n", name, a.size(),
              (unsigned long long)hashBytes(a.data(), a.size() * sizeof(T)),
              (unsigned long long)hashBytes(b.data(), b.size() * sizeof(T)));
}

template <class Fn, class T> void runUnary(const char* name, Domain d) {
  const std::vector<T> x = makeInputs<T>(seedOf(name), d, kInputs);
  T* dx = upload(x);
  T* dy = deviceBuffer<T>(x.size());
  unaryKernel<Fn, T><<<blocks(x.size()), 256>>>(dx, dy, int(x.size()));
  const std::vector<T> y = download(dy, x.size());
  report(name, x);
  loomCaseOutput(name, y.data(), y.size());
  cudaFree(dx);
  cudaFree(dy);
}

template <class Fn, class T> void runBinary(const char* name, Domain da, Domain db) {
  std::vector<T> a, b;
  makePairInputs<T>(seedOf(name), da, db, kInputs, a, b);
  T* d_a = upload(a);
  T* d_b = upload(b);
  T* dy = deviceBuffer<T>(a.size());
  binaryKernel<Fn, T><<<blocks(a.size()), 256>>>(d_a, d_b, dy, int(a.size()));
  const std::vector<T> y = download(dy, a.size());
  report(name, a, b);
  loomCaseOutput(name, y.data(), y.size());
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(dy);
}

// sincos-style (two results through pointers) and modf (result and integral part).
template <class Fn, class T>
void runPairOut(const char* name, Domain d, const char* suffix1, const char* suffix2) {
  const std::vector<T> x = makeInputs<T>(seedOf(name), d, kInputs);
  T* dx = upload(x);
  T* dy = deviceBuffer<T>(x.size());
  T* dz = deviceBuffer<T>(x.size());
  pairOutKernel<Fn, T><<<blocks(x.size()), 256>>>(dx, dy, dz, int(x.size()));
  const std::vector<T> y = download(dy, x.size());
  const std::vector<T> z = download(dz, x.size());
  report(name, x);
  std::string n1 = std::string(name) + suffix1, n2 = std::string(name) + suffix2;
  loomCaseOutput(n1.c_str(), y.data(), y.size());
  loomCaseOutput(n2.c_str(), z.data(), z.size());
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dz);
}

template <class Fn, class T> void runFrexp(const char* name, Domain d) {
  const std::vector<T> x = makeInputs<T>(seedOf(name), d, kInputs);
  T* dx = upload(x);
  T* dy = deviceBuffer<T>(x.size());
  int* de = deviceBuffer<int>(x.size());
  frexpKernel<Fn, T><<<blocks(x.size()), 256>>>(dx, dy, de, int(x.size()));
  const std::vector<T> y = download(dy, x.size());
  const std::vector<int> e = download(de, x.size());
  report(name, x);
  loomCaseOutput(name, y.data(), y.size());
  loomCaseOutput((std::string(name) + "_exp").c_str(), e.data(), e.size());
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(de);
}

template <class Fn, class T> void runLdexp(const char* name, Domain d) {
  const std::vector<T> x = makeInputs<T>(seedOf(name), d, kInputs);
  const std::vector<int> e = makeIntInputs(seedOf(name), kInputs);
  T* dx = upload(x);
  int* de = upload(e);
  T* dy = deviceBuffer<T>(x.size());
  ldexpKernel<Fn, T><<<blocks(x.size()), 256>>>(dx, de, dy, int(x.size()));
  const std::vector<T> y = download(dy, x.size());
  std::printf("%s %zu %016llx %016llx\n", name, x.size(),
              (unsigned long long)hashBytes(x.data(), x.size() * sizeof(T)),
              (unsigned long long)hashBytes(e.data(), e.size() * sizeof(int)));
  loomCaseOutput(name, y.data(), y.size());
  cudaFree(dx);
  cudaFree(de);
  cudaFree(dy);
}

}  // namespace loom_sweep

