// samples_bitonic_sort: bitonic sort of key/value pairs in shared memory, one block per segment.
// Each block sorts a power-of-two segment with segment/2 threads, each thread owning one
// compare-exchange per step. Even segments sort ascending, odd ones descending (as the samples'
// sortDir alternation does). Checked against std::sort: the keys exactly, and the values must
// be a permutation that carries each key along.
//
// Options: -len=<segment length, power of two 2..2048> (default 1024),
//          -segments=<count> (default 16), -device=<id>.
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <functional>
#include <vector>

#include <cuda_runtime.h>

#include "helper_corpus.h"

#define MAX_SEGMENT 2048

__device__ inline void Comparator(unsigned int &keyA, unsigned int &valA, unsigned int &keyB,
                                  unsigned int &valB, unsigned int dir) {
  if ((keyA > keyB) == dir) {
    unsigned int t;
    t = keyA; keyA = keyB; keyB = t;
    t = valA; valA = valB; valB = t;
  }
}

// arrayLength is the segment length (a power of two, at most MAX_SEGMENT); blockDim.x is
// arrayLength / 2. dir 1 sorts ascending.
__global__ void bitonicSortShared(unsigned int *d_DstKey, unsigned int *d_DstVal,
                                  const unsigned int *d_SrcKey, const unsigned int *d_SrcVal,
                                  unsigned int arrayLength) {
  __shared__ unsigned int s_key[MAX_SEGMENT];
  __shared__ unsigned int s_val[MAX_SEGMENT];

  unsigned int dir = (blockIdx.x & 1) ? 0 : 1;
  unsigned int base = blockIdx.x * arrayLength;
  d_SrcKey += base;
  d_SrcVal += base;
  d_DstKey += base;
  d_DstVal += base;

  unsigned int half = arrayLength / 2;
  s_key[threadIdx.x] = d_SrcKey[threadIdx.x];
  s_val[threadIdx.x] = d_SrcVal[threadIdx.x];
  s_key[threadIdx.x + half] = d_SrcKey[threadIdx.x + half];
  s_val[threadIdx.x + half] = d_SrcVal[threadIdx.x + half];

  // Build bitonic sequences of growing size, then merge the whole segment in direction dir.
  for (unsigned int size = 2; size < arrayLength; size <<= 1) {
    // Alternate the direction of neighbouring subsequences so that each pair forms a bitonic
    // sequence for the next size.
    unsigned int ddd = dir ^ ((threadIdx.x & (size / 2)) != 0);
    for (unsigned int stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      Comparator(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], ddd);
    }
  }

  for (unsigned int stride = arrayLength / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    unsigned int pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
    Comparator(s_key[pos], s_val[pos], s_key[pos + stride], s_val[pos + stride], dir);
  }

  __syncthreads();
  d_DstKey[threadIdx.x] = s_key[threadIdx.x];
  d_DstVal[threadIdx.x] = s_val[threadIdx.x];
  d_DstKey[threadIdx.x + half] = s_key[threadIdx.x + half];
  d_DstVal[threadIdx.x + half] = s_val[threadIdx.x + half];
}

int main(int argc, char **argv) {
  printf("samples_bitonic_sort Starting...\n");
  findCudaDevice(argc, argv);

  unsigned int arrayLength = 1024;
  unsigned int segments = 16;
  if (checkCmdLineFlag(argc, argv, "len"))
    arrayLength = (unsigned int)getCmdLineArgumentInt(argc, argv, "len");
  if (checkCmdLineFlag(argc, argv, "segments"))
    segments = (unsigned int)getCmdLineArgumentInt(argc, argv, "segments");
  if (arrayLength < 2 || arrayLength > MAX_SEGMENT || (arrayLength & (arrayLength - 1)) != 0 ||
      segments == 0) {
    fprintf(stderr, "-len must be a power of two from 2 to %d, -segments positive\n",
            MAX_SEGMENT);
    return EXIT_FAILURE;
  }
  unsigned int N = arrayLength * segments;
  printf("Sorting %u segments of %u key/value pairs\n", segments, arrayLength);

  std::vector<unsigned int> h_SrcKey(N), h_SrcVal(N), h_DstKey(N), h_DstVal(N);
  srand(1234);
  for (unsigned int i = 0; i < N; ++i) {
    h_SrcKey[i] = (unsigned int)rand() % 5000;  // duplicates on purpose
    h_SrcVal[i] = i;
  }

  unsigned int *d_SrcKey, *d_SrcVal, *d_DstKey, *d_DstVal;
  size_t bytes = N * sizeof(unsigned int);
  checkCudaErrors(cudaMalloc((void **)&d_SrcKey, bytes));
  checkCudaErrors(cudaMalloc((void **)&d_SrcVal, bytes));
  checkCudaErrors(cudaMalloc((void **)&d_DstKey, bytes));
  checkCudaErrors(cudaMalloc((void **)&d_DstVal, bytes));
  checkCudaErrors(cudaMemcpy(d_SrcKey, h_SrcKey.data(), bytes, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_SrcVal, h_SrcVal.data(), bytes, cudaMemcpyHostToDevice));

  bitonicSortShared<<<segments, arrayLength / 2>>>(d_DstKey, d_DstVal, d_SrcKey, d_SrcVal,
                                                   arrayLength);
  getLastCudaError("bitonicSortShared launch failed");
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaMemcpy(h_DstKey.data(), d_DstKey, bytes, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(h_DstVal.data(), d_DstVal, bytes, cudaMemcpyDeviceToHost));

  // Keys: each segment must equal the CPU-sorted segment.
  int badKeys = 0;
  for (unsigned int s = 0; s < segments; ++s) {
    std::vector<unsigned int> gold(h_SrcKey.begin() + s * arrayLength,
                                   h_SrcKey.begin() + (s + 1) * arrayLength);
    if (s & 1)
      std::sort(gold.begin(), gold.end(), std::greater<unsigned int>());
    else
      std::sort(gold.begin(), gold.end());
    for (unsigned int i = 0; i < arrayLength; ++i) {
      if (gold[i] != h_DstKey[s * arrayLength + i]) {
        if (badKeys < 5)
          fprintf(stderr, "  segment %u key[%u] = %u, expected %u\n", s, i,
                  h_DstKey[s * arrayLength + i], gold[i]);
        ++badKeys;
      }
    }
  }

  // Values: a permutation of the segment's indices, each one naming its key's source.
  int badVals = 0;
  std::vector<char> seen(N, 0);
  for (unsigned int i = 0; i < N; ++i) {
    unsigned int v = h_DstVal[i];
    unsigned int seg = i / arrayLength;
    if (v >= N || v / arrayLength != seg || seen[v] || h_SrcKey[v] != h_DstKey[i]) {
      if (badVals < 5) fprintf(stderr, "  value[%u] = %u does not carry its key\n", i, v);
      ++badVals;
    } else {
      seen[v] = 1;
    }
  }

  bool ok = true;
  if (badKeys == 0) {
    printf("samples_bitonic_sort: PASS keys\n");
  } else {
    printf("samples_bitonic_sort: FAIL keys, %d differ\n", badKeys);
    ok = false;
  }
  if (badVals == 0) {
    printf("samples_bitonic_sort: PASS values\n");
  } else {
    printf("samples_bitonic_sort: FAIL values, %d wrong\n", badVals);
    ok = false;
  }

  checkCudaErrors(cudaFree(d_SrcKey));
  checkCudaErrors(cudaFree(d_SrcVal));
  checkCudaErrors(cudaFree(d_DstKey));
  checkCudaErrors(cudaFree(d_DstVal));
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
