// Kept for programs that include it by habit: the built-in variables (threadIdx, blockIdx,
// blockDim, gridDim, warpSize) come from Loom's device prelude, this header only supplies
// their types.
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "vector_types.h"
