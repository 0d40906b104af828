// Handles of texture and surface objects, and the validation of their descriptors.
#include "texture/texture_object.h"

#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>

#include "texture/cuda_array.h"

namespace loom::texture {

cudaError_t resolveResource(const cudaResourceDesc& d, Resource& r) {
  r = Resource{};
  r.type = d.resType;
  switch (d.resType) {
    case cudaResourceTypeArray:
    case cudaResourceTypeMipmappedArray: {
      const cudaArray* a = d.resType == cudaResourceTypeArray
                               ? d.res.array.array
                               : (d.res.mipmap.mipmap && !d.res.mipmap.mipmap->levels.empty()
                                      ? d.res.mipmap.mipmap->levels[0]  // level 0: Loom samples no other level
                                      : nullptr);
      if (!a || !isLiveArray(a)) return cudaErrorInvalidResourceHandle;
      r.base = a->data;
      r.format = a->format;
      r.width = a->width;
      r.height = a->height;
      r.depth = a->depth;
      r.rowPitch = a->rowBytes();
      r.slicePitch = a->sliceBytes();
      r.layered = (a->flags & cudaArrayLayered) != 0;
      r.cubemap = (a->flags & cudaArrayCubemap) != 0;
      return cudaSuccess;
    }
    case cudaResourceTypeLinear: {
      auto f = texelFormat(d.res.linear.desc);
      if (!f) return cudaErrorInvalidChannelDescriptor;
      if (!d.res.linear.devPtr) return cudaErrorInvalidValue;
      r.base = static_cast<uint8_t*>(d.res.linear.devPtr);
      r.format = *f;
      r.width = d.res.linear.sizeInBytes / f->elementSize();
      r.rowPitch = d.res.linear.sizeInBytes;
      r.slicePitch = r.rowPitch;
      return cudaSuccess;
    }
    case cudaResourceTypePitch2D: {
      auto f = texelFormat(d.res.pitch2D.desc);
      if (!f) return cudaErrorInvalidChannelDescriptor;
      if (!d.res.pitch2D.devPtr || d.res.pitch2D.pitchInBytes < d.res.pitch2D.width * f->elementSize())
        return cudaErrorInvalidValue;
      r.base = static_cast<uint8_t*>(d.res.pitch2D.devPtr);
      r.format = *f;
      r.width = d.res.pitch2D.width;
      r.height = d.res.pitch2D.height;
      r.rowPitch = d.res.pitch2D.pitchInBytes;
      r.slicePitch = r.rowPitch * r.height;
      return cudaSuccess;
    }
  }
  return cudaErrorInvalidValue;
}

namespace {
template <class T> struct Registry {
  std::shared_mutex mutex;
  std::map<unsigned long long, std::unique_ptr<T>> objects;
  unsigned long long next = 1;
};
Registry<TextureObject>& textures() {
  static Registry<TextureObject> r;
  return r;
}
Registry<SurfaceObject>& surfaces() {
  static Registry<SurfaceObject> r;
  return r;
}
template <class T> const T* find(Registry<T>& r, unsigned long long h) {
  std::shared_lock<std::shared_mutex> lock(r.mutex);
  auto it = r.objects.find(h);
  return it == r.objects.end() ? nullptr : it->second.get();
}
}  // namespace

const TextureObject* findTexture(cudaTextureObject_t h) { return find(textures(), h); }
const SurfaceObject* findSurface(cudaSurfaceObject_t h) { return find(surfaces(), h); }

template <class T> unsigned long long add(Registry<T>& r, std::unique_ptr<T> o) {
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  unsigned long long h = r.next++;
  r.objects[h] = std::move(o);
  return h;
}
template <class T> bool remove(Registry<T>& r, unsigned long long h) {
  std::unique_lock<std::shared_mutex> lock(r.mutex);
  return r.objects.erase(h) != 0;
}

unsigned long long addTexture(std::unique_ptr<TextureObject> o) { return add(textures(), std::move(o)); }
bool removeTexture(cudaTextureObject_t h) { return remove(textures(), h); }
unsigned long long addSurface(std::unique_ptr<SurfaceObject> o) { return add(surfaces(), std::move(o)); }
bool removeSurface(cudaSurfaceObject_t h) { return remove(surfaces(), h); }

}  // namespace loom::texture
