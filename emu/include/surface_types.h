// CUDA's surface types live with the texture types in Loom.
#pragma once
// The include guard of NVIDIA's header of this name: code tests it to know what is included
// (helper_cuda.h defines its checks only under #ifdef __DRIVER_TYPES_H__ / __CUDA_RUNTIME_H__).
#define __SURFACE_TYPES_H__
#include "texture_types.h"
