// memcheck's host-pointer check: kernel code runs in the host's address space under Loom, so a
// host pointer dereferenced on the device reaches real memory instead of faulting as it does on
// the GPU. This says which addresses are the host's beyond doubt, so that memcheck can report
// them as the device does (an out-of-bounds global access) and fail the launch.
//
// Conservative by construction: device code legitimately reaches the device heap, shared memory,
// its own stack, the kernel's parameters, __device__/__constant__ variables (the program's
// static storage) and memory registered with cudaHostRegister, and Loom's device-side malloc is
// the host's malloc, called on the worker thread. Only two host regions are told apart from all
// of these reliably:
//   - the main thread's stack (host locals; kernels run on fiber stacks, never on it);
//   - the process heap grown by brk (glibc's main arena: what the main thread's malloc and new
//     return below the mmap threshold, 128 KiB), for kernels running on a worker thread, whose
//     device-side mallocs come from that worker's own arena. Under LOOM_SERIAL the kernel runs
//     on the main thread and its mallocs come from the main arena too: the heap is not checked.
// Large host allocations (mmap'ed by malloc) and other threads' memory are not recognised.
#pragma once

#include <cstdint>

namespace loom::check::sanitizer {

// kernelArguments: the launch's parameter block (allocated on the host's heap).
bool isHostMemory(std::uintptr_t address, const void* kernelArguments);

}  // namespace loom::check::sanitizer
