// The benchmark workloads: each returns seconds for one run, and a result to check.
#pragma once

#include <cstddef>

namespace bench {

double loomVectorAdd(const float* a, const float* b, float* c, std::size_t n);
double loomBlockReduce(const float* in, float* blockSums, std::size_t n, unsigned block);
// A kernel of `count` __syncthreads and nothing else over `threads` threads.
double loomBareBarriers(std::size_t threads, unsigned block, int count);

double serialVectorAdd(const float* a, const float* b, float* c, std::size_t n);
double serialBlockReduce(const float* in, float* blockSums, std::size_t n, unsigned block);

// Nanoseconds per Boost.Context switch, through Loom's Fiber.
double fiberSwitchNanoseconds();

// Floors (floors.cpp): the vector add as one plain call per CUDA thread on `workers` threads
// (`checked`: with loom-cc's inlined gate per access); nanoseconds per switch round robin among
// 256 fibers.
double callPerThreadVectorAdd(const float* a, const float* b, float* c, std::size_t n, unsigned workers,
                              bool checked);
double ringSwitchNanoseconds();

}  // namespace bench
