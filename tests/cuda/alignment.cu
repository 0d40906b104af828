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

  CK(cudaFree(in));
  CK(cudaFree(outRecords));
  CK(cudaFree(outPairs));
  return finish("alignment");
}
