// cudaGetErrorName and cudaGetErrorString, for cuda_runtime_api.h to include. They are
// plain lookups with no runtime state, so they live apart from the rest of the API.
#pragma once

#include "driver_types.h"

extern "C" {

// The enumerator's name ("cudaErrorIllegalAddress"), or "unrecognized error code".
const char* cudaGetErrorName(cudaError_t error);

// CUDA's message for the code ("an illegal memory access was encountered"), or
// "unrecognized error code".
const char* cudaGetErrorString(cudaError_t error);

}  // extern "C"
