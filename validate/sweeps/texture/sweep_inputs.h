// sweep_inputs.h: deterministic inputs of the texture sweep (texel formats, random texels,
// random and adversarial coordinates). Host code only, valid C++17, shared by the nvcc build
// (device campaign) and the loom-cc build (CI), so both runs fetch the same texels at the same
// coordinates. Every float is produced by exact operations (integer -> float conversions,
// multiplications by powers of two, one float division per normalized coordinate), so the two
// host compilers agree bit for bit; the program also records the coordinates it used.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

namespace sweep {

// splitmix64: a tiny, well-mixed generator with a 64-bit state.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed) {}
  uint64_t next() {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint32_t u32() { return (uint32_t)(next() >> 32); }
  int range(int lo, int hi) { return lo + (int)(u32() % (uint32_t)(hi - lo + 1)); }  // [lo, hi]
  float unit24() { return (float)(u32() >> 8) * (1.0f / 16777216.0f); }              // [0, 1)
};

inline float bitsToFloat(uint32_t b) { float f; std::memcpy(&f, &b, 4); return f; }
inline uint32_t floatToBits(float f) { uint32_t b; std::memcpy(&b, &f, 4); return b; }

// One texel format: element type of each channel and the number of channels.
struct Format {
  const char* name;
  int bits;                    // 8, 16, 32
  cudaChannelFormatKind kind;  // Signed, Unsigned, Float
  int channels;                // 1, 2, 4
  int elementSize() const { return bits / 8 * channels; }
  bool isFloat() const { return kind == cudaChannelFormatKindFloat; }
  cudaChannelFormatDesc desc() const {
    int b = bits;
    return cudaCreateChannelDesc(b, channels > 1 ? b : 0, channels > 2 ? b : 0, channels > 3 ? b : 0, kind);
  }
};

// Every texel format of the issue: 8/16/32-bit signed and unsigned, half, float; 1, 2, 4 channels.
inline const std::vector<Format>& allFormats() {
  static const std::vector<Format> f = {
      {"u8x1", 8, cudaChannelFormatKindUnsigned, 1},   {"u8x2", 8, cudaChannelFormatKindUnsigned, 2},
      {"u8x4", 8, cudaChannelFormatKindUnsigned, 4},   {"s8x1", 8, cudaChannelFormatKindSigned, 1},
      {"s8x2", 8, cudaChannelFormatKindSigned, 2},     {"s8x4", 8, cudaChannelFormatKindSigned, 4},
      {"u16x1", 16, cudaChannelFormatKindUnsigned, 1}, {"u16x2", 16, cudaChannelFormatKindUnsigned, 2},
      {"u16x4", 16, cudaChannelFormatKindUnsigned, 4}, {"s16x1", 16, cudaChannelFormatKindSigned, 1},
      {"s16x2", 16, cudaChannelFormatKindSigned, 2},   {"s16x4", 16, cudaChannelFormatKindSigned, 4},
      {"u32x1", 32, cudaChannelFormatKindUnsigned, 1}, {"u32x2", 32, cudaChannelFormatKindUnsigned, 2},
      {"u32x4", 32, cudaChannelFormatKindUnsigned, 4}, {"s32x1", 32, cudaChannelFormatKindSigned, 1},
      {"s32x2", 32, cudaChannelFormatKindSigned, 2},   {"s32x4", 32, cudaChannelFormatKindSigned, 4},
      {"f16x1", 16, cudaChannelFormatKindFloat, 1},    {"f16x2", 16, cudaChannelFormatKindFloat, 2},
      {"f16x4", 16, cudaChannelFormatKindFloat, 4},    {"f32x1", 32, cudaChannelFormatKindFloat, 1},
      {"f32x2", 32, cudaChannelFormatKindFloat, 2},    {"f32x4", 32, cudaChannelFormatKindFloat, 4},
  };
  return f;
}

// A random finite float with a spread of magnitudes and signs, 24 random mantissa bits.
inline float randomFloat(Rng& r) {
  int pick = r.range(0, 9);
  float m = (float)(r.u32() >> 8) + 8388608.0f;  // [2^23, 2^24): exact
  int e = pick < 6 ? r.range(-30, -20) : (pick < 8 ? r.range(-45, 0) : r.range(-150, 80));
  float v = m;
  for (; e > 0; --e) v *= 2.0f;
  for (; e < 0; ++e) v *= 0.5f;
  return (r.u32() & 1) ? -v : v;
}

// A random finite half (bit pattern): exponent field 0..30.
inline uint16_t randomHalfBits(Rng& r) {
  uint16_t b = (uint16_t)(r.u32() & 0xFFFF);
  if (((b >> 10) & 0x1F) == 0x1F) b = (uint16_t)(b & ~0x4000);  // inf/NaN -> finite
  return b;
}

// count texels of format f as raw little-endian bytes.
inline std::vector<uint8_t> randomTexels(const Format& f, size_t count, Rng& r) {
  std::vector<uint8_t> out(count * f.elementSize());
  size_t comps = count * f.channels;
  for (size_t i = 0; i < comps; ++i) {
    if (f.bits == 8) {
      out[i] = (uint8_t)r.u32();
    } else if (f.bits == 16) {
      uint16_t v = f.isFloat() ? randomHalfBits(r) : (uint16_t)r.u32();
      std::memcpy(&out[i * 2], &v, 2);
    } else {
      uint32_t v = f.isFloat() ? floatToBits(randomFloat(r)) : r.u32();
      std::memcpy(&out[i * 4], &v, 4);
    }
  }
  return out;
}

// One coordinate in texel units along an axis of n texels: random and adversarial.
inline float axisCoordinate(Rng& r, int n) {
  switch (r.range(0, 11)) {
    case 0:
    case 1:  // exact k/256 steps of the filter weight: x - 0.5 has fraction k/256
      return (float)r.range(-n, 2 * n) + 0.5f + (float)r.range(0, 255) / 256.0f;
    case 2:  // half-steps: the 9-bit weight's rounding tie
      return (float)r.range(-n, 2 * n) + 0.5f + (float)(2 * r.range(0, 255) + 1) / 512.0f;
    case 3:  // texel centres and texel edges
      return (float)r.range(-2, n + 2) + ((r.u32() & 1) ? 0.5f : 0.0f);
    case 4:  // full-precision random, in and around the texture
      return -2.0f * n + r.unit24() * 5.0f * n;
    case 5:
    case 6:
      return r.unit24() * n;
    case 7:  // small negatives
      return -r.unit24() * ((r.u32() & 1) ? 1.0f : 1.0f / 4096.0f);
    case 8: {  // huge
      float h = (float)(r.u32() >> 8) * (float)(1 << r.range(0, 20));
      return (r.u32() & 1) ? -h : h;
    }
    case 9: {  // just below and above texel boundaries
      float b = (float)r.range(0, n);
      float eps = (float)r.range(1, 64) / 16777216.0f * (b == 0 ? 1.0f : b);
      return (r.u32() & 1) ? b - eps : b + eps;
    }
    case 10:  // 1/1024 steps (sub-weight resolution)
      return (float)r.range(-1, n) + (float)r.range(0, 1023) / 1024.0f;
    default:
      return (float)r.range(-3 * n, 4 * n) * 0.25f;
  }
}

// One normalized coordinate for an axis of n texels.
inline float normalizedCoordinate(Rng& r, int n) {
  int pick = r.range(0, 9);
  if (pick < 6) return axisCoordinate(r, n) / (float)n;
  if (pick < 8) return -1.0f + 3.0f * r.unit24();  // all 24 mantissa bits: probes 2^-21 truncation
  float k = (float)r.range(-(1 << 21), 2 << 21);   // multiples of 2^-21, just off them
  float u = k / 2097152.0f;
  float eps = (float)r.range(-3, 3) / 16777216.0f;
  return u + eps;
}

// A few special coordinates each set ends with: infinities, NaN, signed zeros.
inline float specialCoordinate(int i) {
  static const uint32_t bits[] = {0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x80000000u, 0x00000000u,
                                  0x00000001u, 0x7F7FFFFFu, 0xFF7FFFFFu};
  return bitsToFloat(bits[i % 8]);
}

}  // namespace sweep
