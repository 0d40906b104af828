// The texture fetch engine: coordinates -> texel indices and weights -> texels (with address
// modes and the border colour) -> the result the texture instruction returns. The arithmetic is
// isa/texture/'s; this file is the plumbing between it and the resources.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "isa/fp16/half_convert.h"
#include "isa/texture/address_mode.h"
#include "isa/texture/coordinates.h"
#include "isa/texture/filter_weights.h"
#include "isa/texture/float_filter.h"
#include "isa/texture/normalized_int.h"
#include "isa/texture/srgb.h"
#include "isa/texture/srgb_filter.h"
#include "loom/texture/texture_fetch.h"
#include "texture/texture_object.h"

namespace loom::texture {
namespace {

using isa::AddressMode;

// How the texels' channels turn into results.
enum class Channel { Integer, Unorm, Snorm, Float, Half };

Channel channelKind(const TexelFormat& f, cudaTextureReadMode mode) {
  if (f.isFloat()) return f.bits == 16 ? Channel::Half : Channel::Float;
  if (mode == cudaReadModeNormalizedFloat) return f.isSigned() ? Channel::Snorm : Channel::Unorm;
  return Channel::Integer;
}

uint32_t floatBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

// One texel's channel c, as an integer (sign- or zero-extended) or the raw float/half bits.
int64_t rawChannel(const TexelFormat& f, const uint8_t* texel, int c) {
  const uint8_t* p = texel + c * f.bits / 8;
  switch (f.bits) {
    case 8: return f.isSigned() ? (int64_t)(int8_t)p[0] : (int64_t)p[0];
    case 16: {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return f.isSigned() ? (int64_t)(int16_t)v : (int64_t)v;
    }
    default: {
      uint32_t v;
      std::memcpy(&v, p, 4);
      return f.isSigned() ? (int64_t)(int32_t)v : (int64_t)v;
    }
  }
}

double floatValue(const TexelFormat& f, int64_t raw) {
  if (f.bits == 16) {
    uint32_t b = isa::halfBitsToFloatBits((uint16_t)raw);
    float v;
    std::memcpy(&v, &b, 4);
    return v;
  }
  float v;
  uint32_t b = (uint32_t)raw;
  std::memcpy(&v, &b, 4);
  return v;
}

// A texel a fetch touches: its address, or the border colour.
struct Tap {
  const uint8_t* texel;  // null: border
};

struct Sampler {
  const TextureObject& t;
  const Resource& r;
  Channel kind;
  bool srgb;

  // sRGB decodes red, green and blue of four-channel texels, the first channel of others (recorded).
  bool srgbChannel(int c) const {
    return srgb && kind == Channel::Unorm && r.format.bits == 8 && c < (r.format.channels == 4 ? 3 : 1);
  }

  // The border colour of an sRGB channel: clamped, not quantized or decoded (fits the record).
  float srgbBorder(int c) const {
    float b = t.desc.borderColor[c];
    return b > 0.0f ? (b < 1.0f ? b : 1.0f) : 0.0f;
  }

  // Channel c of a tap as a raw texel value: an integer (sign- or zero-extended) or the bits of
  // a half or float. The border colour is first converted to the texel format, as recorded:
  // element-type integer reads see the low bits of the colour's float encoding, normalized
  // reads the colour clamped and quantized (ties toward zero), halves its value rounded
  // toward zero; floats are unchanged.
  int64_t raw(const Tap& tap, int c) const {
    const TexelFormat& f = r.format;
    if (tap.texel) return rawChannel(f, tap.texel, c);
    float b = t.desc.borderColor[c];
    uint32_t bits = floatBits(b);
    switch (kind) {
      case Channel::Integer: {
        uint8_t bytes[4];
        std::memcpy(bytes, &bits, 4);
        return rawChannel(f, bytes, 0);
      }
      case Channel::Unorm: {
        float clamped = b > 0.0f ? (b < 1.0f ? b : 1.0f) : 0.0f;
        float p = clamped * (float)isa::unormMax(f.bits);
        return (int64_t)std::ceil((double)p - 0.5);
      }
      case Channel::Snorm: {
        float clamped = b > -1.0f ? (b < 1.0f ? b : 1.0f) : -1.0f;
        float p = clamped * (float)isa::snormMax(f.bits);
        double m = std::ceil(std::fabs((double)p) - 0.5);
        return (int64_t)(p < 0 ? -m : m);
      }
      case Channel::Half: return isa::floatToHalf(b, isa::Rounding::TowardZero);
      case Channel::Float: return bits;
    }
    return 0;
  }

