// threadIdx, blockIdx, blockDim and gridDim for the CUDA thread running now.
//
// They are variables, as in CUDA, so that code may still use their names for its own things (a
// host variable `dim3 blockDim(16, 16)`, a member `config.gridDim`, as nvcc allows): each is the
// engine's thread-local value (loom/device/lane_builtins.h) declared here const under CUDA's
// name. Two consequences of const, both wanted: -fsanitize=thread does not instrument reads of
// a read-only variable, so `threadIdx.x` calls no memory-access hook; and the compiler may keep
// the value in a register for the whole kernel call, which is right because a call of the kernel
// is one CUDA thread (the scheduler rewrites the values before it resumes a lane). Local-exec
// TLS in executables, initial-exec in shared objects (loom/core/engine_tls.h).
#pragma once

#include "loom/core/engine_tls.h"
#include "loom/device/lane_builtins.h"

#define LOOM_BUILTIN(name, symbol) \
  extern __thread const uint3 name __asm__(symbol) LOOM_ENGINE_TLS
LOOM_BUILTIN(threadIdx, "loom_tid");
LOOM_BUILTIN(blockIdx, "loom_ctaid");
LOOM_BUILTIN(blockDim, "loom_ntid");
LOOM_BUILTIN(gridDim, "loom_nctaid");
#undef LOOM_BUILTIN

inline constexpr int warpSize = 32;
