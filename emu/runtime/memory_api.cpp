// Memory management and copies. Device, managed and pinned host memory all come from the
// device heap (mem/device_heap.h); copies run on the device queue, so they are ordered with
// kernels exactly as in CUDA's stream semantics.
#include <link.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "check/sanitizer/findings.h"
#include "check/sanitizer/initcheck.h"
#include "check/sanitizer/memcheck.h"
#include "cuda_runtime_api.h"
#include "mem/device_heap.h"
#include "runtime/device_queue.h"
#include "runtime/error_state.h"
#include "runtime/host_registry.h"
#include "runtime/memory_operations.h"
#include "runtime/memory_pools.h"
#include "runtime/stream_capture.h"

namespace loom::texture {
cudaError_t copy3DWithArrays(const cudaMemcpy3DParms* p, const char* api = __builtin_FUNCTION());
}

using namespace loom::runtime;
using loom::mem::AllocationKind;
using loom::mem::DeviceHeap;
namespace initcheck = loom::check::sanitizer::initcheck;

namespace {

enum class Side { Host, Device };

// Whether p lies in a writable segment (data, bss) of the executable or a loaded library.
bool inStaticStorage(const void* p) {
  struct Query {
    std::uintptr_t address;
    bool found;
  } q{reinterpret_cast<std::uintptr_t>(p), false};
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) -> int {
        auto* q = static_cast<Query*>(data);
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          const auto& ph = info->dlpi_phdr[i];
          if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_W)) continue;
          std::uintptr_t begin = info->dlpi_addr + ph.p_vaddr;
          if (q->address >= begin && q->address < begin + ph.p_memsz) {
            q->found = true;
            return 1;
          }
        }
        return 0;
      },
      &q);
  return q.found;
}

// Where a pointer lives, in cudaMemoryType terms.
cudaMemoryType memoryType(const void* p) {
  if (auto a = DeviceHeap::instance().find(p)) {
    switch (a->kind) {
      case AllocationKind::Device: return cudaMemoryTypeDevice;
      case AllocationKind::Managed: return cudaMemoryTypeManaged;
      case AllocationKind::PinnedHost: return cudaMemoryTypeHost;
      case AllocationKind::MallocHeap: return cudaMemoryTypeDevice;
    }
  }
  if (isRegisteredHost(p)) return cudaMemoryTypeHost;
  // __device__ and __constant__ variables are ordinary globals under Loom: static storage of a
  // loaded module counts as device memory (a host global passed as such is not caught).
  if (inStaticStorage(p)) return cudaMemoryTypeDevice;
  return cudaMemoryTypeUnregistered;
}

// initcheck follows what copies and memsets write (and what copies read), in stream order.
bool initChecks() { return loom::check::sanitizer::tool() == loom::check::sanitizer::Tool::Initcheck; }

// Whether `rows` rows of `width` bytes, `pitch` apart from p, stay inside the allocation p is in.
// The driver refuses a copy or memset that runs past the end of an allocation
// (validate/results/h100-sm90/probes.launch_errors: *_past_end); memory that is not Loom's
// (pageable host memory, a registered range, a global) has no end Loom knows.
bool fitsAllocation(const void* p, size_t pitch, size_t width, size_t rows) {
  auto a = DeviceHeap::instance().find(p);
  if (!a) return true;
  auto at = reinterpret_cast<std::uintptr_t>(p);
  size_t room = a->base + a->size - at;
  return width <= room && rows - 1 <= (room - width) / (pitch ? pitch : 1);
}

}  // namespace

