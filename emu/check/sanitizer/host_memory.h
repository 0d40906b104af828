// memcheck's host-pointer check: kernel code runs in the host's address space under Loom, so a
// host pointer dereferenced on the device reaches real memory instead of faulting as it does on
// the GPU. This says which addresses are the host's beyond doubt, so that memcheck can report
// them as the device does (an out-of-bounds global access) and fail the launch.
//
// Conservative by construction: device code legitimately reaches the device heap (device-side
// malloc too), shared memory, its own stack, the kernel's parameters, __device__/__constant__
// variables (the program's static storage), memory registered with cudaHostRegister, and what
// device-side `new` returned (the host's operator new: recorded while memcheck runs,
// device_new_registry.h). Only two host regions are told apart from all of these reliably:
//   - the main thread's stack (host locals; kernels run on fiber stacks, never on it);
//   - the process heap grown by brk (glibc's main arena: what the main thread's malloc and new
//     return below the mmap threshold, 128 KiB), for kernels running on a worker thread. Under
//     LOOM_SERIAL the kernel runs on the main thread, where Loom's own allocations made on a
//     fiber come from the same arena: the heap is not checked.
// Large host allocations (mmap'ed by malloc) and other threads' memory are not recognised.
#pragma once

#include <cstdint>

namespace loom::check::sanitizer {

// kernelArguments: the launch's parameter block (allocated on the host's heap).
bool isHostMemory(std::uintptr_t address, const void* kernelArguments);

}  // namespace loom::check::sanitizer
