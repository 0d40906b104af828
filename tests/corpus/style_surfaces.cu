// style_surfaces: CUDA arrays created with cudaArraySurfaceLoadStore, bound to surface
// objects, written with surf2Dwrite (x in bytes) and read back with surf2Dread and with
// cudaMemcpy2DFromArray; cudaBoundaryModeZero for reads and writes outside the array.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                                     \
  do {                                                                                  \
    const cudaError_t error = (call);                                                   \
    if (error != cudaSuccess) {                                                         \
      std::printf("Error: %s:%d, code:%d, reason: %s\n", __FILE__, __LINE__, error,      \
                  cudaGetErrorString(error));                                           \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

static const int W = 96;
static const int H = 40;

__host__ __device__ inline float pattern(int x, int y) {
  return static_cast<float>(x * 100 + y) * 0.5f;
}

__global__ void fill_surface(cudaSurfaceObject_t s, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) surf2Dwrite(pattern(x, y), s, x * static_cast<int>(sizeof(float)), y);
}

// Reads src with a one-texel border of zeros (boundary mode zero) and writes the 4-neighbour
// sum into dst.
__global__ void stencil(cudaSurfaceObject_t src, cudaSurfaceObject_t dst, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const int bx = x * static_cast<int>(sizeof(float));
  const int sz = static_cast<int>(sizeof(float));
  float c = surf2Dread<float>(src, bx, y);
  float l = surf2Dread<float>(src, bx - sz, y, cudaBoundaryModeZero);
  float r = surf2Dread<float>(src, bx + sz, y, cudaBoundaryModeZero);
  float u = surf2Dread<float>(src, bx, y - 1, cudaBoundaryModeZero);
  float d = surf2Dread<float>(src, bx, y + 1, cudaBoundaryModeZero);
  surf2Dwrite(c + l + r + u + d, dst, bx, y);
}

// Writes outside the array with boundary mode zero must be dropped.
__global__ void write_outside(cudaSurfaceObject_t s, int w, int h) {
  int t = threadIdx.x;
  const int sz = static_cast<int>(sizeof(float));
  surf2Dwrite(-1.0f, s, (w + t) * sz, t % h, cudaBoundaryModeZero);
  surf2Dwrite(-1.0f, s, (t % w) * sz, h + t, cudaBoundaryModeZero);
  surf2Dwrite(-1.0f, s, -(t + 1) * sz, t % h, cudaBoundaryModeZero);
}

__global__ void swizzle_rgba(cudaSurfaceObject_t s, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  uchar4 p = surf2Dread<uchar4>(s, x * 4, y);
  uchar4 q = make_uchar4(p.w, p.z, p.y, static_cast<unsigned char>(p.x + 1));
  surf2Dwrite(q, s, x * 4, y);
}

static cudaSurfaceObject_t make_surface(cudaArray_t a) {
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  CHECK(cudaCreateSurfaceObject(&s, &rd));
  return s;
}

static int fails = 0;
static void check(const char* what, int bad) {
  if (bad < 0) std::printf("style_surfaces: %s PASS\n", what);
  else { std::printf("style_surfaces: %s FAIL first bad element %d\n", what, bad); ++fails; }
}

int main() {
  cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr, b = nullptr;
  CHECK(cudaMallocArray(&a, &fdesc, W, H, cudaArraySurfaceLoadStore));
  CHECK(cudaMallocArray(&b, &fdesc, W, H, cudaArraySurfaceLoadStore));
  cudaSurfaceObject_t sa = make_surface(a), sb = make_surface(b);

  dim3 block(32, 4);
  dim3 grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
  fill_surface<<<grid, block>>>(sa, W, H);
  CHECK(cudaGetLastError());

  std::vector<float> host(W * H);
  CHECK(cudaMemcpy2DFromArray(host.data(), W * sizeof(float), a, 0, 0, W * sizeof(float), H,
                              cudaMemcpyDeviceToHost));
  {
    int bad = -1;
    for (int y = 0; y < H && bad < 0; ++y)
      for (int x = 0; x < W; ++x)
        if (host[y * W + x] != pattern(x, y)) { bad = y * W + x; break; }
    check("surf2Dwrite then cudaMemcpy2DFromArray", bad);
  }

  stencil<<<grid, block>>>(sa, sb, W, H);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy2DFromArray(host.data(), W * sizeof(float), b, 0, 0, W * sizeof(float), H,
                              cudaMemcpyDeviceToHost));
  {
    auto at = [](int x, int y) { return (x < 0 || y < 0 || x >= W || y >= H) ? 0.0f : pattern(x, y); };
    int bad = -1;
    for (int y = 0; y < H && bad < 0; ++y)
      for (int x = 0; x < W; ++x) {
        float want = at(x, y) + at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1);
        if (host[y * W + x] != want) { bad = y * W + x; break; }
      }
    check("surf2Dread stencil with cudaBoundaryModeZero", bad);
  }

  write_outside<<<1, 64>>>(sa, W, H);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy2DFromArray(host.data(), W * sizeof(float), a, 0, 0, W * sizeof(float), H,
                              cudaMemcpyDeviceToHost));
  {
    int bad = -1;
    for (int i = 0; i < W * H && bad < 0; ++i)
      if (host[i] != pattern(i % W, i / W)) bad = i;
    check("out-of-range surf2Dwrite dropped (cudaBoundaryModeZero)", bad);
  }

  // uchar4 surface, initialised with cudaMemcpy2DToArray, swizzled in place (each thread
  // reads and writes only its own texel).
  {
    const int w = 48, h = 24;
    cudaChannelFormatDesc cdesc = cudaCreateChannelDesc<uchar4>();
    cudaArray_t c = nullptr;
    CHECK(cudaMallocArray(&c, &cdesc, w, h, cudaArraySurfaceLoadStore));
    std::vector<uchar4> px(w * h);
    for (int i = 0; i < w * h; ++i)
      px[i] = make_uchar4(i & 255, (i * 3) & 255, (i * 7) & 255, (i * 11) & 255);
    CHECK(cudaMemcpy2DToArray(c, 0, 0, px.data(), w * sizeof(uchar4), w * sizeof(uchar4), h,
                              cudaMemcpyHostToDevice));
    cudaSurfaceObject_t sc = make_surface(c);
    dim3 g2((w + 15) / 16, (h + 7) / 8);
    swizzle_rgba<<<g2, dim3(16, 8)>>>(sc, w, h);
    CHECK(cudaGetLastError());
    std::vector<uchar4> back(w * h);
    CHECK(cudaMemcpy2DFromArray(back.data(), w * sizeof(uchar4), c, 0, 0, w * sizeof(uchar4), h,
                                cudaMemcpyDeviceToHost));
    int bad = -1;
    for (int i = 0; i < w * h && bad < 0; ++i) {
      uchar4 p = px[i];
      uchar4 q = back[i];
      if (q.x != p.w || q.y != p.z || q.z != p.y || q.w != static_cast<unsigned char>(p.x + 1))
        bad = i;
    }
    check("uchar4 surf2Dread/surf2Dwrite in place", bad);
    CHECK(cudaDestroySurfaceObject(sc));
    CHECK(cudaFreeArray(c));
  }

  CHECK(cudaDestroySurfaceObject(sa));
  CHECK(cudaDestroySurfaceObject(sb));
  CHECK(cudaFreeArray(a));
  CHECK(cudaFreeArray(b));
  std::printf("style_surfaces: %s\n", fails ? "FAIL" : "PASS");
  return fails ? 1 : 0;
}
