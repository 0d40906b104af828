// CUDA arrays: allocation, description and copies (cudaMallocArray, cudaMalloc3DArray with the
// layered, cubemap, surface and gather flags, mipmapped arrays, cudaArrayGetInfo, the
// ToArray/FromArray copies and cudaMemcpy3D with arrays). Copies wait for earlier device work
// and run at once, as CUDA's synchronous copies do. Answers recorded on an H100:
// validate/results/h100-sm90/texture.api.
#include <cstring>
#include <mutex>
#include <set>

#include "check/sanitizer/findings.h"
#include "check/sanitizer/initcheck.h"
#include "cuda_runtime_api.h"
#include "mem/device_heap.h"
#include "runtime/device_queue.h"
#include "runtime/error_state.h"
#include "texture/cuda_array.h"

using namespace loom::runtime;
using loom::mem::AllocationKind;
using loom::mem::DeviceHeap;

namespace {

std::mutex gMutex;
std::set<const cudaArray*> gArrays;
std::set<const cudaMipmappedArray*> gMipmaps;

// A new array, or an error: the descriptor must be a texel format, the extent fit the flags.
cudaError_t makeArray(cudaArray** out, const cudaChannelFormatDesc* desc, cudaExtent e, unsigned flags) {
  if (!out || !desc) return cudaErrorInvalidValue;
  auto format = loom::texture::texelFormat(*desc);
  if (!format) return cudaErrorInvalidChannelDescriptor;
  if (e.width == 0) return cudaErrorInvalidValue;
  if (e.height == 0 && e.depth != 0 && !(flags & cudaArrayLayered)) return cudaErrorInvalidValue;
  if (flags & cudaArrayCubemap) {
    size_t faces = e.depth;
    if (e.width != e.height) return cudaErrorInvalidValue;
    if ((flags & cudaArrayLayered) ? faces % 6 != 0 || faces == 0 : faces != 6) return cudaErrorInvalidValue;
  }
  auto* a = new cudaArray;
  a->format = *format;
  a->width = e.width;
  a->height = e.height;
  a->depth = e.depth;
  a->flags = flags;
  a->data = static_cast<uint8_t*>(DeviceHeap::instance().allocate(a->bytes(), AllocationKind::Device));
  if (!a->data) {
    delete a;
    return cudaErrorMemoryAllocation;
  }
  std::memset(a->data, 0, a->bytes());
  std::lock_guard<std::mutex> lock(gMutex);
  gArrays.insert(a);
  *out = a;
  return cudaSuccess;
}

void destroyArray(cudaArray* a) {
  DeviceHeap::instance().release(a->data, [](AllocationKind) { return true; });
  delete a;
}

// One rectangular copy: rows of `bytes` bytes, `rows` rows per slice, `slices` slices.
struct Span {
  uint8_t* base;
  size_t rowPitch, slicePitch;
};

void copyBox(Span dst, Span src, size_t bytes, size_t rows, size_t slices) {
  DeviceQueue::instance().waitAll();
  bool init = loom::check::sanitizer::tool() == loom::check::sanitizer::Tool::Initcheck;
  for (size_t z = 0; z < slices; ++z) {
    // initcheck: an array's contents are not tracked; what it copies into device memory counts as written.
    if (init) [[unlikely]] loom::check::sanitizer::initcheck::hostWrote(dst.base + z * dst.slicePitch, dst.rowPitch, bytes, rows);
    for (size_t y = 0; y < rows; ++y)
      std::memmove(dst.base + z * dst.slicePitch + y * dst.rowPitch, src.base + z * src.slicePitch + y * src.rowPitch,
                   bytes);
  }
}

bool live(const cudaArray* a) {
  std::lock_guard<std::mutex> lock(gMutex);
  return a && gArrays.count(a);
}

// Whether a box of `bytes` x rows x slices at byte offset x, row y, slice z fits in the array.
bool fits(const cudaArray* a, size_t x, size_t y, size_t z, size_t bytes, size_t rows, size_t slices) {
  return x + bytes <= a->rowBytes() && y + rows <= a->rows() && z + slices <= a->slices();
}

cudaError_t copy2D(cudaArray* a, size_t wOffset, size_t hOffset, void* mem, size_t pitch, size_t width, size_t height,
                   bool toArray, const char* api = __builtin_FUNCTION()) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s, api);
  if (!live(a)) return recordError(cudaErrorInvalidResourceHandle, api);
  if (width == 0 || height == 0) return cudaSuccess;
  if (!mem || width > pitch) return recordError(cudaErrorInvalidValue, api);
  if (!fits(a, wOffset, hOffset, 0, width, height, 1)) return recordError(cudaErrorInvalidValue, api);
  Span arr{a->data + hOffset * a->rowBytes() + wOffset, a->rowBytes(), a->sliceBytes()};
  Span lin{static_cast<uint8_t*>(mem), pitch, pitch * height};
  if (toArray) copyBox(arr, lin, width, height, 1);
  else copyBox(lin, arr, width, height, 1);
  return cudaSuccess;
}

