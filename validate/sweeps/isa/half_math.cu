// The device sweep of isa/table/half_math.def (validate/cases/isa.half_math.case.json): each
// half and bfloat16 math function over all 65536 encodings, each h2 form over 4096 random
// pairs; outputs written with loom_case.h as raw encodings.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <cstring>

#include "math_sweep.h"

namespace {


template <class Fn, class T> __global__ void narrowKernel(const T* x, T* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = Fn()(x[i]);
}

std::vector<uint16_t> allEncodings() {
  std::vector<uint16_t> v(65536);
  for (size_t i = 0; i < v.size(); ++i) v[i] = uint16_t(i);
  return v;
}
std::vector<uint16_t> pairEncodings() {
  loom_sweep::Rng rng{loom_sweep::seedOf("h2")};
  std::vector<uint16_t> v(2 * 4096);
  for (auto& e : v) e = uint16_t(rng.next());
  return v;
}

// Runs Fn over the encodings (as element type T, sizeof(T) * per == 2 * per bytes each).
template <class Fn, class T> void runNarrow(const std::string& name, const std::vector<uint16_t>& in) {
  const size_t n = in.size() * 2 / sizeof(T);
  std::vector<T> x(n);
  std::memcpy(x.data(), in.data(), in.size() * 2);
  T* dx = loom_sweep::upload(x);
  T* dy = loom_sweep::deviceBuffer<T>(n);
  narrowKernel<Fn, T><<<loom_sweep::blocks(n), 256>>>(dx, dy, int(n));
  const std::vector<T> y = loom_sweep::download(dy, n);
  std::vector<uint16_t> out(in.size());
  std::memcpy(out.data(), y.data(), out.size() * 2);
  loom_sweep::report(name.c_str(), in);
  loomCaseOutputAs(name.c_str(), name.rfind("half_", 0) == 0 ? "f16" : "bf16", out.data(), out.size());
  cudaFree(dx);
  cudaFree(dy);
}

}  // namespace

#define LOOM_HALF_MATH(Format, T, name, h2name, isaFn, floorPct)                              \
  struct Fn_##Format##_##name {                                                               \
    __device__ T operator()(T x) const { return name(x); }                                    \
  };                                                                                          \
  struct Fn_##Format##_##h2name {                                                             \
    __device__ T##2 operator()(T##2 x) const { return h2name(x); }                            \
  };
#include "../../../isa/table/half_math.def"
#undef LOOM_HALF_MATH

int main() {
  const std::vector<uint16_t> all = allEncodings(), pairs = pairEncodings();
#define LOOM_HALF_MATH(Format, T, name, h2name, isaFn, floorPct)                              \
  runNarrow<Fn_##Format##_##name, T>(                                                         \
      std::string(sizeof(#Format) == sizeof("HalfFormat") ? "half_" : "bf16_") + #name, all); \
  runNarrow<Fn_##Format##_##h2name, T##2>(                                                    \
      std::string(sizeof(#Format) == sizeof("HalfFormat") ? "half_" : "bf16_") + #h2name, pairs);
#include "../../../isa/table/half_math.def"
  return 0;
}
