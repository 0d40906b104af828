// style_dynamic_shared: one extern __shared__ byte buffer sized at launch and carved into
// several typed arrays by a templated kernel (double/int/float, with alignment), the
// run-time-sized reduction buffer pattern, and the opt-in to 64 KiB of dynamic shared
// memory with cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize).
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                                   \
  do {                                                                                  \
    cudaError_t e = (x);                                                                \
    if (e != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,                     \
                   cudaGetErrorString(e));                                              \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

__host__ __device__ constexpr size_t align_up(size_t v, size_t a) { return (v + a - 1) / a * a; }

template <typename A, typename B, typename C>
__host__ __device__ constexpr size_t carve_bytes(int n) {
  return align_up(align_up(align_up(n * sizeof(A), alignof(B)) + n * sizeof(B), alignof(C)) +
                      n * sizeof(C),
                  16);
}

// Each block stages `n` elements of three arrays in shared memory, then every thread
// combines entries written by other threads.
template <typename A, typename B, typename C>
__global__ void carve_kernel(const A* ga, const B* gb, const C* gc, double* out, int n) {
  extern __shared__ __align__(16) unsigned char smem[];
  A* sa = reinterpret_cast<A*>(smem);
  B* sb = reinterpret_cast<B*>(smem + align_up(n * sizeof(A), alignof(B)));
  C* sc = reinterpret_cast<C*>(smem + align_up(align_up(n * sizeof(A), alignof(B)) +
                                                   n * sizeof(B), alignof(C)));
  const int base = blockIdx.x * n;
  for (int j = threadIdx.x; j < n; j += blockDim.x) {
    sa[j] = ga[base + j];
    sb[j] = gb[base + j];
    sc[j] = gc[base + j];
  }
  __syncthreads();
  for (int j = threadIdx.x; j < n; j += blockDim.x) {
    out[base + j] = static_cast<double>(sa[n - 1 - j]) + static_cast<double>(sb[(j + 1) % n]) * 2.0 +
                    static_cast<double>(sc[(j * 5) % n]);
  }
}

// Classic run-time-sized reduction buffer: blockDim.x ints and blockDim.x floats.
__global__ void reduce_two(const int* xi, const float* xf, int* oi, float* of, int n) {
  extern __shared__ int shm[];
  int* si = shm;
  float* sf = reinterpret_cast<float*>(shm + blockDim.x);
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  si[threadIdx.x] = g < n ? xi[g] : 0;
  sf[threadIdx.x] = g < n ? xf[g] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) {
      si[threadIdx.x] += si[threadIdx.x + s];
      sf[threadIdx.x] += sf[threadIdx.x + s];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) { oi[blockIdx.x] = si[0]; of[blockIdx.x] = sf[0]; }
}

static int failures = 0;
static void check(const char* what, bool ok, const char* detail = "") {
  if (ok) std::printf("style_dynamic_shared: %s PASS\n", what);
  else { std::printf("style_dynamic_shared: %s FAIL %s\n", what, detail); ++failures; }
}

template <typename A, typename B, typename C>
static bool run_carve(int n, int blocks, int threads, size_t smem_bytes, char* detail, size_t cap) {
  const int total = n * blocks;
  std::vector<A> ha(total);
  std::vector<B> hb(total);
  std::vector<C> hc(total);
  for (int i = 0; i < total; ++i) {
    ha[i] = static_cast<A>((i * 3) % 1000) / static_cast<A>(4);
    hb[i] = static_cast<B>((i * 7) % 513);
    hc[i] = static_cast<C>((i * 11) % 257) - static_cast<C>(100);
  }
  A* da; B* db; C* dc; double* dout;
  CUDA_CHECK(cudaMalloc(&da, total * sizeof(A)));
  CUDA_CHECK(cudaMalloc(&db, total * sizeof(B)));
  CUDA_CHECK(cudaMalloc(&dc, total * sizeof(C)));
  CUDA_CHECK(cudaMalloc(&dout, total * sizeof(double)));
  CUDA_CHECK(cudaMemcpy(da, ha.data(), total * sizeof(A), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, hb.data(), total * sizeof(B), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(dc, hc.data(), total * sizeof(C), cudaMemcpyHostToDevice));
  carve_kernel<A, B, C><<<blocks, threads, smem_bytes>>>(da, db, dc, dout, n);
  cudaError_t launch = cudaGetLastError();
  if (launch != cudaSuccess) {
    std::snprintf(detail, cap, "launch with %zu bytes returned %s", smem_bytes,
                  cudaGetErrorString(launch));
    CUDA_CHECK(cudaFree(da)); CUDA_CHECK(cudaFree(db));
    CUDA_CHECK(cudaFree(dc)); CUDA_CHECK(cudaFree(dout));
    return false;
  }
  std::vector<double> out(total);
  CUDA_CHECK(cudaMemcpy(out.data(), dout, total * sizeof(double), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < blocks && ok; ++b)
    for (int j = 0; j < n; ++j) {
      int base = b * n;
      double want = static_cast<double>(ha[base + n - 1 - j]) +
                    static_cast<double>(hb[base + (j + 1) % n]) * 2.0 +
                    static_cast<double>(hc[base + (j * 5) % n]);
      if (out[base + j] != want) {
        std::snprintf(detail, cap, "block %d element %d: got %g want %g", b, j, out[base + j], want);
        ok = false;
        break;
      }
    }
  CUDA_CHECK(cudaFree(da)); CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc)); CUDA_CHECK(cudaFree(dout));
  return ok;
}

