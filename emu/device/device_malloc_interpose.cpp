// In-kernel malloc/free on the device's malloc heap (mem/device_malloc.h), host calls on glibc's.
//
// malloc: Loom's cuda_runtime.h gives the malloc that .cu files call the assembler name
// loom_malloc (a declaration that precedes <stdlib.h>'s), so exactly the calls written in CUDA
// source land here: from a CUDA thread (a fiber of a running block) they allocate from the
// device heap, from host code they are glibc's malloc. Loom's own code (reports, printf
// buffers) keeps glibc's malloc even while it runs on a fiber, which a process-wide malloc
// interposer could not tell apart.
//
// free and realloc are interposed process-wide, as the math functions are (math_interpose.cpp):
// a pointer into the device malloc heap goes to the heap, anything else to glibc. So device
// code's free (and delete, which libstdc++ turns into free) releases device blocks; host code
// that frees or reallocs a device-heap pointer (undefined under CUDA) gets a warning and the
// call is ignored, where glibc would abort on a pointer it never handed out.
#include <atomic>
#include <cstddef>
#include <cstdio>

#include "mem/device_malloc.h"
#include "sched/block_runner.h"

extern "C" {
void* __libc_malloc(std::size_t);
void __libc_free(void*);
void* __libc_realloc(void*, std::size_t);
}

namespace {

bool inDevice() { return loom::sched::BlockRunner::current() != nullptr; }

loom::mem::MallocArena* arenaHolding(const void* p) {
  loom::mem::MallocArena* a = loom::mem::existingDeviceMallocArena();
  return a && a->contains(p) ? a : nullptr;
}

// format: one %p, the pointer. Once per kind of misuse, as a program may repeat it per thread.
void warnOnce(std::atomic<bool>& said, const char* format, const void* p) {
  if (said.exchange(true, std::memory_order_relaxed)) return;
  std::fprintf(stderr, format, p);
}

void* deviceMalloc(std::size_t bytes, std::size_t alignment) {
  loom::mem::MallocArena* a = loom::mem::deviceMallocArena();
  if (!a) return nullptr;
  if (alignment <= loom::mem::MallocArena::kAlignment) return a->allocate(bytes);
  // __nv_aligned_device_malloc with a larger alignment: not supported beyond 16 bytes yet
  // (CUDA: returns NULL when the alignment cannot be met).
  return nullptr;
}

}  // namespace

extern "C" {

void* loom_malloc(std::size_t bytes) noexcept {
  if (!inDevice()) return __libc_malloc(bytes);
  return deviceMalloc(bytes, loom::mem::MallocArena::kAlignment);
}

// CUDA's __nv_aligned_device_malloc(size, align): align a power of two, NULL otherwise.
void* __nv_aligned_device_malloc(std::size_t bytes, std::size_t alignment) noexcept {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) return nullptr;
  return deviceMalloc(bytes, alignment);
}

void free(void* p) noexcept {
  if (loom::mem::MallocArena* a = arenaHolding(p)) {
    static std::atomic<bool> saidHost{false}, saidDevice{false};
    if (!inDevice()) return warnOnce(saidHost,
                      "loom: warning: free(%p) in host code: the pointer belongs to the device malloc "
                      "heap, which only device code can free; ignored\n", p);
    if (!a->release(p))
      warnOnce(saidDevice, "loom: warning: free(%p) in device code: not a live block of the device malloc heap "
                           "(freed twice?); ignored\n", p);
    return;
  }
  __libc_free(p);
}

void* realloc(void* p, std::size_t bytes) noexcept {
  if (arenaHolding(p)) {
    static std::atomic<bool> said{false};
    warnOnce(said, "loom: warning: realloc(%p, ...): the pointer belongs to the device malloc heap; NULL returned\n",
             p);
    return nullptr;
  }
  return __libc_realloc(p, bytes);
}

}  // extern "C"
