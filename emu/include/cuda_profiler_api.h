// cuda_profiler_api.h: the profiler's start and stop. Written for Loom, where they only answer
// as the device does (cudaSuccess): Loom's counters are switched by LOOM_REPORT or loom/report.h.
#pragma once

#include "cuda_runtime_api.h"

extern "C" {
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
}
