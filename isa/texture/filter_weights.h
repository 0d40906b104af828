// Filter weights of linear filtering, in 256ths (HARDWARE_NOTES.md, "Texture fetching";
// validate/results/h100-sm90/texture.dense). 1D: 256-a and a. 2D: the corner weight
// w11 = round(a*b/256) (ties up) and the others follow so that the four sum to exactly 256.
// 3D: see weights3D.
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

// Texels (i + dx, j + dy, k + dz) at index dx + 2*dy + 4*dz. The weight 256 is split along z
// (256 - c, c), each part along x (the x+1 part round(w*a/256)), each of those along y: at x+1
// the y+1 part is round(w*b/256), at x+0 the y+0 part is round(w*(256-b)/256); every rounding
// is half up, so a tie favours y+1 at x+1 and y+0 at x+0. This reproduces all 4096 weight sets
// measured on the H100 (validate/results/h100-sm90/texture.trilinear: one-hot 2x2x2 textures).
struct Weights3D {
  int32_t w[8];
};
constexpr Weights3D weights3D(uint32_t a, uint32_t b, uint32_t c) {
  Weights3D out{};
  for (int dz = 0; dz < 2; ++dz) {
    int32_t wz = dz ? (int32_t)c : 256 - (int32_t)c;
    int32_t x1 = roundedProduct256(wz, (int32_t)a);
    for (int dx = 0; dx < 2; ++dx) {
      int32_t w = dx ? x1 : wz - x1;
      int32_t y1 = dx ? roundedProduct256(w, (int32_t)b) : w - roundedProduct256(w, 256 - (int32_t)b);
      out.w[dx + 2 + 4 * dz] = y1;
      out.w[dx + 4 * dz] = w - y1;
    }
  }
  return out;
}

}  // namespace loom::isa
