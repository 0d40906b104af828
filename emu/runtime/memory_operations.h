// What copies and memsets do on the device queue, as operations a stream runs once or a graph
// runs at every launch (runtime/graph.h), and the checks they are issued with.
#pragma once

#include <cstddef>
#include <functional>

#include "driver_types.h"

namespace loom::runtime {

// Whether the device can reach p: device, managed, pinned or registered host memory, or a
// __device__/__constant__ variable.
bool deviceAccessible(const void* p);
// What the device answers for an explicit direction (validate/results/h100-sm90/probes.launch_errors).
cudaError_t checkDirection(void* dst, const void* src, cudaMemcpyKind kind);

std::function<void()> copyOperation(void* dst, const void* src, std::size_t count, const char* api);
// Sets width elements of elementSize bytes (1, 2 or 4) to value in each of height rows.
std::function<void()> fillOperation(void* dst, unsigned value, unsigned elementSize, std::size_t pitch,
                                    std::size_t width, std::size_t height);

}  // namespace loom::runtime
