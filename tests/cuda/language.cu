// Conformance test: the CUDA C++ language as nvcc accepts it.
//
// Launch syntax in all the places a real program puts it (templates, macros, nested parentheses,
// `>>`/`>>>` of templates nearby, several lines, comments and strings containing `<<<`), kernel
// parameters (per-thread copies, structs by value), static/dynamic shared memory forms, function
// qualifiers, lambdas, cudaLaunchKernel, dim3, warpSize and the predefined macros.
// Expected values come from the CUDA C++ Programming Guide and the C++ language, not from Loom.
// Prints one "<check>: PASS" or "<check>: FAIL <expected vs got>" line per check; exit code 0 iff all pass.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "conformance.h"

// Reads n ints back and checks out[i] == want(i); reports the first difference.
template <typename F>
static void checkInts(const char* name, const int* d, int n, F want) {
  std::vector<int> r(n);
  CK(cudaMemcpy(r.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (r[i] != want(i)) {
      check(name, false, "element %d expected %d got %d", i, want(i), r[i]);
      return;
    }
  check(name, true);
}

// ---------------------------------------------------------------------------------------------
// Kernels used by several launch-syntax checks.
__global__ void fillKernel(int* p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}

template <typename T, int N>
__global__ void scaleKernel(T* p, T f, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * N;
  for (int j = 0; j < N; ++j)
    if (base + j < n) p[base + j] = p[base + j] * f + (T)j;
}

template <typename T>
struct Box {
  T v;
  int tag;
};

template <typename T>
__global__ void sizeofKernel(int* out) {
  out[0] = (int)sizeof(T);
}

#define LAUNCH_1D(kernel, n, ...) kernel<<<((n) + 63) / 64, 64>>>(__VA_ARGS__)
#define GRID_AND_BLOCK(g, b) g, b

static void testLaunchSyntax(int* d) {
  // Template kernel with a type and a value argument.
  {
    std::vector<float> h(256);
    for (int i = 0; i < 256; ++i) h[i] = (float)i;
    float* df;
    CK(cudaMalloc(&df, 256 * sizeof(float)));
    CK(cudaMemcpy(df, h.data(), 256 * sizeof(float), cudaMemcpyHostToDevice));
    scaleKernel<float, 4><<<2, 32>>>(df, 2.0f, 256);
    CK_LAUNCH();
    std::vector<float> r(256);
    CK(cudaMemcpy(r.data(), df, 256 * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < 256; ++i)
      if (r[i] != (float)i * 2.0f + (float)(i % 4)) { bad = i; break; }
    check("template_kernel_float_4", bad < 0, "element %d expected %g got %g", bad,
          bad < 0 ? 0.0 : bad * 2.0 + bad % 4, bad < 0 ? 0.0 : r[bad]);
    CK(cudaFree(df));

    double* dd;
    std::vector<double> hd(100);
    for (int i = 0; i < 100; ++i) hd[i] = i * 0.5;
    CK(cudaMalloc(&dd, 100 * sizeof(double)));
    CK(cudaMemcpy(dd, hd.data(), 100 * sizeof(double), cudaMemcpyHostToDevice));
    scaleKernel<double, 2><<<1, 64>>>(dd, -1.0, 100);  // 128 slots for 100 elements
    CK_LAUNCH();
    std::vector<double> rd(100);
    CK(cudaMemcpy(rd.data(), dd, 100 * sizeof(double), cudaMemcpyDeviceToHost));
    bad = -1;
    for (int i = 0; i < 100; ++i)
      if (rd[i] != -(i * 0.5) + (double)(i % 2)) { bad = i; break; }
    check("template_kernel_double_2", bad < 0, "element %d differs", bad);
    CK(cudaFree(dd));
  }

  // A launch produced by a macro, and a configuration produced by a macro.
  CK(cudaMemset(d, 0, 1024 * sizeof(int)));
  LAUNCH_1D(fillKernel, 200, d, 200, 5);
  CK_LAUNCH();
  checkInts("launch_from_macro", d, 200, [](int i) { return 5 + i; });
  fillKernel<<<GRID_AND_BLOCK(3, 32)>>>(d, 96, 6);
  CK_LAUNCH();
  checkInts("launch_config_from_macro", d, 96, [](int i) { return 6 + i; });

  // Nested parentheses, conditional and comparison operators, casts, and templates with `>>` in the
  // configuration and in the surrounding statements.
  {
    const int n = 160;
    std::vector<std::vector<int>> vv{{1, 2, 3}, {4, 5}};
    fillKernel<<<dim3((n + (32 - 1)) / 32, (1), 1), dim3(std::min<int>(32, (int)(vv[0].size() * (32 > n ? 1 : 16)))),
                 (size_t)(0 * sizeof(std::vector<std::vector<int>>)), (cudaStream_t)(0)>>>(d, n, (int)(vv[1].size()));
    std::vector<std::vector<std::vector<int>>> vvv(2);
    CK_LAUNCH();
    checkInts("launch_nested_parentheses_templates", d, n, [](int i) { return 2 + i; });

    fillKernel<<<static_cast<unsigned>(std::vector<std::vector<int>>{{1}, {2}}.size()), 64>>>(d, 128, (int)vvv.size());
    CK_LAUNCH();
    checkInts("launch_template_shift_in_config", d, 128, [](int i) { return 2 + i; });

    int shift = 256;
    fillKernel<<<shift >> 6, (64 >> 1) << 1>>>(d, 256, 1 << 3);
    CK_LAUNCH();
    checkInts("launch_shift_operators_in_config", d, 256, [](int i) { return 8 + i; });

    // A template argument list ending in `>>>` right before the launch's `<<<`.
    sizeofKernel<Box<Box<double>>><<<1, 1>>>(d);
    CK_LAUNCH();
    checkInts("launch_template_args_ending_in_triple_angle", d, 1,
              [](int) { return (int)sizeof(Box<Box<double>>); });
  }

  // A launch spread over several lines.
  fillKernel
      <<<
          2,
          64
      >>>
      (d,
       128,
       9);
  CK_LAUNCH();
  checkInts("launch_over_several_lines", d, 128, [](int i) { return 9 + i; });

  // Comments and strings that contain launch syntax, next to a real launch.
  const char* s = "fillKernel<<<1, 1>>>(nullptr, 0, 0);";  /* fillKernel<<<1, 1>>>(nullptr, 0, 0); */ fillKernel<<<1, 64>>>(d, 64, 11); // fillKernel<<<1, 1>>>(nullptr, 0, 0);
  const char* raw = R"(fillKernel<<<2, 2>>>(x);)";
  const char lt = '<';
  CK_LAUNCH();
  checkInts("launch_next_to_comment_and_string", d, 64, [](int i) { return 11 + i; });
  check("string_with_launch_syntax_unchanged",
        std::strlen(s) == 36 && s[10] == '<' && s[11] == '<' && s[12] == '<' && std::strncmp(s + 13, "1, 1>>>(", 8) == 0,
        "got \"%s\" (length %zu)", s, std::strlen(s));
  check("raw_string_with_launch_syntax_unchanged", std::strcmp(raw, "fillKernel<<<2, 2>>>(x);") == 0 && std::strlen(raw) == 24,
        "got \"%s\"", raw);
  check("char_literal_angle", lt == 60, "got %d", (int)lt);
}

// ---------------------------------------------------------------------------------------------
// Kernel parameters: each thread has its own copy; structs are passed by value.
struct Pod {
  int a;
  float b;
};

struct Params {
  char c;
  double d;
  int arr[7];
  float4 f4;
  short sh;
  Pod pod;
};

struct Big {
  int data[256];
};

__global__ void paramCopyKernel(int v, Pod s, int* out) {
  const int t = threadIdx.x;
  v += t * 10;
  s.a += t;
  s.b *= 2.0f;
  __syncthreads();  // every thread has modified its copies before anyone reads them
  out[3 * t] = v;
  out[3 * t + 1] = s.a;
  out[3 * t + 2] = (int)s.b;
}

__global__ void structParamKernel(Params p, Big big, int* out) {
  int t = threadIdx.x;
  if (t == 0) {
    out[0] = p.c;
    out[1] = (int)(p.d * 4.0);
    int s = 0;
    for (int i = 0; i < 7; ++i) s += p.arr[i] * (i + 1);
    out[2] = s;
    out[3] = (int)(p.f4.x + p.f4.y * 10 + p.f4.z * 100 + p.f4.w * 1000);
    out[4] = p.sh;
    out[5] = p.pod.a + (int)p.pod.b;
    out[6] = (int)(((uintptr_t)&p.f4) % 16);
  }
  if (t < 256) out[8 + t] = big.data[t] - t;
}

static void testParameters(int* d) {
  Pod pod{100, 1.5f};
  paramCopyKernel<<<1, 128>>>(7, pod, d);
  CK_LAUNCH();
  checkInts("kernel_parameters_are_per_thread_copies", d, 3 * 128, [](int i) {
    int t = i / 3;
    return i % 3 == 0 ? 7 + t * 10 : i % 3 == 1 ? 100 + t : 3;
  });

  Params p;
  std::memset(&p, 0, sizeof p);
  p.c = 'Z';
  p.d = 2.75;
  for (int i = 0; i < 7; ++i) p.arr[i] = i * i - 3;
  p.f4 = make_float4(1, 2, 3, 4);
  p.sh = -1234;
  p.pod = Pod{-5, 2.0f};
  Big* big = new Big;
  for (int i = 0; i < 256; ++i) big->data[i] = i + 77;
  structParamKernel<<<1, 256>>>(p, *big, d);
  CK_LAUNCH();
  std::vector<int> r(8 + 256);
  CK(cudaMemcpy(r.data(), d, r.size() * sizeof(int), cudaMemcpyDeviceToHost));
  int wantSum = 0;
  for (int i = 0; i < 7; ++i) wantSum += p.arr[i] * (i + 1);
  bool ok = r[0] == 'Z' && r[1] == 11 && r[2] == wantSum && r[3] == 4321 && r[4] == -1234 && r[5] == -3 && r[6] == 0;
  check("struct_parameter_by_value", ok, "got c=%d d*4=%d sum=%d (want %d) f4=%d sh=%d pod=%d align=%d", r[0], r[1],
        r[2], wantSum, r[3], r[4], r[5], r[6]);
  int bad = -1;
  for (int t = 0; t < 256; ++t)
    if (r[8 + t] != 77) { bad = t; break; }
  check("large_struct_parameter_1KiB", bad < 0, "data[%d] - %d expected 77 got %d", bad, bad, bad < 0 ? 0 : r[8 + bad]);
  delete big;
}

// ---------------------------------------------------------------------------------------------
// Dynamic shared memory in its usual forms.
__global__ void externFloatKernel(float* out) {
  extern __shared__ float sf[];
  const int t = threadIdx.x, n = blockDim.x;
  sf[t] = t * 1.5f;
  __syncthreads();
  out[t] = sf[n - 1 - t];
}

__global__ void externBytesKernel(float4* out4, int* outI, int* misalign) {
  extern __shared__ __align__(16) unsigned char rawSmem[];
  const int t = threadIdx.x, n = blockDim.x;
  float4* v = reinterpret_cast<float4*>(rawSmem);
  int* iv = reinterpret_cast<int*>(rawSmem + n * sizeof(float4));
  v[t] = make_float4(t, 2 * t, 3 * t, 4 * t);
  iv[t] = t * t;
  __syncthreads();
  out4[t] = v[n - 1 - t];
  outI[t] = iv[(t + 1) % n];
  if (t == 0) misalign[0] = (int)((uintptr_t)rawSmem % 16);
}

template <typename T>
__global__ void templateExternKernel(T* out, T base) {
  extern __shared__ __align__(16) unsigned char tsmem[];
  T* s = reinterpret_cast<T*>(tsmem);
  const int t = threadIdx.x, n = blockDim.x;
  s[t] = base + (T)t;
  __syncthreads();
  out[t] = s[(t + 3) % n];
}

__global__ void dynSizeKernel(int nElems, long long* out) {
  extern __shared__ int dyn[];
  for (int i = threadIdx.x; i < nElems; i += blockDim.x) dyn[i] = i * 3 + blockIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    long long s = 0;
    for (int i = 0; i < nElems; ++i) s += dyn[nElems - 1 - i];
    out[blockIdx.x] = s;
  }
}

static void testDynamicShared(int* d) {
  {
    const int n = 96;
    float* df;
    CK(cudaMalloc(&df, n * sizeof(float)));
    externFloatKernel<<<1, n, n * sizeof(float)>>>(df);
    CK_LAUNCH();
    std::vector<float> r(n);
    CK(cudaMemcpy(r.data(), df, n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int t = 0; t < n; ++t)
      if (r[t] != (n - 1 - t) * 1.5f) { bad = t; break; }
    check("extern_shared_float", bad < 0, "element %d differs", bad);
    CK(cudaFree(df));
  }
  {
    const int n = 64;
    float4* d4;
    int* mis;
    CK(cudaMalloc(&d4, n * sizeof(float4)));
    CK(cudaMalloc(&mis, sizeof(int)));
    externBytesKernel<<<1, n, n * (sizeof(float4) + sizeof(int))>>>(d4, d, mis);
    CK_LAUNCH();
    std::vector<float4> r(n);
    CK(cudaMemcpy(r.data(), d4, n * sizeof(float4), cudaMemcpyDeviceToHost));
    int m = -1;
    CK(cudaMemcpy(&m, mis, sizeof m, cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int t = 0; t < n; ++t) {
      int s = n - 1 - t;
      if (r[t].x != s || r[t].y != 2 * s || r[t].z != 3 * s || r[t].w != 4 * s) { bad = t; break; }
    }
    check("extern_shared_uchar_align16_as_float4", bad < 0 && m == 0, "element %d differs, base address %% 16 = %d", bad, m);
    checkInts("extern_shared_uchar_as_int", d, n, [n](int t) { return ((t + 1) % n) * ((t + 1) % n); });
    CK(cudaFree(d4));
    CK(cudaFree(mis));
  }
  {
    const int n = 128;
    double* dd;
    CK(cudaMalloc(&dd, n * sizeof(double)));
    templateExternKernel<double><<<1, n, n * sizeof(double)>>>(dd, 0.5);
    CK_LAUNCH();
    std::vector<double> r(n);
    CK(cudaMemcpy(r.data(), dd, n * sizeof(double), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int t = 0; t < n; ++t)
      if (r[t] != 0.5 + (t + 3) % n) { bad = t; break; }
    check("extern_shared_in_template_kernel_double", bad < 0, "element %d differs", bad);
    templateExternKernel<int><<<1, 40, 40 * sizeof(int)>>>(d, 1000);
    CK_LAUNCH();
    checkInts("extern_shared_in_template_kernel_int", d, 40, [](int t) { return 1000 + (t + 3) % 40; });
    CK(cudaFree(dd));
  }
  {
    // The same kernel with different dynamic shared memory sizes, up to the 48 KiB default limit.
    long long* ds;
    const int grid = 3;
    CK(cudaMalloc(&ds, grid * sizeof(long long)));
    const int sizes[] = {1, 100, 4096, 12288, 7};
    for (int k = 0; k < 5; ++k) {
      const int nElems = sizes[k];
      dynSizeKernel<<<grid, 128, nElems * sizeof(int)>>>(nElems, ds);
      CK_LAUNCH();
      long long r[grid];
      CK(cudaMemcpy(r, ds, sizeof r, cudaMemcpyDeviceToHost));
      char name[64];
      std::snprintf(name, sizeof name, "dynamic_shared_size_%d_bytes", nElems * 4);
      int bad = -1;
      long long want = 0;
      for (int b = 0; b < grid; ++b) {
        want = 3LL * nElems * (nElems - 1) / 2 + (long long)nElems * b;
        if (r[b] != want) { bad = b; break; }
      }
      check(name, bad < 0, "block %d expected %lld got %lld", bad, want, bad < 0 ? 0LL : r[bad]);
    }
    // Above 48 KiB after opting in with cudaFuncSetAttribute.
    const int bigElems = 64 * 1024 / 4;
    cudaError_t e1 = cudaFuncSetAttribute(dynSizeKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
    dynSizeKernel<<<grid, 128, bigElems * sizeof(int)>>>(bigElems, ds);
    cudaError_t e2 = cudaGetLastError();
    cudaError_t e3 = cudaDeviceSynchronize();
    long long r[grid] = {0, 0, 0};
    if (e3 == cudaSuccess) CK(cudaMemcpy(r, ds, sizeof r, cudaMemcpyDeviceToHost));
    long long want = 3LL * bigElems * (bigElems - 1) / 2 + (long long)bigElems * 2;
    check("dynamic_shared_64KiB_after_opt_in", e1 == cudaSuccess && e2 == cudaSuccess && e3 == cudaSuccess && r[2] == want,
          "cudaFuncSetAttribute %s, launch %s, sync %s, block 2 expected %lld got %lld", cudaGetErrorName(e1),
          cudaGetErrorName(e2), cudaGetErrorName(e3), want, r[2]);
    CK(cudaFree(ds));
  }
}

// ---------------------------------------------------------------------------------------------
// Functions and qualifiers.
__host__ __device__ int hdPoly(int x) { return 3 * x * x - 2 * x + 7; }

__device__ __forceinline__ int timesTwo(int x) { return x * 2; }
__device__ __noinline__ int plusThree(int x) { return x + 3; }

struct GridParams {
  int mul;
  int add;
  int table[8];
};

__global__ void hostDeviceKernel(int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = hdPoly(t - 50);
}

__global__ void __launch_bounds__(256) qualifiersKernel(const int* __restrict__ in, int* __restrict__ out,
                                                        const __grid_constant__ GridParams gp, int n) {
  const int* table = &gp.table[0];  // the address of a __grid_constant__ parameter
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = plusThree(timesTwo(in[i])) * gp.mul + gp.add + table[i % 8];
}

__global__ void __launch_bounds__(128, 2) launchBoundsMinBlocksKernel(int* out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = timesTwo(threadIdx.x);
}

template <typename F>
__device__ int applyTwice(F f, int x) {
  return f(f(x));
}

__global__ void lambdaKernel(int* out, int m) {
  const int t = threadIdx.x;
  auto mulM = [m](int x) { return x * m; };
  int acc = 0;
  auto accumulate = [&acc](int v) { acc += v; };
  for (int i = 0; i < 4; ++i) accumulate(i * t);
  auto generic = [](auto a, auto b) { return a + b; };
  out[t] = applyTwice(mulM, t) + acc + generic(t, 1) + (int)generic(0.5, 0.5);
}

static void testFunctions(int* d) {
  hostDeviceKernel<<<2, 64>>>(d);
  CK_LAUNCH();
  checkInts("host_device_function_both_sides", d, 128, [](int t) { return hdPoly(t - 50); });

  std::vector<int> in(500);
  for (int i = 0; i < 500; ++i) in[i] = i - 250;
  int* din;
  CK(cudaMalloc(&din, 500 * sizeof(int)));
  CK(cudaMemcpy(din, in.data(), 500 * sizeof(int), cudaMemcpyHostToDevice));
  GridParams gp;
  gp.mul = 3;
  gp.add = -7;
  for (int i = 0; i < 8; ++i) gp.table[i] = i * 100;
  qualifiersKernel<<<2, 256>>>(din, d, gp, 500);
  CK_LAUNCH();
  checkInts("qualifiers_forceinline_noinline_launch_bounds_restrict_grid_constant", d, 500,
            [&](int i) { return ((in[i] * 2) + 3) * 3 - 7 + (i % 8) * 100; });
  CK(cudaFree(din));

  launchBoundsMinBlocksKernel<<<2, 128>>>(d);
  CK_LAUNCH();
  checkInts("launch_bounds_with_min_blocks", d, 256, [](int i) { return (i % 128) * 2; });

  lambdaKernel<<<1, 64>>>(d, 3);
  CK_LAUNCH();
  checkInts("lambdas_in_kernel", d, 64, [](int t) { return t * 9 + 6 * t + t + 1 + 1; });
}

// ---------------------------------------------------------------------------------------------
// cudaLaunchKernel, dim3, warpSize, predefined macros.
__global__ void builtinsKernel(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    out[0] = warpSize;
    out[1] = blockDim.y;
    out[2] = blockDim.z;
    out[3] = gridDim.y;
    out[4] = gridDim.z;
    out[5] = blockDim.x;
    out[6] = gridDim.x;
  }
}

static bool hostSeesCudaArch() {
#ifdef __CUDA_ARCH__
  return true;
#else
  return false;
#endif
}

// CUDA's min and max overloads for mixed operands (math_functions.hpp): signed with unsigned
// compares as unsigned, float with double as double; and the named umin, llmin, ullmin forms.
__global__ void minMaxKernel(unsigned long long* out, int n, int minusOne, long long minusTwo) {
  out[0] = min(n, blockDim.x);
  out[1] = max(minusOne, 5u);
  out[2] = min(minusOne, 5u);
  out[3] = umin(7u, 3u);
  out[4] = umax(7u, 3u);
  out[5] = static_cast<unsigned long long>(llmin(-5ll, 3ll));
  out[6] = static_cast<unsigned long long>(llmax(-5ll, 3ll));
  out[7] = ullmin(10ull, 2ull);
  out[8] = ullmax(10ull, 2ull);
  out[9] = min(minusTwo, 3ull);
  out[10] = static_cast<unsigned long long>(max(1.5f, 2.25) * 100.0);
}

static void testMinMax() {
  unsigned long long* d;
  CK(cudaMalloc(&d, 11 * sizeof(unsigned long long)));
  minMaxKernel<<<1, 64>>>(d, 100, -1, -2);
  CK_LAUNCH();
  unsigned long long r[11];
  CK(cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost));
  // What the documented conversions give, computed without the overloads.
  const unsigned long long expect[11] = {64, 0xffffffffull, 5, 3, 7, static_cast<unsigned long long>(-5ll), 3, 2, 10, 3, 225};
  int bad = -1;
  for (int i = 0; i < 11; ++i)
    if (r[i] != expect[i]) bad = bad < 0 ? i : bad;
  check("min_max_mixed_and_named", bad < 0, "out[%d] = %llu, expected %llu", bad < 0 ? 0 : bad, bad < 0 ? 0 : r[bad],
        bad < 0 ? 0 : expect[bad]);
  CK(cudaFree(d));
}

static void testRuntimeAndBuiltins(int* d) {
  int* p = d;
  int n = 100;
  int v = 13;
  void* args[] = {&p, &n, &v};
  CK(cudaLaunchKernel((const void*)fillKernel, dim3(2), dim3(64), args, 0, 0));
  CK_LAUNCH();
  checkInts("cudaLaunchKernel_args_array", d, 100, [](int i) { return 13 + i; });
  v = 21;
  n = 64;
  CK(cudaLaunchKernel(fillKernel, dim3(1), dim3(64), args, 0, 0));  // the C++ template overload
  CK_LAUNCH();
  checkInts("cudaLaunchKernel_template_overload", d, 64, [](int i) { return 21 + i; });

  dim3 a;
  dim3 b(5);
  dim3 c(5, 6);
  dim3 e(5, 6, 7);
  check("dim3_defaults", a.x == 1 && a.y == 1 && a.z == 1 && b.x == 5 && b.y == 1 && b.z == 1 && c.x == 5 && c.y == 6 &&
                             c.z == 1 && e.x == 5 && e.y == 6 && e.z == 7,
        "dim3() = (%u,%u,%u), dim3(5) = (%u,%u,%u), dim3(5,6) = (%u,%u,%u)", a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z);

  builtinsKernel<<<4, 8>>>(d);
  CK_LAUNCH();
  int r[7];
  CK(cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost));
  check("warpSize_is_32", r[0] == 32, "expected 32 got %d", r[0]);
  check("integer_launch_config_is_1d", r[1] == 1 && r[2] == 1 && r[3] == 1 && r[4] == 1 && r[5] == 8 && r[6] == 4,
        "blockDim (%d,%d,%d) gridDim (%d,%d,%d), expected (8,1,1) and (4,1,1)", r[5], r[1], r[2], r[6], r[3], r[4]);

#ifdef __CUDACC__
  check("__CUDACC__defined", true);
#else
  check("__CUDACC__defined", false, "__CUDACC__ is not defined");
#endif
#if defined(CUDART_VERSION) && CUDART_VERSION >= 12000
  check("CUDART_VERSION_at_least_12000", true);
#elif defined(CUDART_VERSION)
  check("CUDART_VERSION_at_least_12000", false, "CUDART_VERSION is %d", (int)CUDART_VERSION);
#else
  check("CUDART_VERSION_at_least_12000", false, "CUDART_VERSION is not defined");
#endif
  check("__CUDA_ARCH__undefined_in_host_code", !hostSeesCudaArch(), "__CUDA_ARCH__ is defined in host code");
}

// The builtins are variables in CUDA, so host code may use their names for its own things:
// variables named blockDim and gridDim, members of those names.
struct LaunchShape {
  dim3 gridDim;
  dim3 blockDim;
};

static void testBuiltinNamesInHostCode(int* d) {
  dim3 blockDim(16, 4);
  dim3 gridDim(3, 2);
  LaunchShape shape{gridDim, blockDim};
  builtinsKernel<<<shape.gridDim, shape.blockDim>>>(d);
  CK_LAUNCH();
  int r[7];
  CK(cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost));
  check("builtin_names_as_host_variables_and_members", r[5] == 16 && r[1] == 4 && r[2] == 1 && r[6] == 3 && r[3] == 2,
        "blockDim (%d,%d,%d) gridDim (%d,%d,%d), expected (16,4,1) and (3,2,1)", r[5], r[1], r[2], r[6], r[3], r[4]);
}

int main() {
  int* d;
  CK(cudaMalloc(&d, 1024 * sizeof(int)));
  testLaunchSyntax(d);
  testMinMax();
  testParameters(d);
  testDynamicShared(d);
  testFunctions(d);
  testRuntimeAndBuiltins(d);
  testBuiltinNamesInHostCode(d);
  CK(cudaFree(d));
  return finish("language");
}