// cudaMemcpyToArray/FromArray: count bytes from (wOffset, hOffset), continuing row after row.
cudaError_t copyLinear(cudaArray* a, size_t wOffset, size_t hOffset, void* mem, size_t count, bool toArray, const char* api = __builtin_FUNCTION()) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s, api);
  if (!live(a)) return recordError(cudaErrorInvalidResourceHandle, api);
  if (count == 0) return cudaSuccess;
  size_t start = hOffset * a->rowBytes() + wOffset;
  if (!mem || wOffset > a->rowBytes() || start + count > a->bytes()) return recordError(cudaErrorInvalidValue, api);
  DeviceQueue::instance().waitAll();
  if (toArray) std::memmove(a->data + start, mem, count);
  else std::memmove(mem, a->data + start, count);
  if (!toArray && loom::check::sanitizer::tool() == loom::check::sanitizer::Tool::Initcheck) [[unlikely]]
    loom::check::sanitizer::initcheck::hostWrote(mem, count, count, 1);
  return cudaSuccess;
}

}  // namespace

namespace loom::texture {
bool isLiveArray(const cudaArray* a) { return live(a); }

// cudaMemcpy3D when either side is an array (positions and width in elements there).
cudaError_t copy3DWithArrays(const cudaMemcpy3DParms* p, const char* api) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s, api);
  if ((p->srcArray && !live(p->srcArray)) || (p->dstArray && !live(p->dstArray)))
    return recordError(cudaErrorInvalidResourceHandle, api);
  const cudaArray* any = p->srcArray ? p->srcArray : p->dstArray;
  size_t es = any->format.elementSize();
  if (p->srcArray && p->dstArray && p->srcArray->format.elementSize() != p->dstArray->format.elementSize())
    return recordError(cudaErrorInvalidValue, api);
  size_t bytes = p->extent.width * es, rows = p->extent.height, slices = p->extent.depth;
  if (bytes == 0 || rows == 0 || slices == 0) return cudaSuccess;
  auto side = [&](cudaArray* a, const cudaPos& pos, const cudaPitchedPtr& ptr, Span& span) -> bool {
    if (a) {
      if (!fits(a, pos.x * es, pos.y, pos.z, bytes, rows, slices)) return false;
      span = Span{a->at(pos.x, pos.y, pos.z), a->rowBytes(), a->sliceBytes()};
      return true;
    }
    if (!ptr.ptr || bytes + pos.x > ptr.pitch) return false;
    size_t slicePitch = ptr.pitch * ptr.ysize;
    span = Span{static_cast<uint8_t*>(ptr.ptr) + pos.z * slicePitch + pos.y * ptr.pitch + pos.x, ptr.pitch, slicePitch};
    return true;
  };
  Span src{}, dst{};
  if (!side(p->srcArray, p->srcPos, p->srcPtr, src) || !side(p->dstArray, p->dstPos, p->dstPtr, dst))
    return recordError(cudaErrorInvalidValue, api);
  copyBox(dst, src, bytes, rows, slices);
  return cudaSuccess;
}
}  // namespace loom::texture

