// Probe of the trilinear filter weights: a 2x2x2 float texture holding 1.0 at one corner and 0
// elsewhere, fetched with linear filtering at x = 0.5 + a/256 (and likewise y, z), returns that
// corner's weight exactly. Writes weights.u32 (8 corners x 4096 random (a, b, c), the fetched
// float bits) and abc.u32 (a | b << 9 | c << 18 per sample) with loomCaseOutput.
#include <cstdint>
#include <cstdio>
#include <cstring>
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

__global__ void fetch(cudaTextureObject_t t, const float4* c, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex3D<float>(t, c[i].x, c[i].y, c[i].z);
}

int main() {
  const int n = 4096;
  std::vector<uint32_t> abc(n);
  std::vector<float4> coords(n);
  uint64_t s = 12345;
  for (int i = 0; i < n; ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t a = (uint32_t)(s >> 33) % 257, b = (uint32_t)(s >> 42) % 257, c = (uint32_t)(s >> 51) % 257;
    if (a == 256) a = 255;
    if (b == 256) b = 128;
    if (c == 256) c = 64;
    abc[i] = a | b << 9 | c << 18;
    coords[i] = make_float4(0.5f + a / 256.0f, 0.5f + b / 256.0f, 0.5f + c / 256.0f, 0.0f);
  }
  float4* dc;
  float* dout;
  CHECK(cudaMalloc(&dc, n * sizeof(float4)));
  CHECK(cudaMalloc(&dout, n * sizeof(float)));
  CHECK(cudaMemcpy(dc, coords.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t arr;
  CHECK(cudaMalloc3DArray(&arr, &desc, make_cudaExtent(2, 2, 2), 0));
  std::vector<uint32_t> weights;
  for (int corner = 0; corner < 8; ++corner) {
    float texels[8] = {};
    texels[corner] = 1.0f;  // index x + 2y + 4z
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(texels, 2 * sizeof(float), 2, 2);
    p.dstArray = arr;
    p.extent = make_cudaExtent(2, 2, 2);
    p.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&p));
    cudaResourceDesc res;
    memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = arr;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    cudaTextureObject_t t;
    CHECK(cudaCreateTextureObject(&t, &res, &td, nullptr));
    fetch<<<n / 128, 128>>>(t, dc, dout, n);
    CHECK(cudaDeviceSynchronize());
    std::vector<float> out(n);
    CHECK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (float f : out) {
      uint32_t b;
      memcpy(&b, &f, 4);
      weights.push_back(b);
    }
    CHECK(cudaDestroyTextureObject(t));
  }
  loomCaseOutput("weights", weights.data(), weights.size());
  loomCaseOutput("abc", abc.data(), abc.size());
  printf("trilinear weights: %d samples x 8 corners\n", n);
  return 0;
}
