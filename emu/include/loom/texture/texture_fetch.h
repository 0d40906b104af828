// Device-side texture fetches through texture objects (CUDA's texture_indirect_functions.h):
// tex1Dfetch, tex1D, tex2D, tex3D, the layered and cubemap forms, tex2DLod/tex2DGrad and
// tex2Dgather, as templates on the result type (tex2D<float4>(obj, x, y)) and in the
// pointer-out form (tex2D(&r, obj, x, y)). Each calls the engine (emu/texture/fetch.cpp), which
// returns the four 32-bit components the texture instruction returns; the template keeps as
// many as T has, converted as the device's result registers are (integers truncated).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "texture_types.h"
#include "vector_types.h"

namespace loom::texture {

enum class FetchOp { Fetch1D, Tex1D, Tex2D, Tex3D, Tex1DLayered, Tex2DLayered, Cubemap, CubemapLayered, Gather };

struct FetchRequest {
  FetchOp op;
  float x, y, z;
  int layer;      // the layer; for Fetch1D (tex1Dfetch) the integer texel index
  int component;  // tex2Dgather
};

// The four result registers (float bits, or integers sign- or zero-extended to 32 bits).
struct FetchResult {
  uint32_t v[4];
};

FetchResult fetch(cudaTextureObject_t texture, const FetchRequest& request);

// Component type and count of a result type.
template <class T, class = void> struct ResultTraits {
  static_assert(sizeof(T) == 0, "not a texture result type");
};
template <class T> struct ResultTraits<T, std::enable_if_t<std::is_arithmetic_v<T>>> {
  using Component = T;
  static constexpr int count = 1;
};
#define LOOM_RESULT_VEC(C, V)                                                              \
  template <> struct ResultTraits<V##1> { using Component = C; static constexpr int count = 1; }; \
  template <> struct ResultTraits<V##2> { using Component = C; static constexpr int count = 2; }; \
  template <> struct ResultTraits<V##4> { using Component = C; static constexpr int count = 4; };
LOOM_RESULT_VEC(signed char, char)
LOOM_RESULT_VEC(unsigned char, uchar)
LOOM_RESULT_VEC(short, short)
LOOM_RESULT_VEC(unsigned short, ushort)
LOOM_RESULT_VEC(int, int)
LOOM_RESULT_VEC(unsigned int, uint)
LOOM_RESULT_VEC(float, float)
#undef LOOM_RESULT_VEC

template <class T> T resultAs(const FetchResult& r) {
  using Traits = ResultTraits<T>;
  using C = typename Traits::Component;
  C c[4];
  for (int i = 0; i < Traits::count; ++i) {
    if constexpr (std::is_same_v<C, float>) std::memcpy(&c[i], &r.v[i], 4);
    else c[i] = (C)r.v[i];
  }
  T out;
  std::memcpy(&out, c, sizeof(C) * Traits::count);
  return out;
}

template <class T> T fetchAs(cudaTextureObject_t t, FetchOp op, float x, float y = 0, float z = 0, int layer = 0,
                             int component = 0) {
  return resultAs<T>(fetch(t, FetchRequest{op, x, y, z, layer, component}));
}

}  // namespace loom::texture

