// From a fetch coordinate to texel indices and 8-bit filter weights, along one axis
// (HARDWARE_NOTES.md, "Texture fetching"; CUDA Programming Guide, appendix "Texture Fetching";
// seed 001, 10.5, tex1d_9bit).
#pragma once

#include <cmath>
#include <cstdint>

namespace loom::isa {

// Normalized coordinates keep 21 fractional bits: u is truncated (toward -infinity) to a
// multiple of 2^-21 before it is scaled by the texture size.
// Floats of magnitude 2^24 and more (and infinities) are even integers: they all address like
// 2^24 (wrap and mirror land on texel 0, as recorded). u may be a double (cube map faces).
inline double normalizedToTexel(double u, int64_t n) {
  if (std::fabs(u) >= 16777216.0) u = std::copysign(16777216.0, u);
  double t = std::floor(u * 2097152.0) / 2097152.0;
  return t * (double)n;
}

// The coordinate in texel units: scaled when the texture uses normalized coordinates.
// A NaN coordinate addresses like 0 (recorded: with linear filtering it blends texels -1 and 0).
inline double texelCoordinate(float c, int64_t n, bool normalized) {
  if (c != c) return 0.0;
  return normalized ? normalizedToTexel(c, n) : (double)c;
}

// Indices far outside any texture behave alike; bound them so integer arithmetic stays defined.
inline int64_t boundedFloor(double x) {
  if (!(x == x)) return 0;
  if (x > 1e15) return (int64_t)1e15;
  if (x < -1e15) return (int64_t)-1e15;
  return (int64_t)std::floor(x);
}

// Point sampling: the texel containing x.
inline int64_t pointIndex(double x) { return boundedFloor(x); }

// Linear filtering: texels i and i+1 around x - 0.5, the weight of i+1 in 256ths (0..256).
struct LinearAxis {
  int64_t i;
  uint32_t alpha256;
};

inline LinearAxis linearAxis(double x) {
  double xb = x - 0.5;
  int64_t i = boundedFloor(xb);
  double frac = xb - std::floor(xb);
  if (!(xb == xb) || std::fabs(xb) > 1e15) frac = 0.0;
  // floor(256 * frac + 1/2): ties round up, and the weight may reach 256/256.
  return LinearAxis{i, (uint32_t)std::floor(frac * 256.0 + 0.5)};
}

}  // namespace loom::isa
