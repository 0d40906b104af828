// style_templates: a kernel template over an element type and a functor type, the way
// projects write generic element-wise code. __host__ __device__ functors are used by both
// the kernel and the CPU reference; a __device__ function template does a small polynomial.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define CHECK_CUDA(call)                                                              \
  do {                                                                                \
    cudaError_t err_ = (call);                                                        \
    if (err_ != cudaSuccess) {                                                        \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,       \
                   cudaGetErrorString(err_));                                         \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

static int g_failures = 0;

static void report(const char* what, bool ok, const char* detail = "") {
  if (ok) {
    std::printf("style_templates: %s PASS\n", what);
  } else {
    std::printf("style_templates: %s FAIL %s\n", what, detail);
    ++g_failures;
  }
}

template <typename T>
struct Square {
  __host__ __device__ T operator()(T x) const { return x * x; }
};

template <typename T>
struct AffineOp {
  T a, b;
  __host__ __device__ AffineOp(T a_, T b_) : a(a_), b(b_) {}
  __host__ __device__ T operator()(T x) const { return a * x + b; }
};

template <typename T>
struct Clamp {
  T lo, hi;
  __host__ __device__ T operator()(T x) const { return x < lo ? lo : (x > hi ? hi : x); }
};

// Horner evaluation of c0 + c1 x + c2 x^2 + c3 x^3, a device function template.
template <typename T, int N>
__device__ T horner(const T (&c)[N], T x) {
  T r = c[N - 1];
#pragma unroll
  for (int i = N - 2; i >= 0; --i) r = r * x + c[i];
  return r;
}

template <typename T, int N>
T horner_host(const T (&c)[N], T x) {
  T r = c[N - 1];
  for (int i = N - 2; i >= 0; --i) r = r * x + c[i];
  return r;
}

template <typename T, typename Op>
__global__ void map(const T* __restrict__ in, T* __restrict__ out, int n, Op op) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    out[i] = op(in[i]);
  }
}

// Two functors composed inside a kernel, plus the device function template.
template <typename T, typename Op1, typename Op2>
__global__ void map2_poly(const T* in, T* out, int n, Op1 f, Op2 g) {
  const T coeffs[4] = {T(1), T(2), T(0), T(1)};
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = horner(coeffs, g(f(in[i])));
}

template <typename T, int BLOCK>
__global__ void block_sum(const T* in, T* out, int n) {
  __shared__ T buf[BLOCK];
  int i = blockIdx.x * BLOCK + threadIdx.x;
  buf[threadIdx.x] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) buf[threadIdx.x] += buf[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = buf[0];
}