namespace loom::runtime {

bool deviceAccessible(const void* p) { return memoryType(p) != cudaMemoryTypeUnregistered; }

// What the device does with an explicit direction (validate/results/h100-sm90/probes.launch_errors/stdout.txt,
// memcpy_*): the side named "device" must be memory the device can reach; the side named
// "host" may be anything, device memory included, since the driver goes by the pointers.
cudaError_t checkDirection(void* dst, const void* src, cudaMemcpyKind kind) {
  auto ok = [](const void* p, Side side) { return side == Side::Host || deviceAccessible(p); };
  switch (kind) {
    case cudaMemcpyHostToHost: return cudaSuccess;
    case cudaMemcpyHostToDevice:
      return ok(src, Side::Host) && ok(dst, Side::Device) ? cudaSuccess : cudaErrorInvalidValue;
    case cudaMemcpyDeviceToHost:
      return ok(src, Side::Device) && ok(dst, Side::Host) ? cudaSuccess : cudaErrorInvalidValue;
    case cudaMemcpyDeviceToDevice:
      return ok(src, Side::Device) && ok(dst, Side::Device) ? cudaSuccess : cudaErrorInvalidValue;
    case cudaMemcpyDefault: return cudaSuccess;
  }
  return cudaErrorInvalidMemcpyDirection;
}


std::function<void()> copyOperation(void* dst, const void* src, size_t count, const char* api) {
  bool init = initChecks();
  return [=] {
    if (init) [[unlikely]] initcheck::copied(dst, count, src, count, count, 1, api);
    std::memmove(dst, src, count);
  };
}

std::function<void()> fillOperation(void* dst, unsigned value, unsigned elementSize, size_t pitch, size_t width,
                                    size_t height) {
  bool init = initChecks();
  auto* d = static_cast<char*>(dst);
  return [=] {
    size_t bytes = width * elementSize;
    if (init) [[unlikely]] initcheck::hostWrote(d, pitch, bytes, height);
    for (size_t row = 0; row < height; ++row) {
      char* line = d + row * pitch;
      if (elementSize == 1) {
        std::memset(line, static_cast<int>(value), bytes);
        continue;
      }
      for (size_t i = 0; i < width; ++i) std::memcpy(line + i * elementSize, &value, elementSize);  // little-endian
    }
  };
}

}  // namespace loom::runtime

namespace {


cudaError_t copy(void* dst, const void* src, size_t count, cudaMemcpyKind kind, bool async,
                 cudaStream_t stream, const char* api) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s, api);
  if (count == 0) return cudaSuccess;
  if (!dst || !src) return recordError(cudaErrorInvalidValue, api);
  if (cudaError_t e = checkDirection(dst, src, kind); e != cudaSuccess) return recordError(e, api);
  if (!fitsAllocation(dst, count, count, 1) || !fitsAllocation(src, count, count, 1))
    return recordError(cudaErrorInvalidValue, api);
  // With pageable host memory, CUDA's "async" copies return only once the host buffer has been
  // read (to host memory: once the copy is done), so the caller may reuse it at once.
  if (!deviceAccessible(dst) || !deviceAccessible(src)) async = false;
  Submission done = submitToStream(stream, cudaGraphNodeTypeMemcpy, copyOperation(dst, src, count, api));
  if (done.error != cudaSuccess) return recordError(done.error, api);
  if (!async) DeviceQueue::instance().waitFor(done.sequence);
  return stickyOr(cudaSuccess, api);
}

cudaError_t copy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                   size_t height, cudaMemcpyKind kind, bool async, cudaStream_t stream, const char* api) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s, api);
  if (width > dpitch || width > spitch) return recordError(cudaErrorInvalidPitchValue, api);
  if (width == 0 || height == 0) return cudaSuccess;
  if (!dst || !src) return recordError(cudaErrorInvalidValue, api);
  if (cudaError_t e = checkDirection(dst, src, kind); e != cudaSuccess) return recordError(e, api);
  if (!fitsAllocation(dst, dpitch, width, height) || !fitsAllocation(src, spitch, width, height))
    return recordError(cudaErrorInvalidValue, api);
  auto* d = static_cast<char*>(dst);
  auto* s = static_cast<const char*>(src);
  if (!deviceAccessible(dst) || !deviceAccessible(src)) async = false;
  bool init = initChecks();
  Submission done = submitToStream(stream, cudaGraphNodeTypeMemcpy, [=] {
    if (init) [[unlikely]] initcheck::copied(d, dpitch, s, spitch, width, height, api);
    for (size_t row = 0; row < height; ++row) std::memmove(d + row * dpitch, s + row * spitch, width);
  });
  if (done.error != cudaSuccess) return recordError(done.error, api);
  if (!async) DeviceQueue::instance().waitFor(done.sequence);
  return stickyOr(cudaSuccess, api);
}

