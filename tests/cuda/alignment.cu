// Conformance test: memory accesses are aligned to their type, not to their size.
//
// The Programming Guide ("Device Memory Accesses", "Size and Alignment Requirement"): global
// memory instructions read words of 1, 2, 4, 8 or 16 bytes that must be naturally aligned; a
// structure is accessed with instructions its alignment allows (a 16-byte structure of 8-byte
// alignment: two 8-byte accesses), while the built-in vector types carry their own alignment
// (float4: 16). So copying a 16-byte, 8-aligned structure from an address that is 8 but not 16
// bytes aligned is correct code, and so are double and int2 accesses at 8-byte boundaries.
// Loom's instrumentation reports a 16-byte aggregate copy like a float4 access; this program
// checks that such correct code runs.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "conformance.h"

struct Pair {  // 16 bytes, alignment 8
  long long key;
  int value;
};
struct Record {  // Pair at offset 8: 8- but not 16-byte aligned in every element
  long long id;
  Pair pair;
};

__global__ void copyPairs(const Record* in, Pair* out) { out[threadIdx.x] = in[threadIdx.x].pair; }

__global__ void copyRecords(const Record* in, Record* out) { out[threadIdx.x] = in[threadIdx.x]; }

// A standard attribute after __shared__, which nvcc accepts (loom-cc moves it in front of the
// declaration, where g++ wants it): both arrays 16-byte aligned after a 3-byte one.
__global__ void sharedAlignas(unsigned* out) {
  __shared__ unsigned char pad[3];
  __shared__ alignas(16) unsigned char bytes[48];
  __shared__ alignas(double2) unsigned char vec[16];
  unsigned t = threadIdx.x;
  pad[t % 3] = 1;
  bytes[t] = (unsigned char)t;
  if (t < 16) vec[t] = (unsigned char)(2 * t);
  __syncthreads();
  if (t == 0) {
    out[0] = (unsigned)(reinterpret_cast<std::uintptr_t>(bytes) % 16);
    out[1] = (unsigned)(reinterpret_cast<std::uintptr_t>(vec) % 16);
    unsigned sum = pad[0] + pad[1] + pad[2];
    for (int i = 0; i < 48; ++i) sum += bytes[i];
    for (int i = 0; i < 16; ++i) sum += vec[i];
    out[2] = sum;
  }
}

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
  const int n = 32;
  Record host[n];
  for (int i = 0; i < n; ++i) host[i] = Record{i, Pair{1000LL + i, 7 * i}};
  Record *in, *outRecords;
  Pair* outPairs;
  CK(cudaMalloc(&in, sizeof host));
  CK(cudaMalloc(&outRecords, sizeof host));
  CK(cudaMalloc(&outPairs, n * sizeof(Pair)));
  CK(cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice));

  check("pair_alignment_is_8", alignof(Pair) == 8 && sizeof(Pair) == 16 && offsetof(Record, pair) == 8);
  copyPairs<<<1, n>>>(in, outPairs);
  CK_LAUNCH();
  Pair pairs[n];
  CK(cudaMemcpy(pairs, outPairs, sizeof pairs, cudaMemcpyDeviceToHost));
  bool pairsOk = true;
  for (int i = 0; i < n; ++i) pairsOk = pairsOk && pairs[i].key == 1000 + i && pairs[i].value == 7 * i;
  check("copy_16_byte_struct_at_8_byte_boundary", pairsOk);

  copyRecords<<<1, n>>>(in, outRecords);
  CK_LAUNCH();
  Record records[n];
  CK(cudaMemcpy(records, outRecords, sizeof records, cudaMemcpyDeviceToHost));
  bool recordsOk = true;
  for (int i = 0; i < n; ++i) recordsOk = recordsOk && records[i].id == i && records[i].pair.key == 1000 + i;
  check("copy_24_byte_struct", recordsOk);

  unsigned* aligned;
  CK(cudaMalloc(&aligned, 3 * sizeof(unsigned)));
  sharedAlignas<<<1, 48>>>(aligned);
  CK_LAUNCH();
  unsigned got[3];
  CK(cudaMemcpy(got, aligned, sizeof got, cudaMemcpyDeviceToHost));
  // 3 + (0 + ... + 47) + 2 (0 + ... + 15)
  check("shared_alignas_16", got[0] == 0 && got[1] == 0 && got[2] == 3 + 1128 + 240);
  CK(cudaFree(aligned));

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

  CK(cudaFree(in));
  CK(cudaFree(outRecords));
  CK(cudaFree(outPairs));
  return finish("alignment");
}
