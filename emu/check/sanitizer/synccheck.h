// synccheck's barrier check: when a block barrier completes, the threads that reached it at a
// different __syncthreads than the rest of their warp ("Divergent thread(s) in warp"), or whole
// warps at a different one than the others ("Divergent thread(s) in block"), as the device's
// synccheck reports them. sm_90 lets such a barrier complete (it counts arrivals), so the launch
// goes on; only the report says.
#pragma once

#include <string>
#include <vector>

#include "vector_types.h"

namespace loom::check::sanitizer {

struct BarrierArrival {
  const void* site;   // the __syncthreads call's return address
  unsigned linear;    // thread's linear index in the block
  uint3 tid;
};

// Records a finding per divergent thread; arrivals are one completed barrier's.
void checkBarrierSites(const std::vector<BarrierArrival>& arrivals, const std::string& kernel, uint3 block);

// A barrier that completed while `exited` threads of the block had already exited: undefined by
// the Programming Guide, silent on sm_70+ (exited threads never hold a barrier up) and in the
// device's synccheck. A warning, not an error, once per kernel and barrier line (tests/sanitizer/
// sync_exit_before_barrier).
void warnBarrierAfterExit(const std::string& kernel, const void* site, unsigned exited, uint3 block);

}  // namespace loom::check::sanitizer