extern "C" {

cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, size_t width, size_t height,
                            unsigned int flags) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s);
  return recordError(makeArray(array, desc, cudaExtent{width, height, 0}, flags));
}

cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                              unsigned int flags) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s);
  return recordError(makeArray(array, desc, extent, flags));
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  if (!array) return stickyOr(cudaSuccess);
  DeviceQueue::instance().waitAll();
  {
    std::lock_guard<std::mutex> lock(gMutex);
    if (!gArrays.count(array) || array->ownedByMipmap) return recordError(cudaErrorInvalidValue);
    gArrays.erase(array);
  }
  destroyArray(array);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t* mipmappedArray, const cudaChannelFormatDesc* desc,
                                     cudaExtent extent, unsigned int numLevels, unsigned int flags) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s);
  if (!mipmappedArray || numLevels == 0) return recordError(cudaErrorInvalidValue);
  auto* m = new cudaMipmappedArray;
  cudaExtent e = extent;
  for (unsigned level = 0; level < numLevels; ++level) {
    cudaArray* a = nullptr;
    if (cudaError_t err = makeArray(&a, desc, e, flags); err != cudaSuccess) {
      for (cudaArray* l : m->levels) cudaFreeArray(l);
      delete m;
      return recordError(err);
    }
    a->ownedByMipmap = true;
    m->levels.push_back(a);
    auto half = [](size_t v) { return v > 1 ? v / 2 : v; };
    e = cudaExtent{half(e.width), half(e.height), (flags & cudaArrayLayered) ? e.depth : half(e.depth)};
  }
  std::lock_guard<std::mutex> lock(gMutex);
  gMipmaps.insert(m);
  *mipmappedArray = m;
  return cudaSuccess;
}

cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t* levelArray, cudaMipmappedArray_const_t m, unsigned int level) {
  if (!levelArray) return recordError(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(gMutex);
  if (!gMipmaps.count(m)) return recordError(cudaErrorInvalidResourceHandle);
  if (level >= m->levels.size()) return recordError(cudaErrorInvalidValue);
  *levelArray = m->levels[level];
  return cudaSuccess;
}

cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t m) {
  if (!m) return stickyOr(cudaSuccess);
  DeviceQueue::instance().waitAll();
  {
    std::lock_guard<std::mutex> lock(gMutex);
    if (!gMipmaps.count(m)) return recordError(cudaErrorInvalidValue);
    gMipmaps.erase(m);
    for (cudaArray* a : m->levels) gArrays.erase(a);
  }
  for (cudaArray* a : m->levels) destroyArray(a);
  delete m;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags, cudaArray_t a) {
  if (!live(a)) return recordError(cudaErrorInvalidResourceHandle);
  if (desc) *desc = a->format.desc;
  if (extent) *extent = cudaExtent{a->width, a->height, a->depth};
  if (flags) *flags = a->flags;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t a) {
  if (!desc) return recordError(cudaErrorInvalidValue);
  if (!live(a)) return recordError(cudaErrorInvalidResourceHandle);
  *desc = a->format.desc;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t count,
                              cudaMemcpyKind) {
  return copyLinear(dst, wOffset, hOffset, const_cast<void*>(src), count, true);
}
cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, size_t wOffset, size_t hOffset, size_t count,
                                cudaMemcpyKind) {
  return copyLinear(const_cast<cudaArray*>(src), wOffset, hOffset, dst, count, false);
}
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src, size_t spitch,
                                size_t width, size_t height, cudaMemcpyKind) {
  return copy2D(dst, wOffset, hOffset, const_cast<void*>(src), spitch, width, height, true);
}
cudaError_t cudaMemcpy2DFromArray(void* dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                  size_t width, size_t height, cudaMemcpyKind) {
  return copy2D(const_cast<cudaArray*>(src), wOffset, hOffset, dst, dpitch, width, height, false);
}
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void* src,
                                     size_t spitch, size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
}
cudaError_t cudaMemcpy2DFromArrayAsync(void* dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                       size_t hOffset, size_t width, size_t height, cudaMemcpyKind kind,
                                       cudaStream_t) {
  return cudaMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind);
}

}  // extern "C"
