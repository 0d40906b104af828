// The device's malloc heap: what in-kernel malloc/free (and new/delete in device code) use.
//
// As on the device it has a fixed size, cudaLimitMallocHeapSize (8 MiB by default, the recorded
// H100 limit), and is made once, the first time device code allocates or frees: from then on
// cudaDeviceSetLimit(cudaLimitMallocHeapSize, n) fails (CUDA: only before a kernel that uses
// malloc/free is launched). Its memory is one allocation of the device heap (DeviceHeap,
// AllocationKind::MallocHeap), so its pointers classify as device memory; cudaDeviceReset
// drops it and restores the default size.
#pragma once

#include <cstddef>

#include "mem/malloc_arena.h"

namespace loom::mem {

constexpr std::size_t kDefaultMallocHeapSize = 8u << 20;

// cudaLimitMallocHeapSize. setMallocHeapLimit is false (and changes nothing) once the heap exists.
std::size_t mallocHeapLimit();
bool setMallocHeapLimit(std::size_t bytes);

// The heap, made on first use with the current limit; null if the device heap cannot hold it.
MallocArena* deviceMallocArena();
// The heap if device code has used one, else null (never makes it).
MallocArena* existingDeviceMallocArena();
// cudaDeviceReset: forget the heap (its memory goes with DeviceHeap::releaseAll) and the limit.
void resetDeviceMalloc();

}  // namespace loom::mem
