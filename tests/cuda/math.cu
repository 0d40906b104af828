// The CUDA math library in device code under Loom: kernels calling sinf, log10f, exp, sin(float),
// rsqrtf, __expf, hsin, ... get the device's results, host code keeps the C library's. Expected
// values are the H100's answers (validate/results/h100-sm90/isa.*: inputs where the host's
// C library answers differently), CUDA's documented special values, and the device's canonical
// NaNs (HARDWARE_NOTES.md). Built twice: as is (cuda.math) and with LOOM_FAST_MATH=1, as
// loom-cc --use_fast_math compiles it (cuda.math_fast), where nvcc maps sinf to __sinf etc.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstring>

#include "conformance.h"

namespace {

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
uint64_t bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

__global__ void floatFunctions(const float* x, float* y) {
  y[0] = sinf(x[0]);
  y[1] = log10f(x[1]);
  y[2] = sin(x[0]);  // CUDA's float overload: sinf
  y[3] = sqrtf(x[2]);
  y[4] = rsqrtf(x[3]);
  y[5] = erfinvf(x[4]);
  y[6] = normcdfinvf(x[5]);
  y[7] = __expf(x[6]);
  y[8] = __sinf(x[0]);
  y[9] = logf(x[7]);
  float s, c;
  sincosf(x[0], &s, &c);
  y[10] = s;
  y[11] = c;
  y[12] = cosf(x[0]);
}

__global__ void doubleFunctions(const double* x, double* y) {
  y[0] = exp(x[0]);
  y[1] = sqrt(x[1]);
  y[2] = erfcinv(x[2]);
}

__global__ void narrowFunctions(__half* h, __nv_bfloat16* b) {
  h[0] = hsin(h[0]);
  b[0] = hexp(b[0]);
}

}  // namespace

#if defined(LOOM_FAST_MATH) && LOOM_FAST_MATH
constexpr bool kFastMath = true;
#else
constexpr bool kFastMath = false;
#endif

int main() {
  const bool fast = kFastMath;
  const float xs[8] = {-0x1.9c876cp-3f, 0x1.d1222ap+1f, -1.0f, 4.0f, 1.0f, 0.5f, 0x1.e91bp+1f, 1e-40f};
  float *dx, *dy;
  CK(cudaMalloc(&dx, sizeof xs));
  CK(cudaMalloc(&dy, 13 * sizeof(float)));
  CK(cudaMemcpy(dx, xs, sizeof xs, cudaMemcpyHostToDevice));
  floatFunctions<<<1, 1>>>(dx, dy);
  CK_LAUNCH();
  float y[13];
  CK(cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost));

  if (!fast) {
    check("sinf_is_the_devices", y[0] == -0x1.99beb6p-3f, "got %a", y[0]);
    check("log10f_is_the_devices", y[1] == 0x1.1ee88p-1f, "got %a", y[1]);
    check("sin_float_overload_is_sinf", bits(y[2]) == bits(y[0]), "got %a", y[2]);
    check("sincosf_is_sinf_and_cosf", bits(y[10]) == bits(y[0]) && bits(y[11]) == bits(y[12]));
    check("logf_keeps_subnormals", y[9] > -93.0f && y[9] < -92.0f, "got %a", y[9]);
  } else {
    // --use_fast_math: sinf is __sinf, logf is __logf with subnormals flushed (-ftz=true).
    check("fast_sinf_is___sinf", bits(y[0]) == bits(y[8]), "sinf %a __sinf %a", y[0], y[8]);
    check("fast_logf_flushes_subnormals", std::isinf(y[9]) && y[9] < 0, "got %a", y[9]);
  }
  check("sqrtf_of_negative_is_canonical_nan", bits(y[3]) == 0x7fffffffu, "got %08x", bits(y[3]));
  check("rsqrtf_of_4", y[4] == 0.5f, "got %a", y[4]);
  check("erfinvf_of_1_is_inf", std::isinf(y[5]) && y[5] > 0, "got %a", y[5]);
  check("normcdfinvf_of_half_is_0", y[6] == 0.0f, "got %a", y[6]);
  check("__expf_is_the_devices", y[7] == 0x1.6d3f9cp+5f, "got %a", y[7]);
  // Host code keeps the C library: x86's default NaN, not the device's.
  volatile float minusOne = -1.0f;
  check("host_sqrtf_is_the_c_librarys", bits(sqrtf(minusOne)) == 0xffc00000u, "got %08x",
        bits(sqrtf(minusOne)));

  const double xd[3] = {0x1.40b1f6623fe63p+5, -1.0, 0.0};
  double *ddx, *ddy;
  CK(cudaMalloc(&ddx, sizeof xd));
  CK(cudaMalloc(&ddy, sizeof xd));
  CK(cudaMemcpy(ddx, xd, sizeof xd, cudaMemcpyHostToDevice));
  doubleFunctions<<<1, 1>>>(ddx, ddy);
  CK_LAUNCH();
  double yd[3];
  CK(cudaMemcpy(yd, ddy, sizeof yd, cudaMemcpyDeviceToHost));
  check("exp_is_the_devices", yd[0] == 0x1.c8164e624830ap+57, "got %a", yd[0]);
  check("sqrt_of_negative_is_the_devices_nan", bits(yd[1]) == 0xfff8000000000000ull, "got %016llx",
        (unsigned long long)bits(yd[1]));
  check("erfcinv_of_0_is_inf", std::isinf(yd[2]) && yd[2] > 0, "got %a", yd[2]);

  __half* dh;
  __nv_bfloat16* db;
  CK(cudaMalloc(&dh, sizeof(__half)));
  CK(cudaMalloc(&db, sizeof(__nv_bfloat16)));
  const __half h1 = __float2half(1.0f);
  const __nv_bfloat16 b1 = __float2bfloat16(1.0f);
  CK(cudaMemcpy(dh, &h1, sizeof h1, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, &b1, sizeof b1, cudaMemcpyHostToDevice));
  narrowFunctions<<<1, 1>>>(dh, db);
  CK_LAUNCH();
  __half h;
  __nv_bfloat16 b;
  CK(cudaMemcpy(&h, dh, sizeof h, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&b, db, sizeof b, cudaMemcpyDeviceToHost));
  check("hsin_of_1", __half_as_ushort(h) == 0x3abb, "got %04x", __half_as_ushort(h));
  check("bf16_hexp_of_1", __bfloat16_as_ushort(b) == 0x402e, "got %04x", __bfloat16_as_ushort(b));
  return g_failures == 0 ? 0 : 1;
}
