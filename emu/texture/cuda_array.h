// CUDA arrays (cudaArray_t, cudaMipmappedArray_t): texels stored densely, row after row and
// slice (or layer, or cube face) after slice, in memory from the device heap. The layout is
// Loom's own; user code only reaches it through copies, textures and surfaces.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "driver_types.h"
#include "texture/texel_format.h"
#include "texture_types.h"

struct cudaArray {
  loom::texture::TexelFormat format;
  size_t width = 0, height = 0, depth = 0;  // as given: 0 for unused dimensions
  unsigned flags = 0;
  uint8_t* data = nullptr;
  bool ownedByMipmap = false;

  size_t rows() const { return height ? height : 1; }
  size_t slices() const { return depth ? depth : 1; }
  size_t rowBytes() const { return width * format.elementSize(); }
  size_t sliceBytes() const { return rowBytes() * rows(); }
  size_t bytes() const { return sliceBytes() * slices(); }
  uint8_t* at(size_t x, size_t y, size_t z) const {
    return data + z * sliceBytes() + y * rowBytes() + x * format.elementSize();
  }
};

struct cudaMipmappedArray {
  std::vector<cudaArray*> levels;
};

namespace loom::texture {

// Whether a is an array that cudaMallocArray/cudaMalloc3DArray returned and is not yet freed.
bool isLiveArray(const cudaArray* a);

}  // namespace loom::texture
