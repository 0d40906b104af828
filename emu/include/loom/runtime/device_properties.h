// The device Loom presents to programs: an NVIDIA H100 80GB HBM3 (SXM5, sm_90), with the
// properties and attribute values a real one reports under CUDA 13.0. cudaGetDeviceProperties
// and cudaDeviceGetAttribute forward here, so that occupancy calculators, launch-bound checks
// and "which GPU is this" code take the same paths as on the reference device.
#pragma once

#include "driver_types.h"

namespace loom::runtime {

// The emulated device's properties (one device, ordinal 0).
const cudaDeviceProp& deviceProperties();

// cudaDeviceGetAttribute's answer for `attr` on the emulated device. cudaErrorInvalidValue
// when `value` is null or the device would reject `attr`.
cudaError_t deviceAttribute(int* value, cudaDeviceAttr attr);

}  // namespace loom::runtime