cudaError_t fill(void* dst, int value, size_t pitch, size_t width, size_t height, bool async,
                 cudaStream_t stream = nullptr, const char* api = __builtin_FUNCTION()) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s, api);
  if (width == 0 || height == 0) return cudaSuccess;
  if (!dst || !deviceAccessible(dst) || !fitsAllocation(dst, pitch, width, height))
    return recordError(cudaErrorInvalidValue, api);
  Submission done = submitToStream(stream, cudaGraphNodeTypeMemset,
                                   fillOperation(dst, static_cast<unsigned>(value), 1, pitch, width, height));
  if (done.error != cudaSuccess) return recordError(done.error, api);
  if (!async) DeviceQueue::instance().waitFor(done.sequence);
  return stickyOr(cudaSuccess, api);
}

cudaError_t allocate(void** p, size_t size, AllocationKind kind, unsigned flags = 0, const char* api = __builtin_FUNCTION()) {
  loom::check::sanitizer::armLeakCheck();  // memcheck --leak-check full: live allocations at exit
  if (!p) return recordError(cudaErrorInvalidValue, api);
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s, api);
  if (size == 0 && kind == AllocationKind::Device) {
    *p = nullptr;  // cudaMalloc(0) succeeds with a null pointer
    return cudaSuccess;
  }
  void* mem = DeviceHeap::instance().allocate(size, kind, flags);
  if (!mem) {
    *p = nullptr;
    return recordError(cudaErrorMemoryAllocation, api);
  }
  if (initChecks()) [[unlikely]]
    initcheck::allocated(mem, DeviceHeap::instance().find(mem)->mapped, kind != AllocationKind::Device);
  *p = mem;
  return cudaSuccess;
}

constexpr size_t kPitchAlignment = 512;  // cudaDeviceProp::texturePitchAlignment on sm_90

}  // namespace

extern "C" {

cudaError_t cudaMalloc(void** devPtr, size_t size) {
  // One of the calls stream capture forbids unless relaxed (runtime/stream_capture.h).
  if (unsafeCallDuringCapture()) return recordError(cudaErrorStreamCaptureUnsupported);
  return allocate(devPtr, size, AllocationKind::Device);
}

cudaError_t cudaMallocManaged(void** devPtr, size_t size, unsigned int flags) {
  if (size == 0 || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)) return recordError(cudaErrorInvalidValue);
  return allocate(devPtr, size, AllocationKind::Managed, flags);
}

cudaError_t cudaMallocHost(void** ptr, size_t size) {
  return allocate(ptr, size, AllocationKind::PinnedHost, cudaHostAllocDefault);
}

cudaError_t cudaHostAlloc(void** pHost, size_t size, unsigned int flags) {
  constexpr unsigned kKnown = cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
  if ((flags & ~kKnown) != 0) return recordError(cudaErrorInvalidValue);
  return allocate(pHost, size, AllocationKind::PinnedHost, flags);
}

cudaError_t cudaHostGetDevicePointer(void** pDevice, void* pHost, unsigned int flags) {
  if (!pDevice || flags != 0) return recordError(cudaErrorInvalidValue);
  if (memoryType(pHost) != cudaMemoryTypeHost) return recordError(cudaErrorInvalidValue);
  *pDevice = pHost;  // unified addressing: the same address on both sides
  return stickyOr(cudaSuccess);
}

