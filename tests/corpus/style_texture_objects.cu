// style_texture_objects: a 2D float image in a CUDA array, bound to texture objects with
// point filtering and clamp (and wrap) addressing, sampled with tex2D<float> at
// unnormalized and normalized coordinates. Point sampling is compared exactly with a CPU
// model; bilinear filtering (9-bit fixed-point weights on the device) within 1e-2.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define checkCudaErrors(val) check_((val), #val, __FILE__, __LINE__)
static void check_(cudaError_t r, const char* fn, const char* file, int line) {
  if (r != cudaSuccess) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d (%s) \"%s\"\n", file, line,
                 static_cast<int>(r), cudaGetErrorString(r), fn);
    std::exit(1);
  }
}

static const int W = 64;
static const int H = 32;

__global__ void sample2d(cudaTextureObject_t tex, const float2* coords, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(tex, coords[i].x, coords[i].y);
}

// A kernel reading the image through the texture at each texel's centre, one thread per
// texel in a 2D grid, as image-processing code does.
__global__ void copy_through_texture(cudaTextureObject_t tex, float* out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = tex2D<float>(tex, x + 0.5f, y + 0.5f);
}

static float texel(const std::vector<float>& img, int x, int y) { return img[y * W + x]; }

static int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

// CPU model of point sampling at unnormalized coordinates with clamp addressing.
static float point_clamp(const std::vector<float>& img, float x, float y) {
  int ix = clampi(static_cast<int>(std::floor(x)), 0, W - 1);
  int iy = clampi(static_cast<int>(std::floor(y)), 0, H - 1);
  return texel(img, ix, iy);
}

// Wrap addressing (normalized coordinates only): u - floor(u), scaled.
static float point_wrap(const std::vector<float>& img, float u, float v) {
  float fu = u - std::floor(u), fv = v - std::floor(v);
  int ix = clampi(static_cast<int>(std::floor(fu * W)), 0, W - 1);
  int iy = clampi(static_cast<int>(std::floor(fv * H)), 0, H - 1);
  return texel(img, ix, iy);
}

static float bilinear_clamp(const std::vector<float>& img, float x, float y) {
  float xb = x - 0.5f, yb = y - 0.5f;
  float fx = std::floor(xb), fy = std::floor(yb);
  float a = xb - fx, b = yb - fy;
  int x0 = static_cast<int>(fx), y0 = static_cast<int>(fy);
  auto t = [&](int xx, int yy) { return texel(img, clampi(xx, 0, W - 1), clampi(yy, 0, H - 1)); };
  return (1 - a) * (1 - b) * t(x0, y0) + a * (1 - b) * t(x0 + 1, y0) +
         (1 - a) * b * t(x0, y0 + 1) + a * b * t(x0 + 1, y0 + 1);
}

static cudaTextureObject_t make_texture(cudaArray_t arr, cudaTextureFilterMode filter,
                                        cudaTextureAddressMode address, int normalized) {
  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaTextureDesc td;
  memset(&td, 0, sizeof(td));
  td.addressMode[0] = address;
  td.addressMode[1] = address;
  td.filterMode = filter;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = normalized;
  cudaTextureObject_t tex = 0;
  checkCudaErrors(cudaCreateTextureObject(&tex, &res, &td, nullptr));
  return tex;
}

static int failures = 0;
static void verdict(const char* name, int bad, int n, float got, float want) {
  if (bad < 0) {
    std::printf("style_texture_objects: %s PASS\n", name);
  } else {
    std::printf("style_texture_objects: %s FAIL sample %d of %d: got %.8g want %.8g\n", name,
                bad, n, got, want);
    ++failures;
  }
}

