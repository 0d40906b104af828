// device_functions.h: an old include name for the device intrinsics (__syncthreads, __popc, ...),
// which nvcc makes visible in every .cu file anyway, as loom-cc does through cuda_runtime.h.
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __DEVICE_FUNCTIONS_H__

#include "cuda_runtime.h"
