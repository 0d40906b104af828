// math_constants.h's constants and fdividef, as device code sees them. No expectation is written
// here: every line is compared with the H100's (validate/results/h100-sm90/tests.cuda.math_constants),
// where nvcc's own math_constants.h gives the values. Each constant is read in a kernel and
// printed by its bits; fdividef runs on inputs where __fdividef's result differs from a / b.
#include <cuda_runtime.h>
#include <math_constants.h>

#include <cstdio>
#include <cstring>

#include "conformance.h"

#define FLOAT_CONSTANTS(X) \
  X(CUDART_INF_F) \
  X(CUDART_NAN_F) \
  X(CUDART_MIN_DENORM_F) \
  X(CUDART_MAX_NORMAL_F) \
  X(CUDART_NEG_ZERO_F) \
  X(CUDART_ZERO_F) \
  X(CUDART_ONE_F) \
  X(CUDART_SQRT_HALF_F) \
  X(CUDART_SQRT_HALF_HI_F) \
  X(CUDART_SQRT_HALF_LO_F) \
  X(CUDART_SQRT_TWO_F) \
  X(CUDART_THIRD_F) \
  X(CUDART_PIO4_F) \
  X(CUDART_PIO2_F) \
  X(CUDART_3PIO4_F) \
  X(CUDART_2_OVER_PI_F) \
  X(CUDART_SQRT_2_OVER_PI_F) \
  X(CUDART_PI_F) \
  X(CUDART_L2E_F) \
  X(CUDART_L2T_F) \
  X(CUDART_LG2_F) \
  X(CUDART_LGE_F) \
  X(CUDART_LN2_F) \
  X(CUDART_LNT_F) \
  X(CUDART_LNPI_F) \
  X(CUDART_TWO_TO_M126_F) \
  X(CUDART_TWO_TO_126_F) \
  X(CUDART_NORM_HUGE_F) \
  X(CUDART_TWO_TO_23_F) \
  X(CUDART_TWO_TO_24_F) \
  X(CUDART_TWO_TO_31_F) \
  X(CUDART_TWO_TO_32_F) \
  X(CUDART_TRIG_PLOSS_F)

#define DOUBLE_CONSTANTS(X) \
  X(CUDART_INF) \
  X(CUDART_NAN) \
  X(CUDART_NEG_ZERO) \
  X(CUDART_MIN_DENORM) \
  X(CUDART_ZERO) \
  X(CUDART_ONE) \
  X(CUDART_SQRT_TWO) \
  X(CUDART_SQRT_HALF) \
  X(CUDART_SQRT_HALF_HI) \
  X(CUDART_SQRT_HALF_LO) \
  X(CUDART_THIRD) \
  X(CUDART_TWOTHIRD) \
  X(CUDART_PIO4) \
  X(CUDART_PIO4_HI) \
  X(CUDART_PIO4_LO) \
  X(CUDART_PIO2) \
  X(CUDART_PIO2_HI) \
  X(CUDART_PIO2_LO) \
  X(CUDART_3PIO4) \
  X(CUDART_2_OVER_PI) \
  X(CUDART_PI) \
  X(CUDART_PI_HI) \
  X(CUDART_PI_LO) \
  X(CUDART_SQRT_2PI) \
  X(CUDART_SQRT_2PI_HI) \
  X(CUDART_SQRT_2PI_LO) \
  X(CUDART_SQRT_PIO2) \
  X(CUDART_SQRT_PIO2_HI) \
  X(CUDART_SQRT_PIO2_LO) \
  X(CUDART_SQRT_2OPI) \
  X(CUDART_L2E) \
  X(CUDART_L2E_HI) \
  X(CUDART_L2E_LO) \
  X(CUDART_L2T) \
  X(CUDART_LG2) \
  X(CUDART_LG2_HI) \
  X(CUDART_LG2_LO) \
  X(CUDART_LGE) \
  X(CUDART_LGE_HI) \
  X(CUDART_LGE_LO) \
  X(CUDART_LN2) \
  X(CUDART_LN2_HI) \
  X(CUDART_LN2_LO) \
  X(CUDART_LNT) \
  X(CUDART_LNT_HI) \
  X(CUDART_LNT_LO) \
  X(CUDART_LNPI) \
  X(CUDART_LN2_X_1024) \
  X(CUDART_LN2_X_1025) \
  X(CUDART_LN2_X_1075) \
  X(CUDART_LG2_X_1024) \
  X(CUDART_LG2_X_1075) \
  X(CUDART_TWO_TO_23) \
  X(CUDART_TWO_TO_52) \
  X(CUDART_TWO_TO_53) \
  X(CUDART_TWO_TO_54) \
  X(CUDART_TWO_TO_M54) \
  X(CUDART_TWO_TO_M1022) \
  X(CUDART_TRIG_PLOSS) \
  X(CUDART_DBL2INT_CVT)

