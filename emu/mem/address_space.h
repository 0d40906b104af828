// Which CUDA memory space an address belongs to, as far as the engine needs to know it.
#pragma once

#include <cstdint>

namespace loom::mem {

struct AddressRange {
  std::uintptr_t begin = 0, end = 0;
};

// Where this worker thread's static __shared__ variables are: the executable's thread-local
// storage block (its other thread-local variables are Loom's own, never accessed from
// instrumented code). Computed once per thread.
AddressRange staticSharedRange();

// Shared memory of the block running on this worker: the static __shared__ variables (the
// executable's thread-local block of this thread) or the dynamic shared arena.
bool isSharedAddress(const void* p);

}  // namespace loom::mem
