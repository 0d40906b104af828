// Device-side surface reads and writes through surface objects (CUDA's
// surface_indirect_functions.h). x is a byte offset, y/z/layer are element indices. Out-of-range
// accesses follow the boundary mode: zero (reads return 0, writes are dropped), clamp (the
// coordinate is clamped to the last element), trap (the launch fails with an illegal address,
// as recorded on an H100). A byte offset that is not a multiple of the element size faults
// with a misaligned address in every mode, as on the device.
#pragma once

#include <cstring>

#include "texture_types.h"
#include "vector_types.h"

namespace loom::texture {

enum class SurfaceDim { D1, D2, D3, D1Layered, D2Layered };

struct SurfaceRequest {
  SurfaceDim dim;
  int x, y, z, layer;
  cudaSurfaceBoundaryMode mode;
};

// Copies size bytes between the surface element at the request and data (write: into the surface).
void surfaceAccess(cudaSurfaceObject_t surface, const SurfaceRequest& request, void* data, size_t size, bool write);

template <class T> T surfaceRead(cudaSurfaceObject_t s, const SurfaceRequest& r) {
  T v;
  surfaceAccess(s, r, &v, sizeof(T), false);
  return v;
}
template <class T> void surfaceWrite(T v, cudaSurfaceObject_t s, const SurfaceRequest& r) {
  surfaceAccess(s, r, &v, sizeof(T), true);
}

}  // namespace loom::texture

#define LOOM_SURF_MODE cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap
template <class T> inline T surf1Dread(cudaSurfaceObject_t s, int x, LOOM_SURF_MODE) {
  return loom::texture::surfaceRead<T>(s, {loom::texture::SurfaceDim::D1, x, 0, 0, 0, mode});
}
template <class T> inline T surf2Dread(cudaSurfaceObject_t s, int x, int y, LOOM_SURF_MODE) {
  return loom::texture::surfaceRead<T>(s, {loom::texture::SurfaceDim::D2, x, y, 0, 0, mode});
}
template <class T> inline T surf3Dread(cudaSurfaceObject_t s, int x, int y, int z, LOOM_SURF_MODE) {
  return loom::texture::surfaceRead<T>(s, {loom::texture::SurfaceDim::D3, x, y, z, 0, mode});
}
template <class T> inline T surf1DLayeredread(cudaSurfaceObject_t s, int x, int layer, LOOM_SURF_MODE) {
  return loom::texture::surfaceRead<T>(s, {loom::texture::SurfaceDim::D1Layered, x, 0, 0, layer, mode});
}
template <class T> inline T surf2DLayeredread(cudaSurfaceObject_t s, int x, int y, int layer, LOOM_SURF_MODE) {
  return loom::texture::surfaceRead<T>(s, {loom::texture::SurfaceDim::D2Layered, x, y, 0, layer, mode});
}
template <class T> inline void surf1Dread(T* r, cudaSurfaceObject_t s, int x, LOOM_SURF_MODE) {
  *r = surf1Dread<T>(s, x, mode);
}
template <class T> inline void surf2Dread(T* r, cudaSurfaceObject_t s, int x, int y, LOOM_SURF_MODE) {
  *r = surf2Dread<T>(s, x, y, mode);
}
template <class T> inline void surf3Dread(T* r, cudaSurfaceObject_t s, int x, int y, int z, LOOM_SURF_MODE) {
  *r = surf3Dread<T>(s, x, y, z, mode);
}
template <class T> inline void surf1DLayeredread(T* r, cudaSurfaceObject_t s, int x, int layer, LOOM_SURF_MODE) {
  *r = surf1DLayeredread<T>(s, x, layer, mode);
}
template <class T>
inline void surf2DLayeredread(T* r, cudaSurfaceObject_t s, int x, int y, int layer, LOOM_SURF_MODE) {
  *r = surf2DLayeredread<T>(s, x, y, layer, mode);
}
template <class T> inline void surf1Dwrite(T v, cudaSurfaceObject_t s, int x, LOOM_SURF_MODE) {
  loom::texture::surfaceWrite<T>(v, s, {loom::texture::SurfaceDim::D1, x, 0, 0, 0, mode});
}
template <class T> inline void surf2Dwrite(T v, cudaSurfaceObject_t s, int x, int y, LOOM_SURF_MODE) {
  loom::texture::surfaceWrite<T>(v, s, {loom::texture::SurfaceDim::D2, x, y, 0, 0, mode});
}
template <class T> inline void surf3Dwrite(T v, cudaSurfaceObject_t s, int x, int y, int z, LOOM_SURF_MODE) {
  loom::texture::surfaceWrite<T>(v, s, {loom::texture::SurfaceDim::D3, x, y, z, 0, mode});
}
template <class T> inline void surf1DLayeredwrite(T v, cudaSurfaceObject_t s, int x, int layer, LOOM_SURF_MODE) {
  loom::texture::surfaceWrite<T>(v, s, {loom::texture::SurfaceDim::D1Layered, x, 0, 0, layer, mode});
}
template <class T>
inline void surf2DLayeredwrite(T v, cudaSurfaceObject_t s, int x, int y, int layer, LOOM_SURF_MODE) {
  loom::texture::surfaceWrite<T>(v, s, {loom::texture::SurfaceDim::D2Layered, x, y, 0, layer, mode});
}
#undef LOOM_SURF_MODE