int main() {
  std::vector<float> img(W * H);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      img[y * W + x] = 0.0625f * static_cast<float>((x * 3 + y * 5) % 17) +
                       0.001f * static_cast<float>(x + W * y);

  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t arr = nullptr;
  checkCudaErrors(cudaMallocArray(&arr, &desc, W, H));
  checkCudaErrors(cudaMemcpy2DToArray(arr, 0, 0, img.data(), W * sizeof(float),
                                      W * sizeof(float), H, cudaMemcpyHostToDevice));

  // Coordinates: quarter-texel offsets inside and outside the image (clamp region).
  const int n = 2048;
  std::vector<float2> unnorm(n), norm(n), wrapc(n);
  for (int i = 0; i < n; ++i) {
    float x = -6.0f + 0.25f * static_cast<float>((i * 37) % 304) + 0.125f;  // -5.875 .. 70
    float y = -4.0f + 0.25f * static_cast<float>((i * 53) % 160) + 0.125f;  // -3.875 .. 36
    unnorm[i] = make_float2(x, y);
    norm[i] = make_float2(x / W, y / H);  // exact: W and H are powers of two
    float u = -2.0f + static_cast<float>((i * 29) % 1024) / 256.0f + 1.0f / 512.0f;
    float v = -1.5f + static_cast<float>((i * 31) % 512) / 128.0f + 1.0f / 256.0f;
    wrapc[i] = make_float2(u, v);
  }

  float2* d_coords;
  float* d_out;
  checkCudaErrors(cudaMalloc(&d_coords, n * sizeof(float2)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(float)));
  std::vector<float> out(n);

  auto run = [&](cudaTextureObject_t tex, const std::vector<float2>& c) {
    checkCudaErrors(cudaMemcpy(d_coords, c.data(), n * sizeof(float2), cudaMemcpyHostToDevice));
    sample2d<<<(n + 127) / 128, 128>>>(tex, d_coords, d_out, n);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  };

  // 1. Point, clamp, unnormalized coordinates.
  {
    cudaTextureObject_t tex = make_texture(arr, cudaFilterModePoint, cudaAddressModeClamp, 0);
    run(tex, unnorm);
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i)
      if (out[i] != point_clamp(img, unnorm[i].x, unnorm[i].y)) bad = i;
    verdict("point/clamp/unnormalized", bad, n, bad < 0 ? 0 : out[bad],
            bad < 0 ? 0 : point_clamp(img, unnorm[bad].x, unnorm[bad].y));

    // Every texel centre through a 2D launch.
    float* d_img;
    checkCudaErrors(cudaMalloc(&d_img, W * H * sizeof(float)));
    dim3 block(16, 8);
    dim3 grid((W + block.x - 1) / block.x, (H + block.y - 1) / block.y);
    copy_through_texture<<<grid, block>>>(tex, d_img, W, H);
    checkCudaErrors(cudaGetLastError());
    std::vector<float> back(W * H);
    checkCudaErrors(cudaMemcpy(back.data(), d_img, W * H * sizeof(float), cudaMemcpyDeviceToHost));
    bad = -1;
    for (int i = 0; i < W * H && bad < 0; ++i) if (back[i] != img[i]) bad = i;
    verdict("texel centres reproduce the image", bad, W * H, bad < 0 ? 0 : back[bad],
            bad < 0 ? 0 : img[bad]);
    checkCudaErrors(cudaFree(d_img));
    checkCudaErrors(cudaDestroyTextureObject(tex));
  }

  // 2. Point, clamp, normalized coordinates.
  {
    cudaTextureObject_t tex = make_texture(arr, cudaFilterModePoint, cudaAddressModeClamp, 1);
    run(tex, norm);
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i)
      if (out[i] != point_clamp(img, norm[i].x * W, norm[i].y * H)) bad = i;
    verdict("point/clamp/normalized", bad, n, bad < 0 ? 0 : out[bad],
            bad < 0 ? 0 : point_clamp(img, norm[bad].x * W, norm[bad].y * H));
    checkCudaErrors(cudaDestroyTextureObject(tex));
  }

  // 3. Point, wrap, normalized coordinates.
  {
    cudaTextureObject_t tex = make_texture(arr, cudaFilterModePoint, cudaAddressModeWrap, 1);
    run(tex, wrapc);
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i)
      if (out[i] != point_wrap(img, wrapc[i].x, wrapc[i].y)) bad = i;
    verdict("point/wrap/normalized", bad, n, bad < 0 ? 0 : out[bad],
            bad < 0 ? 0 : point_wrap(img, wrapc[bad].x, wrapc[bad].y));
    checkCudaErrors(cudaDestroyTextureObject(tex));
  }

  // 4. Linear, clamp, unnormalized: within 1e-2 of exact bilinear interpolation.
  {
    cudaTextureObject_t tex = make_texture(arr, cudaFilterModeLinear, cudaAddressModeClamp, 0);
    std::vector<float2> lc(n);
    for (int i = 0; i < n; ++i) {
      float x = -2.0f + static_cast<float>((i * 41) % 1088) / 16.0f + 0.03125f;
      float y = -2.0f + static_cast<float>((i * 23) % 576) / 16.0f + 0.03125f;
      lc[i] = make_float2(x, y);
    }
    run(tex, lc);
    int bad = -1;
    for (int i = 0; i < n && bad < 0; ++i)
      if (std::fabs(out[i] - bilinear_clamp(img, lc[i].x, lc[i].y)) > 1e-2f) bad = i;
    verdict("linear/clamp/unnormalized within 1e-2", bad, n, bad < 0 ? 0 : out[bad],
            bad < 0 ? 0 : bilinear_clamp(img, lc[bad].x, lc[bad].y));
    checkCudaErrors(cudaDestroyTextureObject(tex));
  }

  checkCudaErrors(cudaFree(d_coords));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFreeArray(arr));
  std::printf("style_texture_objects: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
