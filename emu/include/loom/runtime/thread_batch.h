// The threads a runner fiber starts one after another without a call into the runtime.
//
// A kernel that never waits runs its block's threads back to back on one fiber (BoundKernel::run
// in launch.h): each thread is the loop storing its index and calling the kernel. The runtime
// learns which threads ran only when it is next entered: by a thread that waits, faults or asks
// for its runner (sched::BlockRunner::current() settles the batch first), or by the loop when the
// batch is done. A call into the runtime per thread cost (a) of the benchmark a third of its time.
#pragma once

#include "vector_types.h"

namespace loom::runtime {

struct ThreadBatch {
  const uint3* tids = nullptr;  // threadIdx of each thread, by linear index in the block
  unsigned next = 0;            // the next thread to start; the running one is next - 1
  unsigned end = 0;             // the loop stops here; the runtime lowers it to next when settled
  // The block is (n, 1, 1), so tids[i] is (i, 0, 0): the loop stores threadIdx.x alone (the
  // runtime zeroes y and z at the block's start).
  bool linear = false;
};

}  // namespace loom::runtime