cudaError_t cudaHostGetFlags(unsigned int* pFlags, void* pHost) {
  if (!pFlags) return recordError(cudaErrorInvalidValue);
  auto a = DeviceHeap::instance().find(pHost);
  if (!a || a->kind != AllocationKind::PinnedHost) return recordError(cudaErrorInvalidValue);
  *pFlags = a->flags;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaFree(void* devPtr) {
  if (!devPtr) return stickyOr(cudaSuccess);
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s);
  // cudaFree synchronizes: a kernel still using the memory finishes first.
  DeviceQueue::instance().waitAll();
  bool ok = DeviceHeap::instance().release(devPtr, [](AllocationKind k) {
    return k == AllocationKind::Device || k == AllocationKind::Managed;
  });
  if (ok) poolFreed(devPtr);  // memory of cudaMallocAsync may be freed so too
  return ok ? cudaSuccess : recordError(cudaErrorInvalidValue);
}

// The stream-ordered allocator (CUDA 11.2). Memory is taken at once, which is valid for any use
// ordered after the call in the stream; the free is queued on the stream, after the work
// already there that may still use the memory.
// The memory counts in the device's current pool, or in `pool` (memory_pools.h).
cudaError_t cudaMallocFromPoolAsync(void** devPtr, size_t size, cudaMemPool_t pool, cudaStream_t stream) {
  if (pool && !validPool(pool)) return recordError(cudaErrorInvalidValue);
  if (capturing(stream)) {  // the node; the memory is taken now, once (cudaFreeAsync)
    Submission done = submitToStream(stream, cudaGraphNodeTypeMemAlloc, [] {});
    if (done.error != cudaSuccess) return recordError(done.error);
  }
  cudaError_t e = allocate(devPtr, size, AllocationKind::Device);
  if (e == cudaSuccess) poolAllocated(pool, *devPtr, size);
  return e;
}

cudaError_t cudaMallocAsync(void** devPtr, size_t size, cudaStream_t stream) {
  return cudaMallocFromPoolAsync(devPtr, size, nullptr, stream);
}

cudaError_t cudaFreeAsync(void* devPtr, cudaStream_t stream) {
  if (!devPtr) return stickyOr(cudaSuccess);
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s);
  auto a = DeviceHeap::instance().find(devPtr);
  if (!a || a->kind != AllocationKind::Device || a->base != reinterpret_cast<std::uintptr_t>(devPtr)) return recordError(cudaErrorInvalidValue);
  // Captured in a graph, the free is a node that leaves the memory to the graph's later launches
  // (CUDA gives a graph's allocations fixed addresses; Loom's allocation is the one made when the
  // capture called cudaMallocAsync).
  poolFreed(devPtr);  // a pool stops counting it now (as the H100 did on an idle stream)
  std::function<void()> release = [] {};
  if (!capturing(stream))
    release = [devPtr] {
      DeviceHeap::instance().release(devPtr, [](AllocationKind k) { return k == AllocationKind::Device; });
    };
  Submission done = submitToStream(stream, cudaGraphNodeTypeMemFree, std::move(release));
  return done.error != cudaSuccess ? recordError(done.error) : stickyOr(cudaSuccess);
}

cudaError_t cudaFreeHost(void* ptr) {
  if (!ptr) return stickyOr(cudaSuccess);
  DeviceQueue::instance().waitAll();
  bool ok = DeviceHeap::instance().release(ptr, [](AllocationKind k) { return k == AllocationKind::PinnedHost; });
  return ok ? stickyOr(cudaSuccess) : recordError(cudaErrorInvalidValue);
}

