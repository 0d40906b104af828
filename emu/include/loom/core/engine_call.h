// How kernel code declares the engine's functions it calls out of line (barriers, atomics, warp
// collectives, fences): nothrow. Device code has no exceptions, and none of these throws (a
// fault switches the block away, sched/block_runner.h). To g++ a call that may throw needs a
// landing pad in every region around it, to run the region's cleanup (loom/device/reconverge.h),
// and a load is not moved into a branch that holds such a call: `float s = partial[0]; if
// (threadIdx.x == 0) { ...; atomicInc(...); }` kept the load in front of the `if`, in every warp,
// where nvcc loads it in thread 0's branch only (kernels.threadfence_sum). An attribute, not
// noexcept, so that the engine's definitions need not repeat it.
#pragma once

#define LOOM_ENGINE_CALL __attribute__((__nothrow__))
