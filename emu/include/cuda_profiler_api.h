// cuda_profiler_api.h: the profiler's start and stop. Written for Loom, where they only answer
// as the device does (cudaSuccess): Loom's counters are switched by LOOM_REPORT or loom/report.h.
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __CUDA_PROFILER_API_H__

#include "cuda_runtime_api.h"

extern "C" {
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
}
