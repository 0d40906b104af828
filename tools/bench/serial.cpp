// The baselines: plain serial C++ loops doing the same work as the kernels, same summation
// order within a block as the tree reduction.
#include <chrono>
#include <vector>

#include "workloads.h"

namespace bench {

namespace {
template <class F>
double timed(F f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}
}  // namespace

double serialVectorAdd(const float* a, const float* b, float* c, std::size_t n) {
  return timed([&] {
    for (std::size_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
  });
}

double serialBlockReduce(const float* in, float* blockSums, std::size_t n, unsigned block) {
  std::vector<float> s(block);
  return timed([&] {
    for (std::size_t base = 0, b = 0; base < n; base += block, ++b) {
      for (unsigned t = 0; t < block; ++t) s[t] = base + t < n ? in[base + t] : 0.0f;
      for (unsigned stride = block / 2; stride > 0; stride >>= 1)
        for (unsigned t = 0; t < stride; ++t) s[t] += s[t + stride];
      blockSums[b] = s[0];
    }
  });
}

}  // namespace bench
