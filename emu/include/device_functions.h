// device_functions.h: an old include name for the device intrinsics (__syncthreads, __popc, ...),
// which nvcc makes visible in every .cu file anyway, as loom-cc does through cuda_runtime.h.
#pragma once

#include "cuda_runtime.h"
