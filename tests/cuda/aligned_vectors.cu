// Conformance test: CUDA 13's vector types of four 8-byte elements with an explicit alignment
// (vector_types.h, vector_functions.h): sizes, alignments, make_* and whole copies in device code.
// Apart from tests/cuda/alignment.cu, whose output the H100 recorded.
#include <cuda_runtime.h>

#include "conformance.h"

// CUDA 13's explicitly aligned vectors of four 8-byte elements (vector_types.h): the `_16a`
// forms have the 16-byte alignment of the deprecated double4/long4, the `_32a` forms 32, their
// size; make_* builds them, and device code copies them whole.
static_assert(sizeof(double4_16a) == 32 && alignof(double4_16a) == 16, "double4_16a");
static_assert(sizeof(double4_32a) == 32 && alignof(double4_32a) == 32, "double4_32a");
static_assert(alignof(long4_16a) == 16 && alignof(long4_32a) == 32, "long4");
static_assert(alignof(ulong4_16a) == 16 && alignof(ulong4_32a) == 32, "ulong4");
static_assert(alignof(longlong4_16a) == 16 && alignof(longlong4_32a) == 32, "longlong4");
static_assert(alignof(ulonglong4_16a) == 16 && alignof(ulonglong4_32a) == 32, "ulonglong4");

__global__ void alignedVectors(const double4_32a* in, double4_32a* out, longlong4_16a* ll, ulonglong4_32a* ull) {
  unsigned t = threadIdx.x;
  double4_32a v = in[t];
  out[t] = make_double4_32a(v.w, v.z, v.y, v.x);
  ll[t] = make_longlong4_16a(-1LL * t, 2, 3, 4);
  ull[t] = make_ulonglong4_32a(t, t + 1, t + 2, ~0ull);
}

int main() {
  double4_32a *vin, *vout;
  longlong4_16a* ll;
  ulonglong4_32a* ull;
  CK(cudaMallocManaged(&vin, 4 * sizeof(double4_32a)));
  CK(cudaMallocManaged(&vout, 4 * sizeof(double4_32a)));
  CK(cudaMallocManaged(&ll, 4 * sizeof(longlong4_16a)));
  CK(cudaMallocManaged(&ull, 4 * sizeof(ulonglong4_32a)));
  for (int i = 0; i < 4; ++i) vin[i] = make_double4_32a(i, i + 0.5, i + 0.25, i + 0.125);
  alignedVectors<<<1, 4>>>(vin, vout, ll, ull);
  CK_LAUNCH();
  bool vecOk = true;
  for (int i = 0; i < 4; ++i) {
    vecOk = vecOk && vout[i].x == i + 0.125 && vout[i].y == i + 0.25 && vout[i].z == i + 0.5 && vout[i].w == i;
    vecOk = vecOk && ll[i].x == -i && ll[i].w == 4 && ull[i].x == (unsigned long long)i && ull[i].w == ~0ull;
  }
  check("aligned_vectors_16a_32a", vecOk);
  for (void* p : {(void*)vin, (void*)vout, (void*)ll, (void*)ull}) CK(cudaFree(p));

  return finish("aligned_vectors");
}
