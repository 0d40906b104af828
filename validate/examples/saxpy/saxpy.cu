// A user's kernel as a validation case (validate/README.md, "Your own kernel"): y = a*x + y twice,
// once with an explicit fused multiply-add and once written as a*x + y (nvcc contracts that into
// an FMA, a host compiler without FMA instructions rounds twice: up to 1 ulp apart), plus a
// histogram of the results' fractional bits with atomicAdd. It writes its buffers with loom_case.h and
// prints a checksum; it does not check itself: loom-diff compares it with the device's record.
#include <cstdio>
#include <cstdint>
#include <vector>

#include "loom_case.h"

__global__ void saxpy(int n, float a, const float* x, const float* y, float* fused, float* contracted,
                      unsigned* histogram) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  fused[i] = fmaf(a, x[i], y[i]);
  contracted[i] = a * x[i] + y[i];
  atomicAdd(&histogram[static_cast<unsigned>(fused[i] * 1024.0f) & 15u], 1u);
}

int main() {
  const int n = 1 << 14;
  std::vector<float> x(n), y(n);
  std::uint32_t state = 12345;  // inputs from a fixed seed (xorshift), positive: no cancellation
  auto next = [&] {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return (state >> 8) * (1.0f / 16777216.0f);
  };
  for (int i = 0; i < n; ++i) {
    x[i] = next() * 100.0f;
    y[i] = next();
  }
  float *dx, *dy, *dFused, *dContracted;
  unsigned* dHist;
  cudaMalloc(&dx, n * sizeof(float));
  cudaMalloc(&dy, n * sizeof(float));
  cudaMalloc(&dFused, n * sizeof(float));
  cudaMalloc(&dContracted, n * sizeof(float));
  cudaMalloc(&dHist, 16 * sizeof(unsigned));
  cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dHist, 0, 16 * sizeof(unsigned));
  saxpy<<<(n + 255) / 256, 256>>>(n, 1.7f, dx, dy, dFused, dContracted, dHist);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("saxpy: %s\n", cudaGetErrorName(err));
  std::vector<float> fused(n), contracted(n);
  std::vector<unsigned> hist(16);
  cudaMemcpy(fused.data(), dFused, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(contracted.data(), dContracted, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaMemcpy(hist.data(), dHist, 16 * sizeof(unsigned), cudaMemcpyDeviceToHost);
  double sum = 0;
  for (float v : fused) sum += v;
  std::printf("checksum of fused: %.6f\n", sum);
  loomCaseOutput("fused", fused.data(), n);
  loomCaseOutput("contracted", contracted.data(), n);
  loomCaseOutput("histogram", hist.data(), 16);
  return err == cudaSuccess ? 0 : 1;
}
