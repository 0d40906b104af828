// Built against an installed Loom: a kernel with a branch in a loop, its result against a CPU
// reference, and lockstep's load requests (one per iteration once the warp meets after the
// branch) from the C++ API.
#include <cuda_runtime.h>
#include <loom/report.h>

#include <cstdio>

__global__ void oddSums(const int* a, int* out, int iterations) {
  int l = threadIdx.x, s = 0;
  for (int k = 0; k < iterations; ++k) {
    int v = a[k * 32 + l];
    if (v & 1) s += v;
  }
  out[l] = s;
}

int main() {
  constexpr int kIterations = 8;
  int host[kIterations * 32], want[32] = {}, got[32];
  for (int i = 0; i < kIterations * 32; ++i) host[i] = (i * 37) % 101;
  for (int i = 0; i < kIterations * 32; ++i)
    if (host[i] & 1) want[i % 32] += host[i];
  int *a, *out;
  cudaMalloc(&a, sizeof host);
  cudaMalloc(&out, sizeof got);
  cudaMemcpy(a, host, sizeof host, cudaMemcpyHostToDevice);
  loom::setCountersEnabled(true);
  oddSums<<<1, 32>>>(a, out, kIterations);
  cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
  bool ok = cudaGetLastError() == cudaSuccess;
  for (int l = 0; l < 32; ++l) ok = ok && got[l] == want[l];
  auto requests = loom::launchReports().back().metric(loom::metric::globalLoadRequests);
  ok = ok && requests == kIterations;
  std::printf("install_app: %s (load requests %llu)\n", ok ? "PASS" : "FAIL", (unsigned long long)requests);
  cudaFree(a);
  cudaFree(out);
  return ok ? 0 : 1;
}
