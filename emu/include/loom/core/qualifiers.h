// CUDA's execution- and memory-space qualifiers, as host C++.
// Device code is ordinary C++ under Loom, so most qualifiers vanish. __shared__ becomes
// thread_local: a block's threads run on one worker thread, so a worker-local variable is
// exactly one block's shared memory (DESIGN.md, "Shared memory"); loom-cc rewrites the one
// form that is not C++ (`extern __shared__ T name[];`).
#pragma once

// libstdc++ spells __attribute__((__noinline__)) (shared_ptr): include it before the macro.
#include <memory>

#ifndef __host__
#define __host__
#define __device__
#define __global__
#define __constant__
#define __managed__
#define __shared__ thread_local
#define __grid_constant__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __cluster_dims__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define CUDARTAPI
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))
#endif
