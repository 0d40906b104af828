// threadIdx, blockIdx, blockDim, gridDim and warpSize for the CUDA thread running now.
//
// The values live in a thread-local record that the scheduler rewrites whenever it switches
// lanes. They are read with inline assembly, not a C++ load, for two reasons: kernel code is
// compiled with -fsanitize=thread, and a plain load would call the memory-access hook on every
// `threadIdx.x`; and a non-volatile asm lets the compiler keep the value in a register for the
// whole kernel call, which is right because a call of the kernel is one CUDA thread.
#pragma once

#include "loom/device/lane_builtins.h"

namespace loom::device {

// One 32-bit field of loom_lane_builtins. Separate asm statements per component let the compiler
// drop the ones a kernel never reads.
template <unsigned Offset>
__attribute__((always_inline)) inline unsigned readBuiltinField() {
  long tlsOffset;
  unsigned value;
  // Initial-exec TLS: valid in executables and in shared objects loaded at start-up.
  asm("movq loom_lane_builtins@gottpoff(%%rip), %0" : "=r"(tlsOffset));
  asm("movl %%fs:%c2(%1), %0" : "=r"(value) : "r"(tlsOffset), "i"(Offset));
  return value;
}

template <unsigned Offset>
__attribute__((always_inline)) inline uint3 readBuiltin() {
  return uint3{readBuiltinField<Offset>(), readBuiltinField<Offset + 4>(),
               readBuiltinField<Offset + 8>()};
}

}  // namespace loom::device

#define threadIdx (::loom::device::readBuiltin<0>())
#define blockIdx (::loom::device::readBuiltin<12>())
#define blockDim (::loom::device::readBuiltin<24>())
#define gridDim (::loom::device::readBuiltin<36>())

inline constexpr int warpSize = 32;
