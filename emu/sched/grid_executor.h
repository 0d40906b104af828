// Runs every block of a launch: in parallel over TBB workers (a block never leaves the worker
// it started on), or in serial, deterministic order. The grid is never materialized: a linear
// block number is split into (x, y, z) when the block starts, so 2^31 x 65535 x 65535 grids
// cost nothing up front.
#pragma once

#include "sched/launch.h"

namespace loom::sched {

// LOOM_SERIAL=1 (or a set LOOM_WORKERS=1) runs everything on the calling thread in order;
// LOOM_WORKERS=N caps the parallel workers (default: all cores).
bool serialMode();
// How many blocks may run at once: LOOM_WORKERS, or the core count.
int workerCount();

void runGrid(Launch& launch);

}  // namespace loom::sched
