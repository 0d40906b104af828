// A device access at an address that is not a multiple of its size: the GPU faults
// (cudaErrorMisalignedAddress), an x86 CPU does not, so Loom checks. One report for the
// memory-access hooks (device/tsan_hooks.cpp) and the atomic functions (device/atomics.cpp).
#pragma once

namespace loom::device {

// Fails the running block's launch with the fault; returns for host code (x86 allows it).
// `write`: 0 read, 1 write (an atomic is both: 1).
[[gnu::cold, gnu::noinline]] void misalignedAccess(const volatile void* address, const void* pc, unsigned size,
                                                   int write);

}  // namespace loom::device
