// Loom's cuda_occupancy.h: the occupancy calculator's header as far as code includes it to
// configure itself (Thrust's CUDA backend includes it; CUB and Thrust call the runtime's
// cudaOccupancy* functions, which cuda_runtime_api.h declares). Written for Loom. The
// calculator's own functions (cudaOccMaxActiveBlocksPerMultiprocessor and its structs) are not
// provided: use the runtime's.
#pragma once
#define __cuda_occupancy_h__
#define __CUDA_OCCUPANCY_H__

#define CUDA_OCCUPANCY_MAJOR 13
#define CUDA_OCCUPANCY_MINOR 0

#include "cuda_runtime_api.h"
