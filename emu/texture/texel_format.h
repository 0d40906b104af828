// A CUDA channel format descriptor, validated and reduced to what the texture engine needs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include "driver_types.h"

namespace loom::texture {

struct TexelFormat {
  int bits = 0;  // per channel: 8, 16 or 32 (every channel has the same width)
  int channels = 0;  // 1, 2 or 4
  cudaChannelFormatKind kind = cudaChannelFormatKindNone;
  cudaChannelFormatDesc desc{};

  size_t elementSize() const { return (size_t)bits / 8 * channels; }
  bool isFloat() const { return kind == cudaChannelFormatKindFloat; }
  bool isSigned() const { return kind == cudaChannelFormatKindSigned; }
};

// The formats CUDA arrays and texture resources accept: equal widths of 8/16/32 bits (16/32 for
// floats) in channels x, x+y or x+y+z+w, of kind signed, unsigned or float. Others: nullopt.
std::optional<TexelFormat> texelFormat(const cudaChannelFormatDesc& desc);

}  // namespace loom::texture
