// Kernels in a shared library (compiled with -fPIC): their access gates reach the engine through
// the GOT and their thread indices through initial-exec TLS (loom/core/engine_tls.h,
// tools/loom-cc/inline_hooks.h). shared_library_main.cpp, a plain C++ program, calls runCase.
//   values:     a vector add: every thread's sum, and the gates let it run in fast mode
//   counters:   the same with counters on: the gates send every access to lockstep (32 threads,
//               one 4-byte load per array, 4 sectors each), which a closed gate would hide
//   misaligned: a 4-byte load at an odd address fails with cudaErrorMisalignedAddress
#include <cstdio>
#include <cstring>

#include "loom/report.h"

__global__ void add(const float* a, const float* b, float* c) {
  unsigned i = threadIdx.x;
  c[i] = a[i] + b[i];
}

__global__ void misaligned(const char* p, int* out) { *out = *reinterpret_cast<const int*>(p + 1); }

extern "C" int runCase(const char* mode) {
  float h[3][32];
  for (int i = 0; i < 32; ++i) h[0][i] = float(i), h[1][i] = float(100 * i);
  float *a, *b, *c;
  cudaMalloc(&a, sizeof h[0]);
  cudaMalloc(&b, sizeof h[0]);
  cudaMalloc(&c, sizeof h[0]);
  cudaMemcpy(a, h[0], sizeof h[0], cudaMemcpyHostToDevice);
  cudaMemcpy(b, h[1], sizeof h[1], cudaMemcpyHostToDevice);
  if (!std::strcmp(mode, "misaligned")) {
    int* out;
    cudaMalloc(&out, sizeof(int));
    misaligned<<<1, 1>>>(reinterpret_cast<const char*>(a), out);
    std::printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
  }
  const bool counters = !std::strcmp(mode, "counters");
  loom::setCountersEnabled(counters);
  add<<<1, 32>>>(a, b, c);
  std::printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(h[2], c, sizeof h[2], cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += h[2][i] != float(101 * i);
  std::printf("wrong %d\n", wrong);
  if (counters) {
    loom::LaunchReport r = loom::launchReports().at(0);
    std::printf("load sectors %llu requests %llu\n",
                static_cast<unsigned long long>(r.metric(loom::metric::globalLoadSectors)),
                static_cast<unsigned long long>(r.metric(loom::metric::globalLoadRequests)));
  }
  return 0;
}
