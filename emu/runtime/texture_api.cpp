// Texture and surface objects (cudaCreateTextureObject and friends). Which descriptor
// combinations the driver refuses, and with which error, is as recorded on an H100
// (validate/results/h100-sm90/texture.*/outputs/configs.u32, last word of each entry).
#include <cstring>
#include <memory>

#include "cuda_runtime_api.h"
#include "runtime/device_queue.h"
#include "runtime/error_state.h"
#include "texture/cuda_array.h"
#include "texture/texture_object.h"

using namespace loom::runtime;
using namespace loom::texture;

namespace loom::texture {
unsigned long long addTexture(std::unique_ptr<TextureObject> o);
bool removeTexture(cudaTextureObject_t h);
unsigned long long addSurface(std::unique_ptr<SurfaceObject> o);
bool removeSurface(cudaSurfaceObject_t h);
}  // namespace loom::texture

namespace {

// Linear filtering needs a float result: integer texels must be read as normalized floats,
// which 32-bit integers cannot be. Normalized-float reads need 8- or 16-bit integers.
cudaError_t checkSampling(const TexelFormat& f, const cudaTextureDesc& d) {
  bool integer = !f.isFloat();
  if (d.filterMode == cudaFilterModeLinear && integer && (d.readMode == cudaReadModeElementType || f.bits == 32))
    return cudaErrorInvalidFilterSetting;
  if (d.readMode == cudaReadModeNormalizedFloat && (f.isFloat() || f.bits == 32)) return cudaErrorInvalidNormSetting;
  return cudaSuccess;
}

}  // namespace

extern "C" {

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* pTexObject, const cudaResourceDesc* pResDesc,
                                    const cudaTextureDesc* pTexDesc, const cudaResourceViewDesc* pResViewDesc) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s);
  if (!pTexObject || !pResDesc || !pTexDesc) return recordError(cudaErrorInvalidValue);
  auto o = std::make_unique<TextureObject>();
  if (cudaError_t e = resolveResource(*pResDesc, o->resource); e != cudaSuccess) return recordError(e);
  if (cudaError_t e = checkSampling(o->resource.format, *pTexDesc); e != cudaSuccess) return recordError(e);
  o->resourceDesc = *pResDesc;
  o->desc = *pTexDesc;
  std::memset(&o->view, 0, sizeof o->view);
  if (pResViewDesc) o->view = *pResViewDesc;
  *pTexObject = addTexture(std::move(o));
  return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
  if (texObject == 0) return stickyOr(cudaSuccess);
  DeviceQueue::instance().waitAll();  // kernels still reading it finish first
  if (!removeTexture(texObject)) return recordError(cudaErrorInvalidValue);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* pResDesc, cudaTextureObject_t texObject) {
  const TextureObject* o = findTexture(texObject);
  if (!pResDesc || !o) return recordError(cudaErrorInvalidValue);
  *pResDesc = o->resourceDesc;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* pTexDesc, cudaTextureObject_t texObject) {
  const TextureObject* o = findTexture(texObject);
  if (!pTexDesc || !o) return recordError(cudaErrorInvalidValue);
  *pTexDesc = o->desc;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc* pResViewDesc, cudaTextureObject_t texObject) {
  const TextureObject* o = findTexture(texObject);
  if (!pResViewDesc || !o) return recordError(cudaErrorInvalidValue);
  *pResViewDesc = o->view;
  return stickyOr(cudaSuccess);
}

// Surfaces read and write CUDA arrays made with cudaArraySurfaceLoadStore.
cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* pSurfObject, const cudaResourceDesc* pResDesc) {
  if (cudaError_t s = stickyError(); s != cudaSuccess) return recordError(s);
  if (!pSurfObject || !pResDesc || pResDesc->resType != cudaResourceTypeArray) return recordError(cudaErrorInvalidValue);
  const cudaArray* a = pResDesc->res.array.array;
  if (!a || !isLiveArray(a)) return recordError(cudaErrorInvalidResourceHandle);
  if (!(a->flags & cudaArraySurfaceLoadStore)) return recordError(cudaErrorInvalidValue);
  auto o = std::make_unique<SurfaceObject>();
  if (cudaError_t e = resolveResource(*pResDesc, o->resource); e != cudaSuccess) return recordError(e);
  o->resourceDesc = *pResDesc;
  *pSurfObject = addSurface(std::move(o));
  return cudaSuccess;
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
  if (surfObject == 0) return stickyOr(cudaSuccess);
  DeviceQueue::instance().waitAll();
  if (!removeSurface(surfObject)) return recordError(cudaErrorInvalidValue);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc* pResDesc, cudaSurfaceObject_t surfObject) {
  const SurfaceObject* o = findSurface(surfObject);
  if (!pResDesc || !o) return recordError(cudaErrorInvalidValue);
  *pResDesc = o->resourceDesc;
  return stickyOr(cudaSuccess);
}

}  // extern "C"
