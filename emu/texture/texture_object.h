// Texture and surface objects: what cudaCreateTextureObject/cudaCreateSurfaceObject were given,
// resolved to the memory and shape the fetch engine reads, behind a handle.
#pragma once

#include <cstddef>
#include <cstdint>

#include "texture/texel_format.h"
#include "texture_types.h"

namespace loom::texture {

// The texels a texture or surface reads: dense rows and slices from base.
struct Resource {
  cudaResourceType type = cudaResourceTypeArray;
  uint8_t* base = nullptr;
  TexelFormat format;
  size_t width = 0, height = 0, depth = 0;  // 0 for an unused dimension (as in cudaExtent)
  size_t rowPitch = 0, slicePitch = 0;
  bool layered = false, cubemap = false;

  size_t rows() const { return height ? height : 1; }
  size_t slices() const { return depth ? depth : 1; }
  const uint8_t* at(size_t x, size_t y, size_t z) const {
    return base + z * slicePitch + y * rowPitch + x * format.elementSize();
  }
};

struct TextureObject {
  Resource resource;
  cudaResourceDesc resourceDesc;
  cudaTextureDesc desc;
  cudaResourceViewDesc view;
};

struct SurfaceObject {
  Resource resource;
  cudaResourceDesc resourceDesc;
};

// Resolves a resource descriptor (array, level 0 of a mipmapped array, linear, pitch 2D), or
// returns the error cudaCreateTextureObject gives for it.
cudaError_t resolveResource(const cudaResourceDesc& desc, Resource& out);

// The texture object behind a handle, or null (a destroyed or never created handle).
const TextureObject* findTexture(cudaTextureObject_t handle);
const SurfaceObject* findSurface(cudaSurfaceObject_t handle);

}  // namespace loom::texture
