// CUDA's execution- and memory-space qualifiers, as host C++.
// Device code is ordinary C++ under Loom, so most qualifiers vanish. __shared__ becomes
// thread_local: a block's threads run on one worker thread, so a worker-local variable is
// exactly one block's shared memory (DESIGN.md, "Shared memory"); loom-cc rewrites the one
// form that is not C++ (`extern __shared__ T name[];`).
#pragma once

// libstdc++ spells __attribute__((__noinline__)) (shared_ptr): include it before the macro.
#include <memory>

#ifndef __host__
// The include guard of CUDA's crt/host_defines.h: Thrust undefines __host__/__device__ before
// including the runtime's headers unless it sees this, expecting them to define the pair again.
#define __HOST_DEFINES_H__
// Empty GNU attributes: nothing to g++, and the marks by which loom-cc tells the execution spaces
// apart (tools/loom-cc/qualifier_marks.h): it finds kernels to register and launch by
// `__global__`, and its host pass drops the bodies of kernels and of functions that are
// `__device__` and not `__host__` (tools/loom-cc/host_pass.h).
#define __host__ __attribute__((,,))
#define __device__ __attribute__((,))
#define __global__ __attribute__(())
#define __constant__ __attribute__((,,,))
#define __managed__
#define __shared__ thread_local
#define __grid_constant__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
// The cluster shape goes into the kernel's mangled name as an ABI tag, where the runtime reads it
// at launch (runtime/kernel_registry.h): __cluster_dims__(2, 1, 1) tags "loom_cluster_2_1_1".
// Each dimension must be a literal, or a macro naming one.
#define __cluster_dims__(...) LOOM_CLUSTER_TAG(__VA_ARGS__, 1, 1)
#define LOOM_CLUSTER_TAG(...) LOOM_CLUSTER_TAG3(__VA_ARGS__)
#define LOOM_CLUSTER_TAG3(x, y, z, ...) __attribute__((abi_tag(LOOM_CLUSTER_STR(loom_cluster_##x##_##y##_##z))))
#define LOOM_CLUSTER_STR(...) LOOM_CLUSTER_STR2(__VA_ARGS__)
#define LOOM_CLUSTER_STR2(...) #__VA_ARGS__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
#define CUDARTAPI
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))
#endif
