// Filter weights of linear filtering, in 256ths (HARDWARE_NOTES.md, "Texture fetching";
// validate/results/h100-sm90/texture.dense). 1D: 256-a and a. 2D: the corner weight
// w11 = round(a*b/256) (ties up) and the others follow so that the four sum to exactly 256.
// 3D: see weights3D (the rule is still open).
#pragma once

#include <cstdint>

namespace loom::isa {

constexpr int32_t roundedProduct256(int32_t x, int32_t y) { return (x * y + 128) / 256; }

// Texels (i, i+1).
struct Weights1D {
  int32_t w[2];
};
constexpr Weights1D weights1D(uint32_t a) { return Weights1D{{256 - (int32_t)a, (int32_t)a}}; }

// Texels (i,j), (i+1,j), (i,j+1), (i+1,j+1).
struct Weights2D {
  int32_t w[4];
};
constexpr Weights2D weights2D(uint32_t a, uint32_t b) {
  int32_t w11 = roundedProduct256((int32_t)a, (int32_t)b);
  return Weights2D{{256 - (int32_t)a - (int32_t)b + w11, (int32_t)a - w11, (int32_t)b - w11, w11}};
}

// Texels (i + dx, j + dy, k + dz) at index dx + 2*dy + 4*dz. The weight 256 is split along z,
// each part along x, each of those along y, the part toward +1 being round(w*t/256) (ties up)
// and the rest its complement, so the eight always sum to 256. This matches the device's
// weights (validate/results/h100-sm90/texture.trilinear: one-hot 2x2x2 textures) for 96.8% of
// random (a, b, c); the exact rule is still open (known divergence "trilinear").
struct Weights3D {
  int32_t w[8];
};
constexpr Weights3D weights3D(uint32_t a, uint32_t b, uint32_t c) {
  Weights3D out{};
  for (int dz = 0; dz < 2; ++dz) {
    int32_t cz = roundedProduct256(256, (int32_t)c);
    int32_t wz = dz ? cz : 256 - cz;
    int32_t ax = roundedProduct256(wz, (int32_t)a);
    for (int dx = 0; dx < 2; ++dx) {
      int32_t wx = dx ? ax : wz - ax;
      int32_t by = roundedProduct256(wx, (int32_t)b);
      out.w[dx + 2 + 4 * dz] = by;
      out.w[dx + 4 * dz] = wx - by;
    }
  }
  return out;
}

}  // namespace loom::isa
