// initcheck for global memory: which bytes of the device heap (mem/device_heap.h) were written,
// and the reads that find one that was not, reported as compute-sanitizer's initcheck does
// ("Uninitialized __global__ memory read", and "Host API memory access error ... Uninitialized
// access" for a copy to the host of device memory nothing wrote).
//
// The shadow is one bit per byte over the heap's whole reserved range, mapped once (without
// reserving memory: pages a program never uses cost nothing), so an access is classified by a
// subtraction and a compare, with no lookup and no lock. Managed and pinned host memory count
// as written from the start, as on the device, where initcheck does not track them (the host
// writes them directly). Everything here runs only while LOOM_SANITIZER=initcheck.
#pragma once

#include <cstddef>
#include <cstdint>

namespace loom::check::sanitizer::initcheck {

// Host side (runtime/memory_api.cpp), in stream order:
// a new allocation of `mapped` bytes (its whole mapping) at base: nothing written yet, or all of
// it (managed, pinned).
void allocated(const void* base, std::size_t mapped, bool written);
// A memset or a copy from the host wrote `height` rows of `width` bytes, `pitch` apart.
void hostWrote(const void* dst, std::size_t pitch, std::size_t width, std::size_t height);
// A copy of rows from src to dst (cudaMemcpy*, `api` names it in reports). Device memory copied
// to device memory carries its written state along; copied anywhere else (the host, pinned or
// managed memory, a __device__ variable), its unwritten bytes are reported, one per 32-byte
// sector, as the device does. Then dst counts as written as hostWrote says.
void copied(const void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
            std::size_t height, const char* api);

// Whether every byte of [p, p + n) has been written (p in the heap); for tests.
bool written(const void* p, std::size_t n);

// Device side (device/tsan_hooks.cpp through the block runner): a plain access of the running
// CUDA thread. Outside the heap it does nothing; a store marks its bytes, a load of a byte
// never written is reported.
void globalAccess(std::uintptr_t address, unsigned size, bool write, const void* pc);

// Records "Uninitialized __<space>__ memory read" for the running CUDA thread. After
// kMaxDeviceReports findings the rest are dropped: a kernel that loops over unwritten memory
// would otherwise log millions of lines.
constexpr unsigned kMaxDeviceReports = 10000;
void reportRead(const char* space, std::uintptr_t address, unsigned size, const void* pc);

}  // namespace loom::check::sanitizer::initcheck
