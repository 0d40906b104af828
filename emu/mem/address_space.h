// Which CUDA memory space an address belongs to, as far as the engine needs to know it.
#pragma once

namespace loom::mem {

// Shared memory of the block running on this worker: the static __shared__ variables (the
// executable's thread-local block of this thread) or the dynamic shared arena.
bool isSharedAddress(const void* p);

}  // namespace loom::mem
