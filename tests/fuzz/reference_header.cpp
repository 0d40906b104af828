#include "reference_header.h"

namespace loom::fuzz {

const char* const kReferenceHeader = R"(// Written by loom-fuzz: CUDA's names for a plain C++ build of a fuzz program.
#pragma once
#define FUZZ_REFERENCE 1
#include <cstddef>
#include <cstdio>
#include <cstdlib>
struct FzIndex { unsigned x, y, z; };
inline FzIndex threadIdx{0, 0, 0}, blockIdx{0, 0, 0}, blockDim{1, 1, 1}, gridDim{1, 1, 1};
#define __global__
#define __device__
#define __host__
#define __shared__ static
inline void __syncthreads() {}
inline unsigned atomicAdd(unsigned* p, unsigned v) { unsigned old = *p; *p = old + v; return old; }
inline unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
enum cudaError_t { cudaSuccess = 0 };
inline const char* cudaGetErrorString(cudaError_t) { return "no error"; }
template <class T>
cudaError_t cudaMallocManaged(T** p, std::size_t bytes) { *p = static_cast<T*>(std::calloc(1, bytes)); return cudaSuccess; }
inline cudaError_t cudaFree(void* p) { std::free(p); return cudaSuccess; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
#define FZ_LAUNCH(kernel, threads, args) \
  do { blockDim.x = (threads); for (unsigned fz_t = 0; fz_t < (threads); ++fz_t) { threadIdx.x = fz_t; kernel args; } } while (0)
)";

}  // namespace loom::fuzz
