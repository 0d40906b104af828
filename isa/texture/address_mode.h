// Texture address modes on integer texel indices (HARDWARE_NOTES.md, "Texture fetching"):
// the mode is applied to each texel index a fetch touches, after filtering picked them.
#pragma once

#include <cstdint>

namespace loom::isa {

// Numbered as cudaTextureAddressMode.
enum class AddressMode { Wrap = 0, Clamp = 1, Mirror = 2, Border = 3 };

inline constexpr int64_t kBorderTexel = -1;

// The texel index that i addresses in an axis of n texels, or kBorderTexel (border colour).
constexpr int64_t applyAddressMode(int64_t i, int64_t n, AddressMode mode) {
  switch (mode) {
    case AddressMode::Wrap: {
      int64_t r = i % n;
      return r < 0 ? r + n : r;
    }
    case AddressMode::Mirror: {
      int64_t p = i % (2 * n);
      if (p < 0) p += 2 * n;
      return p < n ? p : 2 * n - 1 - p;
    }
    case AddressMode::Border: return i < 0 || i >= n ? kBorderTexel : i;
    case AddressMode::Clamp:
    default: return i < 0 ? 0 : (i >= n ? n - 1 : i);
  }
}

// Wrap and mirror need normalized coordinates; with unnormalized ones CUDA falls back to clamp.
constexpr AddressMode effectiveAddressMode(AddressMode mode, bool normalizedCoords) {
  if (!normalizedCoords && (mode == AddressMode::Wrap || mode == AddressMode::Mirror)) return AddressMode::Clamp;
  return mode;
}

}  // namespace loom::isa
