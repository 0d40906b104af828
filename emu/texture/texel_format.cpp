#include "texture/texel_format.h"

namespace loom::texture {

std::optional<TexelFormat> texelFormat(const cudaChannelFormatDesc& d) {
  TexelFormat f;
  f.desc = d;
  f.kind = d.f;
  if (d.f != cudaChannelFormatKindSigned && d.f != cudaChannelFormatKindUnsigned && d.f != cudaChannelFormatKindFloat)
    return std::nullopt;
  int b = d.x;
  if (b != 8 && b != 16 && b != 32) return std::nullopt;
  if (d.f == cudaChannelFormatKindFloat && b == 8) return std::nullopt;
  if (d.y == 0 && d.z == 0 && d.w == 0) f.channels = 1;
  else if (d.y == b && d.z == 0 && d.w == 0) f.channels = 2;
  else if (d.y == b && d.z == b && d.w == b) f.channels = 4;
  else return std::nullopt;
  f.bits = b;
  return f;
}

}  // namespace loom::texture
