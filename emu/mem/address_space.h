// Which CUDA memory space an address belongs to, as far as the engine needs to know it.
#pragma once

#include <cstdint>
#include <vector>

namespace loom::mem {

struct AddressRange {
  std::uintptr_t begin = 0, end = 0;
};

// Where this worker thread's static __shared__ variables are: the executable's thread-local
// storage block (its other thread-local variables are Loom's own, never accessed from
// instrumented code). Computed once per thread.
AddressRange staticSharedRange();

// The addresses an index into a static __shared__ array can reach within a block's shared memory
// on the device (232,448 bytes, the H100's opt-in maximum) from the start of the static block.
// What lies past the thread-local block is the thread's control block, never device data: an
// instrumented access there is an overrun of a static __shared__ array (memcheck reports it as
// the device does, "Invalid __shared__ ... out of bounds").
AddressRange staticSharedWindow();

// The thread-local pointers of namespace-scope `extern __shared__` declarations (see
// loom/device/memory_access.h): bindExternShared points this thread's copies at `base`;
// isExternSharedSlot tells whether an address is one of them.
void bindExternShared(void* base);
bool isExternSharedSlot(std::uintptr_t address);

// The executable's writable segments (data, bss): where `__device__` and `__constant__`
// variables live, as ordinary globals of the program. Computed once.
const std::vector<AddressRange>& executableData();
bool inExecutableData(std::uintptr_t address);

// Shared memory of the block running on this worker: the static __shared__ variables (the
// executable's thread-local block of this thread) or the dynamic shared arena.
bool isSharedAddress(const void* p);

}  // namespace loom::mem
