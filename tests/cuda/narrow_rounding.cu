// Conformance test: rounding of __half and __nv_bfloat16 to integral values (cuda_fp16.h and
// cuda_bf16.h: hceil, hfloor, hrint, htrunc and their h2 forms). CUDA documents them as
// ceil/floor/rint/trunc of the 16-bit value: the result is integral and representable, rint
// rounds halfway cases to even, and a negative value that rounds to zero gives -0.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>

#include "conformance.h"

constexpr int kInputs = 8;
constexpr int kFns = 4;  // ceil, floor, rint, trunc

__global__ void roundHalf(const __half* in, __half* out) {
  int i = threadIdx.x;
  out[0 * kInputs + i] = hceil(in[i]);
  out[1 * kInputs + i] = hfloor(in[i]);
  out[2 * kInputs + i] = hrint(in[i]);
  out[3 * kInputs + i] = htrunc(in[i]);
}

__global__ void roundHalf2(const __half2* in, __half2* out) {
  int i = threadIdx.x;
  out[0 * kInputs / 2 + i] = h2ceil(in[i]);
  out[1 * kInputs / 2 + i] = h2floor(in[i]);
  out[2 * kInputs / 2 + i] = h2rint(in[i]);
  out[3 * kInputs / 2 + i] = h2trunc(in[i]);
}

__global__ void roundBf16(const __nv_bfloat16* in, __nv_bfloat16* out) {
  int i = threadIdx.x;
  out[0 * kInputs + i] = hceil(in[i]);
  out[1 * kInputs + i] = hfloor(in[i]);
  out[2 * kInputs + i] = hrint(in[i]);
  out[3 * kInputs + i] = htrunc(in[i]);
}

int main() {
  const float inputs[kInputs] = {2.5f, -2.5f, 3.5f, -0.25f, 1.75f, -1.75f, 1024.0f, 0.5f};
  // ceil, floor, rint (to even), trunc of each input.
  const float expected[kFns][kInputs] = {
      {3.0f, -2.0f, 4.0f, -0.0f, 2.0f, -1.0f, 1024.0f, 1.0f},
      {2.0f, -3.0f, 3.0f, -1.0f, 1.0f, -2.0f, 1024.0f, 0.0f},
      {2.0f, -2.0f, 4.0f, -0.0f, 2.0f, -2.0f, 1024.0f, 0.0f},
      {2.0f, -2.0f, 3.0f, -0.0f, 1.0f, -1.0f, 1024.0f, 0.0f},
  };
  const char* names[kFns] = {"ceil", "floor", "rint", "trunc"};

  __half *hin, *hout, *h2out;
  __nv_bfloat16 *bin, *bout;
  CK(cudaMallocManaged(&hin, kInputs * sizeof(__half)));
  CK(cudaMallocManaged(&hout, kFns * kInputs * sizeof(__half)));
  CK(cudaMallocManaged(&h2out, kFns * kInputs * sizeof(__half)));
  CK(cudaMallocManaged(&bin, kInputs * sizeof(__nv_bfloat16)));
  CK(cudaMallocManaged(&bout, kFns * kInputs * sizeof(__nv_bfloat16)));
  for (int i = 0; i < kInputs; ++i) {
    hin[i] = __float2half(inputs[i]);
    bin[i] = __float2bfloat16(inputs[i]);
  }
  roundHalf<<<1, kInputs>>>(hin, hout);
  CK_LAUNCH();
  roundHalf2<<<1, kInputs / 2>>>(reinterpret_cast<const __half2*>(hin), reinterpret_cast<__half2*>(h2out));
  CK_LAUNCH();
  roundBf16<<<1, kInputs>>>(bin, bout);
  CK_LAUNCH();

  for (int f = 0; f < kFns; ++f) {
    int badH = 0, badH2 = 0, badB = 0;
    for (int i = 0; i < kInputs; ++i) {
      float want = expected[f][i];
      float h = __half2float(hout[f * kInputs + i]), h2 = __half2float(h2out[f * kInputs + i]);
      float b = __bfloat162float(bout[f * kInputs + i]);
      // Same value and same sign (-0 stays -0).
      badH += h != want || std::signbit(h) != std::signbit(want);
      badH2 += h2 != want || std::signbit(h2) != std::signbit(want);
      badB += b != want || std::signbit(b) != std::signbit(want);
    }
    char name[64];
    std::snprintf(name, sizeof name, "half_%s", names[f]);
    check(name, badH == 0, "%d inputs differ", badH);
    std::snprintf(name, sizeof name, "half2_%s", names[f]);
    check(name, badH2 == 0, "%d inputs differ", badH2);
    std::snprintf(name, sizeof name, "bfloat16_%s", names[f]);
    check(name, badB == 0, "%d inputs differ", badB);
  }
  for (void* p : {(void*)hin, (void*)hout, (void*)h2out, (void*)bin, (void*)bout}) CK(cudaFree(p));
  return finish("narrow_rounding");
}