cudaError_t cudaHostRegister(void* ptr, size_t size, unsigned int flags) {
  if (!ptr || size == 0) return recordError(cudaErrorInvalidValue);
  if (!registerHost(ptr, size, flags)) return recordError(cudaErrorHostMemoryAlreadyRegistered);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaHostUnregister(void* ptr) {
  if (!unregisterHost(ptr)) return recordError(cudaErrorHostMemoryNotRegistered);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaMallocPitch(void** devPtr, size_t* pitch, size_t width, size_t height) {
  if (!pitch) return recordError(cudaErrorInvalidValue);
  *pitch = (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
  return allocate(devPtr, *pitch * height, AllocationKind::Device);
}

cudaError_t cudaMalloc3D(cudaPitchedPtr* p, cudaExtent e) {
  if (!p) return recordError(cudaErrorInvalidValue);
  size_t pitch = (e.width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
  void* mem = nullptr;
  if (cudaError_t err = allocate(&mem, pitch * e.height * e.depth, AllocationKind::Device)) return err;
  *p = cudaPitchedPtr{mem, pitch, e.width, e.height};
  return cudaSuccess;
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, cudaMemcpyKind kind) {
  return copy(dst, src, count, kind, false, nullptr, "cudaMemcpy");
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, cudaMemcpyKind kind, cudaStream_t stream) {
  return copy(dst, src, count, kind, true, stream, "cudaMemcpyAsync");
}
// Copies between devices: with one device, a copy within it (any other ordinal is invalid).
cudaError_t cudaMemcpyPeer(void* dst, int dstDevice, const void* src, int srcDevice, size_t count) {
  if (dstDevice != 0 || srcDevice != 0) return recordError(cudaErrorInvalidDevice);
  return copy(dst, src, count, cudaMemcpyDeviceToDevice, false, nullptr, "cudaMemcpyPeer");
}
cudaError_t cudaMemcpyPeerAsync(void* dst, int dstDevice, const void* src, int srcDevice, size_t count,
                                cudaStream_t stream) {
  if (dstDevice != 0 || srcDevice != 0) return recordError(cudaErrorInvalidDevice);
  return copy(dst, src, count, cudaMemcpyDeviceToDevice, true, stream, "cudaMemcpyPeerAsync");
}
cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                         size_t height, cudaMemcpyKind kind) {
  return copy2D(dst, dpitch, src, spitch, width, height, kind, false, nullptr, "cudaMemcpy2D");
}
cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch,
                              size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t stream) {
  return copy2D(dst, dpitch, src, spitch, width, height, kind, true, stream, "cudaMemcpy2DAsync");
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p) { return cudaMemcpy3DAsync(p, nullptr) ; }

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t) {
  if (!p) return recordError(cudaErrorInvalidValue);
  if (p->srcArray || p->dstArray) return loom::texture::copy3DWithArrays(p);  // emu/runtime/array_api.cpp
  const cudaExtent& e = p->extent;
  auto* src = static_cast<const char*>(p->srcPtr.ptr) +
              (p->srcPos.z * p->srcPtr.ysize + p->srcPos.y) * p->srcPtr.pitch + p->srcPos.x;
  auto* dst = static_cast<char*>(p->dstPtr.ptr) +
              (p->dstPos.z * p->dstPtr.ysize + p->dstPos.y) * p->dstPtr.pitch + p->dstPos.x;
  for (size_t z = 0; z < e.depth; ++z) {
    cudaError_t err = copy2D(dst + z * p->dstPtr.ysize * p->dstPtr.pitch, p->dstPtr.pitch,
                             src + z * p->srcPtr.ysize * p->srcPtr.pitch, p->srcPtr.pitch,
                             e.width, e.height, p->kind, false, nullptr, "cudaMemcpy3D");
    if (err != cudaSuccess) return err;
  }
  return cudaSuccess;
}

cudaError_t cudaMemset(void* devPtr, int value, size_t count) { return fill(devPtr, value, count, count, 1, false); }
cudaError_t cudaMemsetAsync(void* devPtr, int value, size_t count, cudaStream_t stream) {
  return fill(devPtr, value, count, count, 1, true, stream);
}
cudaError_t cudaMemset2D(void* devPtr, size_t pitch, int value, size_t width, size_t height) {
  return fill(devPtr, value, pitch, width, height, false);
}
cudaError_t cudaMemset2DAsync(void* devPtr, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream) {
  return fill(devPtr, value, pitch, width, height, true, stream);
}
cudaError_t cudaMemset3D(cudaPitchedPtr p, int value, cudaExtent e) {
  return fill(p.ptr, value, p.pitch, e.width, e.height * e.depth, false);
}
cudaError_t cudaMemset3DAsync(cudaPitchedPtr p, int value, cudaExtent e, cudaStream_t stream) {
  return fill(p.ptr, value, p.pitch, e.width, e.height * e.depth, true, stream);
}

cudaError_t cudaMemGetInfo(size_t* free, size_t* total) {
  if (!free || !total) return recordError(cudaErrorInvalidValue);
  auto& heap = DeviceHeap::instance();
  *total = heap.capacity();
  *free = heap.capacity() - heap.used();
  return stickyOr(cudaSuccess);
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* ptr) {
  if (!attributes) return recordError(cudaErrorInvalidValue);
  *attributes = cudaPointerAttributes{};
  attributes->type = memoryType(ptr);
  attributes->device = attributes->type == cudaMemoryTypeUnregistered ? -2 : 0;  // as the H100 answers
  bool dev = attributes->type != cudaMemoryTypeUnregistered;
  attributes->devicePointer = dev ? const_cast<void*>(ptr) : nullptr;
  attributes->hostPointer = attributes->type != cudaMemoryTypeDevice ? const_cast<void*>(ptr) : nullptr;
  return stickyOr(cudaSuccess);
}

// Symbols: __device__ and __constant__ variables are ordinary globals under Loom, addressed
// directly. The C++ overloads in cuda_runtime.h pass sizeof the variable for range checks.
cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t count, size_t offset,
                               cudaMemcpyKind kind) {
  if (!symbol) return recordError(cudaErrorInvalidSymbol);
  if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
    return recordError(cudaErrorInvalidMemcpyDirection);
  return copy(static_cast<char*>(const_cast<void*>(symbol)) + offset, src, count, cudaMemcpyDefault, false, nullptr,
              "cudaMemcpyToSymbol");
}
cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t count, size_t offset,
                                 cudaMemcpyKind kind) {
  if (!symbol) return recordError(cudaErrorInvalidSymbol);
  if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
    return recordError(cudaErrorInvalidMemcpyDirection);
  return copy(dst, static_cast<const char*>(symbol) + offset, count, cudaMemcpyDefault, false, nullptr,
              "cudaMemcpyFromSymbol");
}
cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, size_t count,
                                    size_t offset, cudaMemcpyKind kind, cudaStream_t stream) {
  if (!symbol) return recordError(cudaErrorInvalidSymbol);
  (void)kind;
  return copy(static_cast<char*>(const_cast<void*>(symbol)) + offset, src, count, cudaMemcpyDefault, true, stream,
              "cudaMemcpyToSymbolAsync");
}
cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t count, size_t offset,
                                      cudaMemcpyKind kind, cudaStream_t stream) {
  if (!symbol) return recordError(cudaErrorInvalidSymbol);
  (void)kind;
  return copy(dst, static_cast<const char*>(symbol) + offset, count, cudaMemcpyDefault, true, stream,
              "cudaMemcpyFromSymbolAsync");
}
cudaError_t cudaGetSymbolAddress(void** devPtr, const void* symbol) {
  if (!devPtr || !symbol) return recordError(cudaErrorInvalidSymbol);
  *devPtr = const_cast<void*>(symbol);
  return stickyOr(cudaSuccess);
}
cudaError_t cudaGetSymbolSize(size_t*, const void*) {
  // Without the variable's type the size is unknown; the C++ overload supplies it.
  return recordError(cudaErrorInvalidSymbol);
}

}  // extern "C"
