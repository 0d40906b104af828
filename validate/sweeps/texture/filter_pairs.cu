// Probe of the open filtering rules: linear filtering between two texels (v, 0), (0, v) and
// random pairs, at every 8-bit weight. Part s8: signed 8-bit normalized texels; part srgb: sRGB
// 8-bit texels (red channel). Each texel pair sits at texels 2k, 2k+1 of a 1D texture, fetched at
// x = 2k + 1 + a/256 (weight a on texel 2k+1). Writes results.u32 (float bits) and pairs.u32
// (v0 | v1 << 8 | a << 16 per fetch). Also prints how cudaGetTextureObjectTextureDesc reads
// border colours back.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../../include/loom_case.h"

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorName(e_));         \
      return 2;                                                                \
    }                                                                          \
  } while (0)

__global__ void fetch(cudaTextureObject_t t, const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<float4>(t, x[i]).x;
}

int main(int argc, char** argv) {
  std::string part = argc > 1 ? argv[1] : "s8";
  if (part == "border") {
    const float values[] = {0.5f, 0.25f, 1.0f, -2.0f, 3.0f, 0.1f};
    cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &d, 4));
    cudaResourceDesc res;
    memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = a;
    for (float v : values) {
      cudaTextureDesc td;
      memset(&td, 0, sizeof td);
      td.addressMode[0] = cudaAddressModeBorder;
      for (int c = 0; c < 4; ++c) td.borderColor[c] = v * (c + 1);
      cudaTextureObject_t t;
      CHECK(cudaCreateTextureObject(&t, &res, &td, nullptr));
      cudaTextureDesc back;
      CHECK(cudaGetTextureObjectTextureDesc(&back, t));
      uint32_t b[4];
      memcpy(b, back.borderColor, 16);
      printf("border %g: %08x %08x %08x %08x\n", v, b[0], b[1], b[2], b[3]);
      CHECK(cudaDestroyTextureObject(t));
    }
    return 0;
  }
  bool s8 = part == "s8";
  // Pairs: (v, 0) and (0, v) for every v, then 256 random pairs; every weight for each.
  std::vector<uint8_t> texels;
  for (int v = 0; v < 256; ++v) { texels.push_back((uint8_t)v); texels.push_back(0); }
  for (int v = 0; v < 256; ++v) { texels.push_back(0); texels.push_back((uint8_t)v); }
  uint64_t s = 99;
  for (int k = 0; k < 256; ++k) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    texels.push_back((uint8_t)(s >> 40));
    texels.push_back((uint8_t)(s >> 50));
  }
  int pairs = (int)texels.size() / 2;
  std::vector<float> xs;
  std::vector<uint32_t> meta;
  for (int k = 0; k < pairs; ++k)
    for (int a = 0; a < 256; ++a) {
      xs.push_back((float)(2 * k + 1) + (float)a / 256.0f);
      meta.push_back(texels[2 * k] | texels[2 * k + 1] << 8 | (uint32_t)a << 16);
    }
  int n = (int)xs.size();
  std::vector<uint8_t> rgba(texels.size() * 4);
  for (size_t i = 0; i < texels.size(); ++i) {
    rgba[4 * i] = texels[i];
    rgba[4 * i + 3] = 255;
  }
  cudaChannelFormatDesc d = s8 ? cudaCreateChannelDesc<char1>() : cudaCreateChannelDesc<uchar4>();
  cudaArray_t arr;
  CHECK(cudaMallocArray(&arr, &d, texels.size()));
  if (s8) CHECK(cudaMemcpy2DToArray(arr, 0, 0, texels.data(), texels.size(), texels.size(), 1, cudaMemcpyHostToDevice));
  else CHECK(cudaMemcpy2DToArray(arr, 0, 0, rgba.data(), rgba.size(), rgba.size(), 1, cudaMemcpyHostToDevice));
  cudaResourceDesc res;
  memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeNormalizedFloat;
  td.sRGB = s8 ? 0 : 1;
  cudaTextureObject_t t;
  CHECK(cudaCreateTextureObject(&t, &res, &td, nullptr));
  float *dx, *dout;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dout, n * sizeof(float)));
  CHECK(cudaMemcpy(dx, xs.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  fetch<<<(n + 255) / 256, 256>>>(t, dx, dout, n);
  CHECK(cudaDeviceSynchronize());
  std::vector<uint32_t> out(n);
  CHECK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  loomCaseOutput("results", out.data(), out.size());
  loomCaseOutput("pairs", meta.data(), meta.size());
  printf("%s: %d fetches\n", part.c_str(), n);
  return 0;
}