template <typename T, typename Op>
bool run_map(const char* name, const std::vector<T>& h_in, Op op) {
  int n = static_cast<int>(h_in.size());
  T *d_in = nullptr, *d_out = nullptr;
  CHECK_CUDA(cudaMalloc(&d_in, n * sizeof(T)));
  CHECK_CUDA(cudaMalloc(&d_out, n * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(d_in, h_in.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  map<<<4, 128>>>(d_in, d_out, n, op);
  CHECK_CUDA(cudaGetLastError());
  std::vector<T> h_out(n);
  CHECK_CUDA(cudaMemcpy(h_out.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_out));
  int bad = -1;
  for (int i = 0; i < n; ++i) {
    if (h_out[i] != op(h_in[i])) { bad = i; break; }
  }
  char detail[128] = "";
  if (bad >= 0) std::snprintf(detail, sizeof detail, "first mismatch at %d", bad);
  report(name, bad < 0, detail);
  return bad < 0;
}

int main() {
  const int n = 3000;
  std::vector<int> hi(n);
  std::vector<float> hf(n);
  std::vector<double> hd(n);
  for (int i = 0; i < n; ++i) {
    hi[i] = (i * 37) % 1001 - 500;
    hf[i] = 0.25f * static_cast<float>((i * 13) % 97) - 10.0f;
    hd[i] = 0.125 * static_cast<double>((i * 7) % 211) - 13.0;
  }

  run_map("map<int,Square>", hi, Square<int>());
  run_map("map<float,Square>", hf, Square<float>());
  run_map("map<double,Square>", hd, Square<double>());
  run_map("map<int,Affine>", hi, AffineOp<int>(3, -7));
  run_map("map<float,Affine>", hf, AffineOp<float>(0.5f, 2.0f));
  run_map("map<double,Affine>", hd, AffineOp<double>(-1.5, 0.25));
  run_map("map<int,Clamp>", hi, Clamp<int>{-100, 250});
  run_map("map<float,Clamp>", hf, Clamp<float>{-3.0f, 4.5f});

  // Composition with the device function template (double, exact small values).
  {
    double *d_in, *d_out;
    CHECK_CUDA(cudaMalloc(&d_in, n * sizeof(double)));
    CHECK_CUDA(cudaMalloc(&d_out, n * sizeof(double)));
    CHECK_CUDA(cudaMemcpy(d_in, hd.data(), n * sizeof(double), cudaMemcpyHostToDevice));
    AffineOp<double> f(0.5, 1.0);
    Clamp<double> g{-2.0, 2.0};
    map2_poly<<<(n + 255) / 256, 256>>>(d_in, d_out, n, f, g);
    CHECK_CUDA(cudaGetLastError());
    std::vector<double> out(n);
    CHECK_CUDA(cudaMemcpy(out.data(), d_out, n * sizeof(double), cudaMemcpyDeviceToHost));
    const double coeffs[4] = {1.0, 2.0, 0.0, 1.0};
    int bad = -1;
    for (int i = 0; i < n; ++i) {
      double ref = horner_host(coeffs, g(f(hd[i])));
      if (out[i] != ref) { bad = i; break; }
    }
    char detail[128] = "";
    if (bad >= 0) std::snprintf(detail, sizeof detail, "index %d: %g vs %g", bad, out[bad],
                                horner_host(coeffs, g(f(hd[bad]))));
    report("map2_poly<double,Affine,Clamp>+horner", bad < 0, detail);
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_out));
  }

  // Template with a non-type parameter, int and float (integral-valued floats sum exactly).
  {
    const int BLOCK = 256;
    const int blocks = (n + BLOCK - 1) / BLOCK;
    int* di; int* dio; float* df; float* dfo;
    CHECK_CUDA(cudaMalloc(&di, n * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&dio, blocks * sizeof(int)));
    CHECK_CUDA(cudaMalloc(&df, n * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&dfo, blocks * sizeof(float)));
    std::vector<float> hfi(n);
    for (int i = 0; i < n; ++i) hfi[i] = static_cast<float>(i % 50);
    CHECK_CUDA(cudaMemcpy(di, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(df, hfi.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    block_sum<int, BLOCK><<<blocks, BLOCK>>>(di, dio, n);
    block_sum<float, BLOCK><<<blocks, BLOCK>>>(df, dfo, n);
    CHECK_CUDA(cudaGetLastError());
    std::vector<int> oi(blocks);
    std::vector<float> of(blocks);
    CHECK_CUDA(cudaMemcpy(oi.data(), dio, blocks * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(of.data(), dfo, blocks * sizeof(float), cudaMemcpyDeviceToHost));
    bool ok_i = true, ok_f = true;
    for (int b = 0; b < blocks; ++b) {
      int si = 0; float sf = 0.0f;
      for (int i = b * BLOCK; i < n && i < (b + 1) * BLOCK; ++i) { si += hi[i]; sf += hfi[i]; }
      if (oi[b] != si) ok_i = false;
      if (of[b] != sf) ok_f = false;
    }
    report("block_sum<int,256>", ok_i);
    report("block_sum<float,256>", ok_f);
    CHECK_CUDA(cudaFree(di)); CHECK_CUDA(cudaFree(dio));
    CHECK_CUDA(cudaFree(df)); CHECK_CUDA(cudaFree(dfo));
  }

  std::printf("style_templates: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