int main() {
  // 1. A small carve, no opt-in needed: char/short-free mix with odd sizes to exercise
  //    alignment (float, double, int).
  {
    const int n = 301;
    size_t bytes = carve_bytes<float, double, int>(n);
    char d[160] = "";
    bool ok = run_carve<float, double, int>(n, 4, 96, bytes, d, sizeof d);
    check("carve<float,double,int> n=301", ok, d);
  }

  // 2. Exactly 64 KiB: 4096 doubles + 4096 ints + 4096 floats.
  {
    const int n = 4096;
    const size_t bytes = carve_bytes<double, int, float>(n);
    char d[160];
    std::snprintf(d, sizeof d, "%zu bytes", bytes);
    check("carve layout is exactly 64 KiB", bytes == 64 * 1024, d);

    // Without the opt-in, more than 48 KiB must be refused at launch.
    carve_kernel<double, int, float><<<1, 256, bytes>>>(nullptr, nullptr, nullptr, nullptr, n);
    cudaError_t refused = cudaGetLastError();
    std::snprintf(d, sizeof d, "launch returned %s", cudaGetErrorName(refused));
    check("64 KiB launch refused before opt-in", refused != cudaSuccess, d);

    CUDA_CHECK(cudaFuncSetAttribute(carve_kernel<double, int, float>,
                                    cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
    cudaFuncAttributes attr;
    CUDA_CHECK(cudaFuncGetAttributes(&attr, carve_kernel<double, int, float>));
    std::snprintf(d, sizeof d, "maxDynamicSharedSizeBytes=%d", attr.maxDynamicSharedSizeBytes);
    check("cudaFuncGetAttributes reports the opt-in", attr.maxDynamicSharedSizeBytes == 64 * 1024, d);
    d[0] = 0;
    bool ok = run_carve<double, int, float>(n, 3, 256, bytes, d, sizeof d);
    check("carve<double,int,float> with 64 KiB after opt-in", ok, d);
  }

  // 3. Run-time-sized reduction buffer for several block sizes.
  {
    const int n = 5000;
    std::vector<int> hi(n);
    std::vector<float> hf(n);
    for (int i = 0; i < n; ++i) { hi[i] = (i * 17) % 91 - 45; hf[i] = static_cast<float>(i % 13); }
    int *di, *doi; float *df, *dof;
    CUDA_CHECK(cudaMalloc(&di, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&df, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&doi, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dof, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(di, hi.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(df, hf.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    bool ok = true;
    for (int threads : {32, 128, 512}) {
      int blocks = (n + threads - 1) / threads;
      size_t shm = threads * (sizeof(int) + sizeof(float));
      reduce_two<<<blocks, threads, shm>>>(di, df, doi, dof, n);
      CUDA_CHECK(cudaGetLastError());
      std::vector<int> oi(blocks);
      std::vector<float> of(blocks);
      CUDA_CHECK(cudaMemcpy(oi.data(), doi, blocks * sizeof(int), cudaMemcpyDeviceToHost));
      CUDA_CHECK(cudaMemcpy(of.data(), dof, blocks * sizeof(float), cudaMemcpyDeviceToHost));
      for (int b = 0; b < blocks; ++b) {
        int si = 0; float sf = 0;
        for (int i = b * threads; i < n && i < (b + 1) * threads; ++i) { si += hi[i]; sf += hf[i]; }
        if (oi[b] != si || of[b] != sf) ok = false;
      }
    }
    check("run-time-sized int+float reduction buffer", ok);
    CUDA_CHECK(cudaFree(di)); CUDA_CHECK(cudaFree(df));
    CUDA_CHECK(cudaFree(doi)); CUDA_CHECK(cudaFree(dof));
  }

  std::printf("style_dynamic_shared: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