  // The point-sampled value of channel c of a tap, as result bits.
  uint32_t pointBits(const Tap& tap, int c) const {
    const TexelFormat& f = r.format;
    if (c >= f.channels) return 0;  // missing channels read 0 (recorded)
    int64_t v = raw(tap, c);
    switch (kind) {
      case Channel::Integer: return (uint32_t)v;
      case Channel::Unorm:
        if (srgbChannel(c) && !tap.texel) return floatBits(srgbBorder(c));
        if (srgbChannel(c)) return floatBits(isa::srgbToLinear((uint8_t)v));
        return floatBits(isa::unormToFloat((uint32_t)v, f.bits));
      case Channel::Snorm: return floatBits(isa::snormToFloat((int32_t)v, f.bits));
      case Channel::Half: return floatBits((float)floatValue(f, v));
      case Channel::Float: return (uint32_t)v;
    }
    return 0;
  }

  // Linear filtering of channel c over taps with weights in 256ths.
  uint32_t filteredBits(const Tap* taps, const int32_t* w, int n, int c) const {
    const TexelFormat& f = r.format;
    if (c >= f.channels) return 0;
    if (srgbChannel(c)) {
      double v[8];
      int e[8];
      for (int k = 0; k < n; ++k) {
        // A border colour filters as its nearest code (recorded), unlike a point sample.
        auto code = taps[k].texel ? (uint8_t)raw(taps[k], c) : isa::linearToSrgbCode(srgbBorder(c));
        v[k] = isa::srgbToLinear(code);
        e[k] = isa::srgbBlockExponent(code);
      }
      return floatBits(isa::filterSrgbTexels(v, e, w, n, n == 8 ? 4 : n));
    }
    if (kind == Channel::Float || kind == Channel::Half) {
      double v[8];
      for (int k = 0; k < n; ++k) {
        uint32_t bits = pointBits(taps[k], c);
        float fv;
        std::memcpy(&fv, &bits, 4);
        v[k] = fv;
      }
      bool half = kind == Channel::Half;
      return floatBits(isa::filterFloatTexels(v, w, n, half ? isa::FilterPrecision::Half : isa::FilterPrecision::Float,
                                              n == 8 ? 4 : n));
    }
    int64_t v[8];
    for (int k = 0; k < n; ++k) v[k] = raw(taps[k], c);
    return floatBits(kind == Channel::Unorm ? isa::filteredUnorm(v, w, n, f.bits) : isa::filteredSnorm(v, w, n, f.bits));
  }
};

// The layer index is unsigned and clamped to the last layer (recorded: layer -1 reads the last).
size_t layerIndex(const Resource& r, int layer) {
  size_t layers = r.slices();
  return (size_t)(unsigned)layer >= layers ? layers - 1 : (size_t)(unsigned)layer;
}

struct AxisSetup {
  int64_t size;
  AddressMode mode;
};

AxisSetup axis(const TextureObject& t, int dim, int64_t size) {
  auto m = (AddressMode)t.desc.addressMode[dim];
  return AxisSetup{size, isa::effectiveAddressMode(m, t.desc.normalizedCoords != 0)};
}

int64_t address(int64_t i, const AxisSetup& a) { return isa::applyAddressMode(i, a.size, a.mode); }

// Fetches from a 1D/2D/3D box of texels (one layer or face): dims axes with coordinates c.
FetchResult sampleBox(const Sampler& s, int dims, const double* c, const AxisSetup* ax, size_t layerOffset,
                      bool linear) {
  FetchResult out{};
  const Resource& r = s.r;
  auto tapAt = [&](const int64_t* idx) {
    int64_t i[3] = {0, 0, 0};
    for (int d = 0; d < dims; ++d) {
      i[d] = address(idx[d], ax[d]);
      if (i[d] == isa::kBorderTexel) return Tap{nullptr};
    }
    return Tap{r.at((size_t)i[0], (size_t)i[1], (size_t)i[2]) + layerOffset};
  };
  if (!linear) {
    int64_t idx[3];
    for (int d = 0; d < dims; ++d) idx[d] = isa::pointIndex(c[d]);
    Tap tap = tapAt(idx);
    for (int ch = 0; ch < 4; ++ch) out.v[ch] = s.pointBits(tap, ch);
    return out;
  }
  isa::LinearAxis la[3];
  for (int d = 0; d < dims; ++d) {
    double x = c[d];
    // Trilinear clamp clamps the coordinate to the texel centres at the edges, not the texel
    // indices: with 3D weights the difference shows (recorded; in 1D and 2D both are the same).
    if (dims == 3 && ax[d].mode == AddressMode::Clamp) x = std::min(std::max(x, 0.5), (double)ax[d].size - 0.5);
    la[d] = isa::linearAxis(x);
  }
  Tap taps[8];
  int32_t w[8];
  int n = 1 << dims;
  for (int k = 0; k < n; ++k) {
    int64_t idx[3];
    for (int d = 0; d < dims; ++d) idx[d] = la[d].i + ((k >> d) & 1);
    taps[k] = tapAt(idx);
  }
  if (dims == 1) {
    auto ws = isa::weights1D(la[0].alpha256);
    std::memcpy(w, ws.w, sizeof ws.w);
  } else if (dims == 2) {
    auto ws = isa::weights2D(la[0].alpha256, la[1].alpha256);
    std::memcpy(w, ws.w, sizeof ws.w);
  } else {
    auto ws = isa::weights3D(la[0].alpha256, la[1].alpha256, la[2].alpha256);
    std::memcpy(w, ws.w, sizeof ws.w);
  }
  for (int ch = 0; ch < 4; ++ch) out.v[ch] = s.filteredBits(taps, w, n, ch);
  return out;
}

// tex2Dgather: the four texels of the bilinear footprint, channel `comp` of each, in the order
// (i, j+1), (i+1, j+1), (i+1, j), (i, j).
FetchResult gather(const Sampler& s, const double* c, const AxisSetup* ax, int comp) {
  FetchResult out{};
  // The footprint is that of the 8-bit quantized coordinate: a fraction that rounds up to 1
  // moves it one texel on (recorded).
  isa::LinearAxis lx = isa::linearAxis(c[0]), ly = isa::linearAxis(c[1]);
  if (lx.alpha256 == 256) ++lx.i;
  if (ly.alpha256 == 256) ++ly.i;
  const int64_t order[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
  for (int k = 0; k < 4; ++k) {
    int64_t i = address(lx.i + order[k][0], ax[0]), j = address(ly.i + order[k][1], ax[1]);
    Tap tap{i == isa::kBorderTexel || j == isa::kBorderTexel ? nullptr : s.r.at((size_t)i, (size_t)j, 0)};
    out.v[k] = s.pointBits(tap, comp);
    // Gathered signed 8-bit normalized texels come from the 16-bit widening (bit replication
    // m -> m<<8 | m<<1 | m>>6 of the magnitude), read as x/32767 (recorded).
    if (s.kind == Channel::Snorm && s.r.format.bits == 8 && comp < s.r.format.channels) {
      int64_t v = s.raw(tap, comp);
      int64_t m = v < 0 ? (v < -127 ? 127 : -v) : v;
      int64_t wide = (m << 8) | (m << 1) | (m >> 6);
      out.v[k] = floatBits(isa::snormToFloat((int32_t)(v < 0 ? -wide : wide), 16));
    }
  }
  return out;
}

// Cube map face selection by the major axis (faces +x -x +y -y +z -z are layers 0..5; ties go
// to z, then y, as recorded) and the face coordinates in [0, 1]: the device multiplies by the
// reciprocal of the major axis (sc * (1/ma), each rounded to float), so a coordinate on a face
// edge can land just inside it; (ratio + 1) / 2 is then exact.
void cubeFace(float x, float y, float z, int& face, double& s, double& t) {
  float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  float sc, tc, ma;
  if (az >= ax && az >= ay) {
    face = z >= 0 ? 4 : 5;
    ma = az;
    sc = z >= 0 ? x : -x;
    tc = -y;
  } else if (ay >= ax) {
    face = y >= 0 ? 2 : 3;
    ma = ay;
    sc = x;
    tc = y >= 0 ? z : -z;
  } else {
    face = x >= 0 ? 0 : 1;
    ma = ax;
    sc = x >= 0 ? -z : z;
    tc = -y;
  }
  volatile float rcp = 1.0f / ma;
  float rs = sc * rcp, rt = tc * rcp;
  s = ((double)rs + 1.0) * 0.5;
  t = ((double)rt + 1.0) * 0.5;
}

}  // namespace

FetchResult fetch(cudaTextureObject_t handle, const FetchRequest& q) {
  const TextureObject* t = findTexture(handle);
  if (!t) return FetchResult{};
  const Resource& r = t->resource;
  Sampler s{*t, r, channelKind(r.format, t->desc.readMode), t->desc.sRGB != 0};
  bool normalized = t->desc.normalizedCoords != 0;
  bool linear = t->desc.filterMode == cudaFilterModeLinear;

  if (q.op == FetchOp::Fetch1D) {  // integer index into linear memory; out of range reads 0
    int64_t i = q.layer;
    if (i < 0 || (size_t)i >= r.width) return FetchResult{};
    Tap tap{r.base + (size_t)i * r.format.elementSize()};
    FetchResult out{};
    for (int ch = 0; ch < 4; ++ch) out.v[ch] = s.pointBits(tap, ch);
    return out;
  }
  double c[3];
  AxisSetup ax[3];
  size_t layerOffset = 0;
  int dims = 2;
  float fx = q.x, fy = q.y, fz = q.z;
  double cubeCoords[2] = {0, 0};
  bool isCube = false;
  switch (q.op) {
    case FetchOp::Tex1D: {
      // A 1D texture is fetched as a 2D texture of height 1 at y = 0 (HARDWARE_NOTES.md).
      fy = 0.0f;
      ax[0] = axis(*t, 0, (int64_t)r.width);
      ax[1] = axis(*t, 1, 1);
      break;
    }
    case FetchOp::Tex1DLayered: {  // a true 1D fetch in one layer (no blend with the border in y)
      dims = 1;
      layerOffset = layerIndex(r, q.layer) * r.slicePitch;
      ax[0] = axis(*t, 0, (int64_t)r.width);
      break;
    }
    case FetchOp::Tex2D:
    case FetchOp::Tex2DLayered:
    case FetchOp::Gather: {
      if (q.op == FetchOp::Tex2DLayered) {
        layerOffset = layerIndex(r, q.layer) * r.slicePitch;
      }
      ax[0] = axis(*t, 0, (int64_t)r.width);
      ax[1] = axis(*t, 1, (int64_t)r.rows());
      break;
    }
    case FetchOp::Tex3D: {
      dims = 3;
      ax[0] = axis(*t, 0, (int64_t)r.width);
      ax[1] = axis(*t, 1, (int64_t)r.rows());
      ax[2] = axis(*t, 2, (int64_t)r.slices());
      break;
    }
    case FetchOp::Cubemap:
    case FetchOp::CubemapLayered: {
      int face;
      double cs, ct;
      cubeFace(q.x, q.y, q.z, face, cs, ct);
      cubeCoords[0] = cs;
      cubeCoords[1] = ct;
      isCube = true;
      int layer = q.op == FetchOp::CubemapLayered ? q.layer : 0;
      layerOffset = (size_t)(layer * 6 + face) * r.slicePitch;
      normalized = true;  // face coordinates are normalized; the address modes still apply
      ax[0] = AxisSetup{(int64_t)r.width, (AddressMode)t->desc.addressMode[0]};
      ax[1] = AxisSetup{(int64_t)r.rows(), (AddressMode)t->desc.addressMode[1]};
      break;
    }
    default: return FetchResult{};
  }
  float fc[3] = {fx, fy, fz};
  for (int d = 0; d < dims; ++d)
    c[d] = isCube ? isa::normalizedToTexel(cubeCoords[d], ax[d].size) : isa::texelCoordinate(fc[d], ax[d].size, normalized);
  if (q.op == FetchOp::Tex1D) c[1] = 0.0;
  if (q.op == FetchOp::Gather) return gather(s, c, ax, q.component);
  return sampleBox(s, dims, c, ax, layerOffset, linear);
}

}  // namespace loom::texture
