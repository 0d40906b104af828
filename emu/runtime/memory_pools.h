// The stream-ordered allocator's memory pools (cudaMemPool_t): what each counts of the memory
// allocated from it, as the H100 counts it (tests/cuda/memory_pools.cu, recorded). Memory itself
// comes from the device heap like any other; a pool only keeps the accounts the attributes show:
//   - used: the bytes of its live allocations, exactly as requested; an allocation counts from
//     cudaMallocAsync and stops counting at cudaFreeAsync (the H100 showed 0 right after a free
//     was queued on an idle stream);
//   - reserved: whole 32 MiB chunks, enough for the used bytes (the H100 reserved one chunk for
//     4000 bytes, and the same one for 3 MiB more); at a stream, event or device synchronization
//     a pool holding more than its release threshold gives back free chunks, never going below
//     the threshold, and cudaMemPoolTrimTo does the same down to its argument;
//   - the high-water marks of both, which only 0 resets (to the current value).
#pragma once

#include <cstddef>

#include "cuda_runtime_api.h"

namespace loom::runtime {

// A new allocation of `size` bytes at `p` from the device's current pool (cudaMallocAsync) or
// from `pool`; its end, wherever it is freed (cudaFreeAsync, cudaFree): no-ops for memory from
// no pool.
void poolAllocated(cudaMemPool_t pool, const void* p, std::size_t size);
void poolFreed(const void* p);
cudaMemPool_t currentPool();
bool validPool(cudaMemPool_t pool);
// What a synchronization does to every pool above its release threshold.
void releasePoolsAtSynchronize();
// cudaDeviceReset: the default pool is new again, the others are gone.
void resetPools();

}  // namespace loom::runtime