template <class T> inline T tex1Dfetch(cudaTextureObject_t t, int x) {
  return loom::texture::fetchAs<T>(t, loom::texture::FetchOp::Fetch1D, (float)0, 0, 0, x);
}
template <class T> inline T tex1D(cudaTextureObject_t t, float x) {
  return loom::texture::fetchAs<T>(t, loom::texture::FetchOp::Tex1D, x);
}
template <class T> inline T tex2D(cudaTextureObject_t t, float x, float y) {
  return loom::texture::fetchAs<T>(t, loom::texture::FetchOp::Tex2D, x, y);
}
template <class T> inline T tex3D(cudaTextureObject_t t, float x, float y, float z) {
  return loom::texture::fetchAs<T>(t, loom::texture::FetchOp::Tex3D, x, y, z);
}
template <class T> inline T tex1DLayered(cudaTextureObject_t t, float x, int layer) {
  return loom::texture::fetchAs<T>(t, loom::texture::FetchOp::Tex1DLayered, x, 0, 0, layer);
}
template <class T> inline T tex2DLayered(cudaTextureObject_t t, float x, float y, int layer) {
  return loom::texture::fetchAs<T>(t, loom::texture::FetchOp::Tex2DLayered, x, y, 0, layer);
}
template <class T> inline T texCubemap(cudaTextureObject_t t, float x, float y, float z) {
  return loom::texture::fetchAs<T>(t, loom::texture::FetchOp::Cubemap, x, y, z);
}
template <class T> inline T texCubemapLayered(cudaTextureObject_t t, float x, float y, float z, int layer) {
  return loom::texture::fetchAs<T>(t, loom::texture::FetchOp::CubemapLayered, x, y, z, layer);
}
// Level of detail and gradients select a mipmap level; Loom samples level 0 (README).
template <class T> inline T tex1DLod(cudaTextureObject_t t, float x, float) { return tex1D<T>(t, x); }
template <class T> inline T tex2DLod(cudaTextureObject_t t, float x, float y, float) { return tex2D<T>(t, x, y); }
template <class T> inline T tex3DLod(cudaTextureObject_t t, float x, float y, float z, float) {
  return tex3D<T>(t, x, y, z);
}
template <class T> inline T tex1DGrad(cudaTextureObject_t t, float x, float, float) { return tex1D<T>(t, x); }
template <class T> inline T tex2DGrad(cudaTextureObject_t t, float x, float y, float2, float2) {
  return tex2D<T>(t, x, y);
}
template <class T> inline T tex3DGrad(cudaTextureObject_t t, float x, float y, float z, float4, float4) {
  return tex3D<T>(t, x, y, z);
}
template <class T> inline T tex2DLayeredLod(cudaTextureObject_t t, float x, float y, int layer, float) {
  return tex2DLayered<T>(t, x, y, layer);
}
template <class T> inline T tex2Dgather(cudaTextureObject_t t, float x, float y, int comp = 0) {
  return loom::texture::fetchAs<T>(t, loom::texture::FetchOp::Gather, x, y, 0, 0, comp);
}

// The pointer-out forms.
template <class T> inline void tex1Dfetch(T* r, cudaTextureObject_t t, int x) { *r = tex1Dfetch<T>(t, x); }
template <class T> inline void tex1D(T* r, cudaTextureObject_t t, float x) { *r = tex1D<T>(t, x); }
template <class T> inline void tex2D(T* r, cudaTextureObject_t t, float x, float y) { *r = tex2D<T>(t, x, y); }
template <class T> inline void tex3D(T* r, cudaTextureObject_t t, float x, float y, float z) {
  *r = tex3D<T>(t, x, y, z);
}
template <class T> inline void tex1DLayered(T* r, cudaTextureObject_t t, float x, int layer) {
  *r = tex1DLayered<T>(t, x, layer);
}
template <class T> inline void tex2DLayered(T* r, cudaTextureObject_t t, float x, float y, int layer) {
  *r = tex2DLayered<T>(t, x, y, layer);
}
template <class T> inline void texCubemap(T* r, cudaTextureObject_t t, float x, float y, float z) {
  *r = texCubemap<T>(t, x, y, z);
}
template <class T> inline void tex2DLod(T* r, cudaTextureObject_t t, float x, float y, float level) {
  *r = tex2DLod<T>(t, x, y, level);
}
template <class T> inline void tex2DGrad(T* r, cudaTextureObject_t t, float x, float y, float2 dx, float2 dy) {
  *r = tex2DGrad<T>(t, x, y, dx, dy);
}
template <class T> inline void tex2Dgather(T* r, cudaTextureObject_t t, float x, float y, int comp = 0) {
  *r = tex2Dgather<T>(t, x, y, comp);
}
