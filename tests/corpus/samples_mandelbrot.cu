// samples_mandelbrot: escape-time Mandelbrot image, one thread per pixel, 2D grid of 2D blocks.
// Two variants, each compared exactly with the CPU:
//   - single precision, with the round-to-nearest intrinsics __fmul_rn/__fadd_rn/__fsub_rn so
//     that no multiply-add is fused (the CPU reference forces each operation to round too);
//   - 64-bit fixed point (Q35.28) in a __host__ __device__ function shared by both sides.
//
// Options: -width=<pixels> (default 120), -height=<pixels> (default 80), -iter=<max iterations>
//          (default 128), -device=<id>.
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#include "helper_corpus.h"

#define BLOCKDIM_X 16
#define BLOCKDIM_Y 8
#define FIXED_SHIFT 28

struct View {
  float xOff, yOff, scale;
};

__global__ void mandelbrotFloat(int *dst, int imageW, int imageH, int crunch, View view) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix >= imageW || iy >= imageH) return;

  float xC = __fadd_rn(view.xOff, __fmul_rn((float)ix, view.scale));
  float yC = __fadd_rn(view.yOff, __fmul_rn((float)iy, view.scale));
  float x = xC, y = yC;
  int i = 0;
  while (i < crunch) {
    float x2 = __fmul_rn(x, x);
    float y2 = __fmul_rn(y, y);
    if (__fadd_rn(x2, y2) > 4.0f) break;
    float xy = __fmul_rn(x, y);
    y = __fadd_rn(__fadd_rn(xy, xy), yC);
    x = __fadd_rn(__fsub_rn(x2, y2), xC);
    i++;
  }
  dst[iy * imageW + ix] = i;
}

// The CPU's float reference: each result goes through a volatile so that a host compiler
// allowed to contract a*b+c into an FMA cannot.
static int mandelbrotFloatCPU(int ix, int iy, int crunch, View view) {
  volatile float t;
  t = (float)ix * view.scale;
  float xC = view.xOff + t;
  t = (float)iy * view.scale;
  float yC = view.yOff + t;
  float x = xC, y = yC;
  int i = 0;
  while (i < crunch) {
    volatile float x2 = x * x;
    volatile float y2 = y * y;
    if (x2 + y2 > 4.0f) break;
    volatile float xy = x * y;
    volatile float xy2 = xy + xy;
    y = xy2 + yC;
    volatile float d = x2 - y2;
    x = d + xC;
    i++;
  }
  return i;
}

__host__ __device__ inline long long fixedMul(long long a, long long b) {
  return (a * b) >> FIXED_SHIFT;
}

__host__ __device__ inline int mandelbrotFixed(long long xC, long long yC, int crunch) {
  const long long four = 4LL << FIXED_SHIFT;
  long long x = xC, y = yC;
  int i = 0;
  while (i < crunch) {
    long long x2 = fixedMul(x, x);
    long long y2 = fixedMul(y, y);
    if (x2 + y2 > four) break;
    y = 2 * fixedMul(x, y) + yC;
    x = x2 - y2 + xC;
    i++;
  }
  return i;
}

__global__ void mandelbrotFixedKernel(int *dst, int imageW, int imageH, int crunch, long long xOff,
                                      long long yOff, long long step) {
  int ix = blockIdx.x * blockDim.x + threadIdx.x;
  int iy = blockIdx.y * blockDim.y + threadIdx.y;
  if (ix >= imageW || iy >= imageH) return;
  dst[iy * imageW + ix] = mandelbrotFixed(xOff + ix * step, yOff + iy * step, crunch);
}

static bool compareImage(const char *name, const int *gold, const int *gpu, int n, int crunch) {
  int bad = 0;
  long long total = 0;
  int inside = 0;
  for (int i = 0; i < n; i++) {
    total += gpu[i];
    if (gpu[i] == crunch) inside++;
    if (gold[i] != gpu[i]) {
      if (bad < 5) fprintf(stderr, "  %s pixel %d: %d iterations, expected %d\n", name, i, gpu[i],
                           gold[i]);
      ++bad;
    }
  }
  if (bad == 0) {
    printf("samples_mandelbrot: PASS %s (%lld iterations, %d pixels inside)\n", name, total,
           inside);
    return true;
  }
  printf("samples_mandelbrot: FAIL %s, %d of %d pixels differ\n", name, bad, n);
  return false;
}

int main(int argc, char **argv) {
  printf("[samples_mandelbrot] - Starting...\n");
  findCudaDevice(argc, argv);

  int imageW = 120, imageH = 80, crunch = 128;
  if (checkCmdLineFlag(argc, argv, "width")) imageW = getCmdLineArgumentInt(argc, argv, "width");
  if (checkCmdLineFlag(argc, argv, "height"))
    imageH = getCmdLineArgumentInt(argc, argv, "height");
  if (checkCmdLineFlag(argc, argv, "iter")) crunch = getCmdLineArgumentInt(argc, argv, "iter");
  if (imageW <= 0 || imageH <= 0 || crunch <= 0) {
    fprintf(stderr, "invalid -width, -height or -iter\n");
    return EXIT_FAILURE;
  }
  printf("%d x %d pixels, at most %d iterations\n", imageW, imageH, crunch);

  // The view spans x in [-2.2, 0.8] and is centred vertically.
  View view;
  view.scale = 3.0f / imageW;
  view.xOff = -2.2f;
  view.yOff = -0.5f * imageH * view.scale;

  int n = imageW * imageH;
  int *h_gpu = (int *)malloc(n * sizeof(int));
  int *h_gold = (int *)malloc(n * sizeof(int));
  int *d_dst;
  checkCudaErrors(cudaMalloc((void **)&d_dst, n * sizeof(int)));

  dim3 threads(BLOCKDIM_X, BLOCKDIM_Y);
  dim3 grid((imageW + BLOCKDIM_X - 1) / BLOCKDIM_X, (imageH + BLOCKDIM_Y - 1) / BLOCKDIM_Y);
  bool ok = true;

  checkCudaErrors(cudaMemset(d_dst, 0xff, n * sizeof(int)));
  mandelbrotFloat<<<grid, threads>>>(d_dst, imageW, imageH, crunch, view);
  getLastCudaError("mandelbrotFloat launch failed");
  checkCudaErrors(cudaMemcpy(h_gpu, d_dst, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int iy = 0; iy < imageH; iy++)
    for (int ix = 0; ix < imageW; ix++)
      h_gold[iy * imageW + ix] = mandelbrotFloatCPU(ix, iy, crunch, view);
  ok = compareImage("float", h_gold, h_gpu, n, crunch) && ok;

  const double one = (double)(1LL << FIXED_SHIFT);
  long long step = (long long)(3.0 / imageW * one);
  long long xOff = (long long)(-2.2 * one);
  long long yOff = -(long long)imageH / 2 * step;
  checkCudaErrors(cudaMemset(d_dst, 0xff, n * sizeof(int)));
  mandelbrotFixedKernel<<<grid, threads>>>(d_dst, imageW, imageH, crunch, xOff, yOff, step);
  getLastCudaError("mandelbrotFixedKernel launch failed");
  checkCudaErrors(cudaMemcpy(h_gpu, d_dst, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int iy = 0; iy < imageH; iy++)
    for (int ix = 0; ix < imageW; ix++)
      h_gold[iy * imageW + ix] = mandelbrotFixed(xOff + ix * step, yOff + iy * step, crunch);
  ok = compareImage("fixed_point", h_gold, h_gpu, n, crunch) && ok;

  checkCudaErrors(cudaFree(d_dst));
  free(h_gpu);
  free(h_gold);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
