// style_texture_1d_linear: texture objects over plain linear device memory
// (cudaResourceTypeLinear), read with tex1Dfetch<int> as a read-only gather table, the way
// older sparse and graph codes route irregular loads through the texture path. Also an
// int2 table and an unsigned char table read as normalized floats.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CALL(x)                                                                    \
  do {                                                                                  \
    cudaError_t e_ = (x);                                                               \
    if (e_ != cudaSuccess) {                                                            \
      std::printf("style_texture_1d_linear: FAIL %s returned %s (line %d)\n", #x,         \
                  cudaGetErrorString(e_), __LINE__);                                    \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

template <typename T>
static cudaTextureObject_t linear_texture(const T* dptr, size_t count,
                                          cudaTextureReadMode mode = cudaReadModeElementType) {
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = const_cast<T*>(dptr);
  rd.res.linear.desc = cudaCreateChannelDesc<T>();
  rd.res.linear.sizeInBytes = count * sizeof(T);
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.readMode = mode;
  cudaTextureObject_t t = 0;
  CUDA_CALL(cudaCreateTextureObject(&t, &rd, &td, nullptr));
  return t;
}

// CSR sparse matrix times vector, with the column indices and x read through textures.
__global__ void spmv_tex(int rows, const int* row_ptr, cudaTextureObject_t col_tex,
                         cudaTextureObject_t val_tex, cudaTextureObject_t x_tex, int* y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  int acc = 0;
  for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) {
    int c = tex1Dfetch<int>(col_tex, k);
    acc += tex1Dfetch<int>(val_tex, k) * tex1Dfetch<int>(x_tex, c);
  }
  y[r] = acc;
}

__global__ void fetch_int2(cudaTextureObject_t t, int n, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int2 v = tex1Dfetch<int2>(t, n - 1 - i);
    out[i] = v.x - v.y;
  }
}

__global__ void fetch_norm(cudaTextureObject_t t, int n, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(t, i);
}

static int failures = 0;
static void result(const char* what, bool ok, const char* detail = "") {
  if (ok) std::printf("style_texture_1d_linear: %s PASS\n", what);
  else std::printf("style_texture_1d_linear: %s FAIL %s\n", what, detail);
  if (!ok) ++failures;
}

