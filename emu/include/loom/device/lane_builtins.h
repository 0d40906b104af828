// The record threadIdx, blockIdx, blockDim and gridDim are read from (loom/device/builtins.h),
// one per OS thread, rewritten by the scheduler whenever it switches lanes. Separate from the
// macros so that the engine can write it without seeing them.
#pragma once

#include "vector_types.h"

extern "C" {
// Written by the scheduler only. Layout is relied on by the accessors in builtins.h.
// Field names are PTX's special registers, so the builtins' macros cannot collide with them.
struct LoomLaneBuiltins {
  uint3 tid;     // threadIdx
  uint3 ctaid;   // blockIdx
  uint3 ntid;    // blockDim
  uint3 nctaid;  // gridDim
};
extern __thread LoomLaneBuiltins loom_lane_builtins;
}