#define STORE(name) out[i++] = name;
#define NAME(name) #name,

__global__ void floatConstants(float* out, int* ints) {
  int i = 0;
  FLOAT_CONSTANTS(STORE)
  ints[0] = CUDART_REMQUO_BITS_F;
  ints[1] = (int)CUDART_REMQUO_MASK_F;
}

__global__ void doubleConstants(double* out) {
  int i = 0;
  DOUBLE_CONSTANTS(STORE)
}

__global__ void divide(const float* x, const float* y, float* q, int n) {
  int i = threadIdx.x;
  if (i < n) q[i] = fdividef(x[i], y[i]);
}

int main() {
  const char* floatNames[] = {FLOAT_CONSTANTS(NAME)};
  const char* doubleNames[] = {DOUBLE_CONSTANTS(NAME)};
  const int nf = sizeof floatNames / sizeof *floatNames, nd = sizeof doubleNames / sizeof *doubleNames;
  float *df, hf[nf];
  double *dd, hd[nd];
  int *di, hi[2];
  CK(cudaMalloc(&df, sizeof hf));
  CK(cudaMalloc(&dd, sizeof hd));
  CK(cudaMalloc(&di, sizeof hi));
  floatConstants<<<1, 1>>>(df, di);
  doubleConstants<<<1, 1>>>(dd);
  CK_LAUNCH();
  CK(cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost));
  for (int i = 0; i < nf; ++i) {
    unsigned b;
    std::memcpy(&b, &hf[i], 4);
    std::printf("%s: 0x%08x\n", floatNames[i], b);
  }
  std::printf("CUDART_REMQUO_BITS_F: %d\nCUDART_REMQUO_MASK_F: %d\n", hi[0], hi[1]);
  for (int i = 0; i < nd; ++i) {
    unsigned long long b;
    std::memcpy(&b, &hd[i], 8);
    std::printf("%s: 0x%016llx\n", doubleNames[i], b);
  }
  // Host code sees the same values (those nvcc's header spells as literals: CUDART_INF and the
  // other bit patterns are device functions there).
  float hostPi = CUDART_PI_F;
  double hostLn2 = CUDART_LN2;
  double deviceLn2 = 0;
  for (int i = 0; i < nd; ++i)
    if (std::strcmp(doubleNames[i], "CUDART_LN2") == 0) deviceLn2 = hd[i];
  check("host_constants", hostPi == hf[17] && hostLn2 == deviceLn2, "pi %a ln2 %a", hostPi, hostLn2);

  // fdividef: IEEE division unless --use_fast_math, where it is __fdividef (0 for a divisor
  // above 2^126, whatever the dividend).
  const int n = 6;
  float hx[n] = {1.0f, 10.0f, 3.0e38f, 1.0e-30f, -7.5f, 1.0f};
  float hy[n] = {3.0f, 0x1.8p127f, 0x1.8p127f, 7.0f, 0.0f, 0x1p-130f};
  float *dx, *dy, *dq, hq[n];
  CK(cudaMalloc(&dx, sizeof hx));
  CK(cudaMalloc(&dy, sizeof hy));
  CK(cudaMalloc(&dq, sizeof hq));
  CK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, hy, sizeof hy, cudaMemcpyHostToDevice));
  divide<<<1, 32>>>(dx, dy, dq, n);
  CK_LAUNCH();
  CK(cudaMemcpy(hq, dq, sizeof hq, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    unsigned b;
    std::memcpy(&b, &hq[i], 4);
    std::printf("fdividef(%a, %a): 0x%08x\n", hx[i], hy[i], b);
  }
  return finish("math_constants");
}
