// sRGB decode of 8-bit unsigned normalized channels (cudaTextureDesc::sRGB): red, green and blue
// are decoded, alpha is not, and filtering happens after the decode (HARDWARE_NOTES.md).
#pragma once

#include <cmath>
#include <cstdint>

namespace loom::isa {

// The sRGB transfer function's inverse (IEC 61966-2-1), correctly rounded to float.
inline float srgbToLinear(uint8_t v) {
  double c = v / 255.0;
  double l = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  return (float)l;
}

}  // namespace loom::isa
