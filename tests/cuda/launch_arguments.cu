// How a launch picks its kernel and passes its arguments: as a call does (CUDA C++ Programming
// Guide, "Execution Configuration": a launch is a call with an execution configuration). Template
// arguments are deduced from the call's arguments, overloads are resolved by them, and each
// argument is converted to its parameter's type, `NULL` and bit-fields included; default
// arguments are applied and braced lists initialize their parameters.
#include <cstddef>
#include <vector>

#include "conformance.h"

template <class T>
__global__ void fillKernel(T* out, T value) {
  out[threadIdx.x] = value + static_cast<T>(threadIdx.x);
}

template <class T>
__global__ void addKernel(const T* a, const T* b, T* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

template <class F>
__global__ void mapKernel(F f, const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(in[i]);
}

template <class... T>
__global__ void sumKernel(int* out, T... values) {
  out[threadIdx.x] = (static_cast<int>(values) + ... + 0);
}

__global__ void scaleKernel(int* p, int factor) { p[threadIdx.x] *= factor; }
__global__ void scaleKernel(float* p, float factor) { p[threadIdx.x] *= factor; }

__global__ void optionalKernel(int* out, const int* bias) { out[threadIdx.x] = bias ? *bias : -1; }

__global__ void widenKernel(long long* out, long long a, double b) {
  out[threadIdx.x] = a + static_cast<long long>(b * 2.0);
}

__global__ void defaultsKernel(int* out, int scale = 3, int offset = 10) {
  out[threadIdx.x] = scale * int(threadIdx.x) + offset;
}

struct Pair {
  int a, b;
};
__global__ void pairKernel(int* out, Pair p, dim3 d) { out[threadIdx.x] = p.a * 100 + p.b * 10 + int(d.y); }

// A parameter named like its kernel, and an unnamed one.
__global__ void offset(int* out, int offset) { out[threadIdx.x] = offset + int(threadIdx.x); }
__global__ void unnamedKernel(int* out, int, int value) { out[threadIdx.x] = value; }

// Template arguments the call cannot deduce, and a deduction beside a converted argument.
template <int N>
__global__ void timesKernel(int* out) { out[threadIdx.x] = N * int(threadIdx.x); }
template <class T>
__global__ void fillCountKernel(T* out, T value, size_t count) {
  if (threadIdx.x < count) out[threadIdx.x] = value;
}

struct Flags {
  unsigned mode : 3;
  unsigned level : 5;
};
struct __attribute__((packed)) Header {
  char tag;
  int length;
};

__global__ void twoValuesKernel(int* out, unsigned mode, int length) { out[threadIdx.x] = int(mode) * 1000 + length; }

static bool allEqual(const std::vector<int>& v, int (*expect)(int)) {
  for (int i = 0; i < int(v.size()); ++i)
    if (v[i] != expect(i)) return false;
  return true;
}

static std::vector<int> fetch(const int* d, int n) {
  std::vector<int> h(n);
  CK(cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
  return h;
}

int main() {
  const int n = 64;
  int *di, *dj;
  float* df;
  CK(cudaMalloc(&di, n * sizeof(int)));
  CK(cudaMalloc(&dj, n * sizeof(int)));
  CK(cudaMalloc(&df, n * sizeof(float)));

  // T deduced as int from (int*, int).
  fillKernel<<<1, n>>>(di, 7);
  CK_LAUNCH();
  check("deduced_template", allEqual(fetch(di, n), [](int t) { return 7 + t; }));

  // T deduced as float from non-const float* arguments for const T* parameters.
  {
    std::vector<float> a(n), b(n), c(n);
    for (int i = 0; i < n; ++i) a[i] = 0.5f * i, b[i] = 100.0f;
    float *da, *db;
    CK(cudaMalloc(&da, n * sizeof(float)));
    CK(cudaMalloc(&db, n * sizeof(float)));
    CK(cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    addKernel<<<2, 32>>>(da, db, df, n);
    CK_LAUNCH();
    CK(cudaMemcpy(c.data(), df, n * sizeof(float), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; ++i) ok = ok && c[i] == 0.5f * i + 100.0f;
    check("deduced_template_const_pointees", ok, "c[1] = %g", c[1]);
    CK(cudaFree(da));
    CK(cudaFree(db));
  }

  // F deduced from a lambda, which cannot be named.
  fillKernel<<<1, n>>>(dj, 0);
  CK_LAUNCH();
  mapKernel<<<1, n>>>([] __device__(int x) { return 3 * x + 1; }, dj, di, n);
  CK_LAUNCH();
  check("deduced_lambda", allEqual(fetch(di, n), [](int t) { return 3 * t + 1; }));

  // A pack deduced from three ints.
  sumKernel<<<1, n>>>(di, 1, 20, 300);
  CK_LAUNCH();
  check("deduced_pack", allEqual(fetch(di, n), [](int) { return 321; }));

  // Overloads resolved by the arguments.
  fillKernel<<<1, n>>>(di, 1);
  CK_LAUNCH();
  scaleKernel<<<1, n>>>(di, 5);
  CK_LAUNCH();
  check("overload_int", allEqual(fetch(di, n), [](int t) { return 5 * (1 + t); }));
  fillKernel<<<1, n>>>(df, 0.25f);
  CK_LAUNCH();
  scaleKernel<<<1, n>>>(df, 4.0f);
  CK_LAUNCH();
  {
    std::vector<float> h(n);
    CK(cudaMemcpy(h.data(), df, n * sizeof(float), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; ++i) ok = ok && h[i] == 4.0f * (0.25f + i);
    check("overload_float", ok, "h[1] = %g", h[1]);
  }

  // NULL and 0 for a pointer parameter.
  optionalKernel<<<1, n>>>(di, NULL);
  CK_LAUNCH();
  check("null_macro_argument", allEqual(fetch(di, n), [](int) { return -1; }));
  optionalKernel<<<1, n>>>(dj, 0);
  CK_LAUNCH();
  check("zero_literal_argument", allEqual(fetch(dj, n), [](int) { return -1; }));

  // Arguments converted to wider parameter types.
  {
    long long* dl;
    CK(cudaMalloc(&dl, n * sizeof(long long)));
    int a = 1 << 30;
    float b = 1.5f;
    widenKernel<<<1, n>>>(dl, a, b);
    CK_LAUNCH();
    std::vector<long long> h(n);
    CK(cudaMemcpy(h.data(), dl, n * sizeof(long long), cudaMemcpyDeviceToHost));
    check("converted_arguments", h[0] == (1ll << 30) + 3 && h[n - 1] == h[0], "h[0] = %lld", h[0]);
    CK(cudaFree(dl));
  }

  // A bit-field and a packed member, passed by value.
  {
    Flags flags{5, 9};
    Header header{'x', 77};
    twoValuesKernel<<<1, n>>>(di, flags.mode, header.length);
    CK_LAUNCH();
    check("bit_field_and_packed_member", allEqual(fetch(di, n), [](int) { return 5077; }));
  }

  // A kernel named through a pointer variable.
  {
    void (*kernel)(int*, int) = scaleKernel;
    fillKernel<<<1, n>>>(di, 2);
    CK_LAUNCH();
    kernel<<<1, n>>>(di, 3);
    CK_LAUNCH();
    check("kernel_pointer_variable", allEqual(fetch(di, n), [](int t) { return 3 * (2 + t); }));
  }

  // Default arguments, all or some of them.
  defaultsKernel<<<1, n>>>(di);
  CK_LAUNCH();
  check("default_arguments", allEqual(fetch(di, n), [](int t) { return 3 * t + 10; }));
  defaultsKernel<<<1, n>>>(di, 2);
  CK_LAUNCH();
  check("default_arguments_partly", allEqual(fetch(di, n), [](int t) { return 2 * t + 10; }));

  // Braced lists for a struct and a dim3 parameter.
  pairKernel<<<1, n>>>(di, {4, 5}, {1, 7});
  CK_LAUNCH();
  check("braced_list_arguments", allEqual(fetch(di, n), [](int) { return 457; }));

  offset<<<1, n>>>(di, 40);
  CK_LAUNCH();
  check("parameter_named_like_kernel", allEqual(fetch(di, n), [](int t) { return 40 + t; }));
  unnamedKernel<<<1, n>>>(di, 1, 8);
  CK_LAUNCH();
  check("unnamed_parameter", allEqual(fetch(di, n), [](int) { return 8; }));

  timesKernel<6><<<1, n>>>(di);
  CK_LAUNCH();
  check("explicit_template_argument", allEqual(fetch(di, n), [](int t) { return 6 * t; }));
  fillCountKernel<<<1, n>>>(dj, 9, n / 2);  // T = int from (int*, int); n / 2 an int for size_t
  CK_LAUNCH();
  fillCountKernel<<<1, n>>>(dj, 4, n);
  CK_LAUNCH();
  fillCountKernel<<<1, n>>>(dj, 9, n / 2);
  CK_LAUNCH();
  check("deduced_beside_converted", allEqual(fetch(dj, n), [](int t) { return t < n / 2 ? 9 : 4; }));

  CK(cudaFree(di));
  CK(cudaFree(dj));
  CK(cudaFree(df));
  return finish("launch_arguments");
}
