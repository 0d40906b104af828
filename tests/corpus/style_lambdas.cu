// style_lambdas: a kernel template that takes its body as a callable by value, launched with
// extended __device__ lambdas capturing by value and with a plain functor.
// Build with nvcc --extended-lambda (required for [=] __device__ lambdas in host code).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(expr)                                                                \
  do {                                                                                  \
    cudaError_t e__ = (expr);                                                           \
    if (e__ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e__),          \
                   __FILE__, __LINE__);                                                 \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

template <typename F>
__global__ void for_each_index(int n, F f) {
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) f(i);
}

template <typename F>
void parallel_for(int n, F f, cudaStream_t stream = 0) {
  const int block = 128;
  int grid = (n + block - 1) / block;
  if (grid > 16) grid = 16;
  for_each_index<<<grid, block, 0, stream>>>(n, f);
}

// Reduce with a user-supplied transform.
template <typename T, typename F>
__global__ void transform_reduce(int n, F f, T* result) {
  __shared__ T partial[128];
  T acc = T(0);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc += f(i);
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(result, partial[0]);
}

struct Params { int mul; int add; int mod; };

struct Saxpy {
  float a;
  const float* x;
  float* y;
  __device__ void operator()(int i) const { y[i] = a * x[i] + y[i]; }
};

static int failures = 0;
static void check(const char* name, bool ok, int bad_index = -1) {
  if (ok) std::printf("style_lambdas: %s PASS\n", name);
  else { std::printf("style_lambdas: %s FAIL first bad index %d\n", name, bad_index); ++failures; }
}

int main() {
  const int n = 5000;
  std::vector<float> hx(n), hy(n);
  for (int i = 0; i < n; ++i) { hx[i] = float(i % 64); hy[i] = float((i * 3) % 17); }

  float *x, *y;
  int* idx;
  CUDA_CHECK(cudaMalloc(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&y, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&idx, n * sizeof(int)));
  CUDA_CHECK(cudaMemcpy(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(y, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  // 1. Lambda capturing scalars and device pointers by value.
  const float a = 2.0f;
  const int offset = 11;
  parallel_for(n, [=] __device__ (int i) { y[i] = a * x[i] + y[i]; });
  parallel_for(n, [=] __device__ (int i) { idx[i] = (i * 7 + offset) % 1000; });
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  {
    std::vector<float> out(n);
    std::vector<int> oi(n);
    CUDA_CHECK(cudaMemcpy(out.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(oi.data(), idx, n * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i) if (out[i] != a * hx[i] + hy[i]) bad = i;
    check("lambda saxpy", bad < 0, bad);
    bad = -1;
    for (int i = 0; i < n && bad < 0; ++i) if (oi[i] != (i * 7 + offset) % 1000) bad = i;
    check("lambda index map", bad < 0, bad);
    for (int i = 0; i < n; ++i) hy[i] = out[i];
  }

  // 2. Plain functor through the same kernel template.
  parallel_for(n, Saxpy{0.5f, x, y});
  CUDA_CHECK(cudaGetLastError());
  {
    std::vector<float> out(n);
    CUDA_CHECK(cudaMemcpy(out.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i) if (out[i] != 0.5f * hx[i] + hy[i]) bad = i;
    check("functor saxpy", bad < 0, bad);
  }

  // 3. Lambda capturing a struct by value (copied into the kernel's parameters).
  Params p{13, 5, 97};
  parallel_for(n, [=] __device__ (int i) { idx[i] = (i * p.mul + p.add) % p.mod; });
  {
    std::vector<int> oi(n);
    CUDA_CHECK(cudaMemcpy(oi.data(), idx, n * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i) if (oi[i] != (i * 13 + 5) % 97) bad = i;
    check("lambda struct capture", bad < 0, bad);
  }

  // 4. Captured value is a copy: changing the host variable after launch must not matter.
  {
    int scale = 3;
    auto f = [=] __device__ (int i) { idx[i] = i * scale; };
    scale = 1000;
    parallel_for(n, f);
    std::vector<int> oi(n);
    CUDA_CHECK(cudaMemcpy(oi.data(), idx, n * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i) if (oi[i] != i * 3) bad = i;
    check("lambda captures by value", bad < 0, bad);
  }

  // 5. Lambda returning a value into a templated reduction (ints, exact).
  {
    unsigned long long* sum;
    CUDA_CHECK(cudaMalloc(&sum, sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemset(sum, 0, sizeof(unsigned long long)));
    const unsigned long long k = 3;
    transform_reduce<<<8, 128>>>(
        n, [=] __device__ (int i) -> unsigned long long { return k * i * i; }, sum);
    CUDA_CHECK(cudaGetLastError());
    unsigned long long got = 0, ref = 0;
    CUDA_CHECK(cudaMemcpy(&got, sum, sizeof got, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) ref += k * (unsigned long long)i * i;
    check("lambda transform_reduce", got == ref);
    CUDA_CHECK(cudaFree(sum));
  }

  // 6. Lambda on a non-default stream.
  {
    cudaStream_t s;
    CUDA_CHECK(cudaStreamCreate(&s));
    parallel_for(n, [=] __device__ (int i) { x[i] = -x[i]; }, s);
    CUDA_CHECK(cudaStreamSynchronize(s));
    std::vector<float> out(n);
    CUDA_CHECK(cudaMemcpy(out.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i) if (out[i] != -hx[i]) bad = i;
    check("lambda on stream", bad < 0, bad);
    CUDA_CHECK(cudaStreamDestroy(s));
  }

  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  CUDA_CHECK(cudaFree(idx));
  std::printf("style_lambdas: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