int main() {
  // A banded sparse matrix: row r has entries at columns (r + j*7) % cols, j < 1 + r % 5.
  const int rows = 1500, cols = 1200;
  std::vector<int> row_ptr(rows + 1, 0), col_idx, vals;
  for (int r = 0; r < rows; ++r) {
    int nnz = 1 + r % 5;
    for (int j = 0; j < nnz; ++j) {
      col_idx.push_back((r * 3 + j * 7) % cols);
      vals.push_back((r + j) % 9 - 4);
    }
    row_ptr[r + 1] = static_cast<int>(col_idx.size());
  }
  std::vector<int> x(cols);
  for (int c = 0; c < cols; ++c) x[c] = (c * 31) % 101 - 50;
  const int nnz = static_cast<int>(col_idx.size());

  int *d_rp, *d_ci, *d_v, *d_x, *d_y;
  CUDA_CALL(cudaMalloc(&d_rp, (rows + 1) * sizeof(int)));
  CUDA_CALL(cudaMalloc(&d_ci, nnz * sizeof(int)));
  CUDA_CALL(cudaMalloc(&d_v, nnz * sizeof(int)));
  CUDA_CALL(cudaMalloc(&d_x, cols * sizeof(int)));
  CUDA_CALL(cudaMalloc(&d_y, rows * sizeof(int)));
  CUDA_CALL(cudaMemcpy(d_rp, row_ptr.data(), (rows + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CALL(cudaMemcpy(d_ci, col_idx.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CALL(cudaMemcpy(d_v, vals.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CALL(cudaMemcpy(d_x, x.data(), cols * sizeof(int), cudaMemcpyHostToDevice));

  cudaTextureObject_t t_col = linear_texture(d_ci, nnz);
  cudaTextureObject_t t_val = linear_texture(d_v, nnz);
  cudaTextureObject_t t_x = linear_texture(d_x, cols);
  spmv_tex<<<(rows + 127) / 128, 128>>>(rows, d_rp, t_col, t_val, t_x, d_y);
  CUDA_CALL(cudaGetLastError());
  std::vector<int> y(rows);
  CUDA_CALL(cudaMemcpy(y.data(), d_y, rows * sizeof(int), cudaMemcpyDeviceToHost));
  {
    int bad = -1, want = 0;
    for (int r = 0; r < rows && bad < 0; ++r) {
      int acc = 0;
      for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) acc += vals[k] * x[col_idx[k]];
      if (y[r] != acc) { bad = r; want = acc; }
    }
    char d[96] = "";
    if (bad >= 0) std::snprintf(d, sizeof d, "row %d got %d want %d", bad, y[bad], want);
    result("tex1Dfetch<int> spmv", bad < 0, d);
  }

  // The texture sees updates to the memory made between launches (no caching across launches).
  for (int c = 0; c < cols; ++c) x[c] = -x[c] + 3;
  CUDA_CALL(cudaMemcpy(d_x, x.data(), cols * sizeof(int), cudaMemcpyHostToDevice));
  spmv_tex<<<(rows + 127) / 128, 128>>>(rows, d_rp, t_col, t_val, t_x, d_y);
  CUDA_CALL(cudaMemcpy(y.data(), d_y, rows * sizeof(int), cudaMemcpyDeviceToHost));
  {
    bool ok = true;
    for (int r = 0; r < rows; ++r) {
      int acc = 0;
      for (int k = row_ptr[r]; k < row_ptr[r + 1]; ++k) acc += vals[k] * x[col_idx[k]];
      if (y[r] != acc) ok = false;
    }
    result("tex1Dfetch<int> after memory update", ok);
  }

  // int2 elements.
  {
    const int n = 1000;
    std::vector<int2> h(n);
    for (int i = 0; i < n; ++i) h[i] = make_int2(i * 5 - 7, (i * i) % 1000);
    int2* d;
    int* o;
    CUDA_CALL(cudaMalloc(&d, n * sizeof(int2)));
    CUDA_CALL(cudaMalloc(&o, n * sizeof(int)));
    CUDA_CALL(cudaMemcpy(d, h.data(), n * sizeof(int2), cudaMemcpyHostToDevice));
    cudaTextureObject_t t = linear_texture(d, n);
    fetch_int2<<<(n + 255) / 256, 256>>>(t, n, o);
    std::vector<int> out(n);
    CUDA_CALL(cudaMemcpy(out.data(), o, n * sizeof(int), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; ++i) {
      const int2 v = h[n - 1 - i];
      if (out[i] != v.x - v.y) ok = false;
    }
    result("tex1Dfetch<int2>", ok);
    CUDA_CALL(cudaDestroyTextureObject(t));
    CUDA_CALL(cudaFree(d));
    CUDA_CALL(cudaFree(o));
  }

  // unsigned char read as normalized float: v / 255.
  {
    const int n = 512;
    std::vector<unsigned char> h(n);
    for (int i = 0; i < n; ++i) h[i] = static_cast<unsigned char>((i * 7) & 255);
    unsigned char* d;
    float* o;
    CUDA_CALL(cudaMalloc(&d, n));
    CUDA_CALL(cudaMalloc(&o, n * sizeof(float)));
    CUDA_CALL(cudaMemcpy(d, h.data(), n, cudaMemcpyHostToDevice));
    cudaTextureObject_t t = linear_texture(d, n, cudaReadModeNormalizedFloat);
    fetch_norm<<<(n + 255) / 256, 256>>>(t, n, o);
    std::vector<float> out(n);
    CUDA_CALL(cudaMemcpy(out.data(), o, n * sizeof(float), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; ++i)
      if (std::fabs(out[i] - h[i] / 255.0f) > 1e-6f) ok = false;
    result("tex1Dfetch<float> normalized uchar", ok);
    CUDA_CALL(cudaDestroyTextureObject(t));
    CUDA_CALL(cudaFree(d));
    CUDA_CALL(cudaFree(o));
  }

  CUDA_CALL(cudaDestroyTextureObject(t_col));
  CUDA_CALL(cudaDestroyTextureObject(t_val));
  CUDA_CALL(cudaDestroyTextureObject(t_x));
  CUDA_CALL(cudaFree(d_rp)); CUDA_CALL(cudaFree(d_ci)); CUDA_CALL(cudaFree(d_v));
  CUDA_CALL(cudaFree(d_x)); CUDA_CALL(cudaFree(d_y));
  std::printf("style_texture_1d_linear: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
