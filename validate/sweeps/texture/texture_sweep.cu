// The texture and surface sweep: every texel format, dimensionality, filter, read mode,
// coordinate mode and address mode, at random texels and random and adversarial coordinates,
// recorded on an H100 and reproduced by Loom bit for bit (validate/cases/texture.*.case.json).
//
// Usage: texture_sweep <part>, part one of: api fetch1d fetch2d pitch2d fetch3d layered cubemap
// gather lod linear srgb dense surface surface_trap. Each part writes, with loomCaseOutput:
//   configs.u32  8 words per texture object: format, readMode, filter, normalizedCoords,
//                addressMode x, addressMode y/z, operation, cudaCreateTextureObject's status
//   results.u32  4 words per fetch (the float4/int4/uint4 the fetch returned, as bits);
//                0xDEADBEEF where the texture object was refused
//   coords.f32   4 floats per coordinate of each coordinate set (x, y, z, layer or lod)
//   texels.u8    the texels of every texture the part made, in creation order
// and prints one summary line. Plain CUDA: nvcc and loom-cc build it unchanged.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../../include/loom_case.h"
#include "sweep_inputs.h"

#define CHECK(call)                                                                          \
  do {                                                                                       \
    cudaError_t err_ = (call);                                                               \
    if (err_ != cudaSuccess) {                                                               \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorName(err_));                     \
      exit(2);                                                                               \
    }                                                                                        \
  } while (0)

using sweep::Format;
using sweep::Rng;

namespace {

struct Coord { float x, y, z, w; };  // w: layer (layered), level of detail (lod), gradient (grad)

enum Op { Op1D, Op2D, Op3D, Op1DLayered, Op2DLayered, OpCubemap, Op2DLod, Op2DGrad, Op1Dfetch,
          OpGather0, OpGather1, OpGather2, OpGather3 };

template <class R>
__global__ void fetchKernel(int op, cudaTextureObject_t t, const Coord* c, R* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Coord p = c[i];
  R r;
  switch (op) {
    case Op1D: r = tex1D<R>(t, p.x); break;
    case Op2D: r = tex2D<R>(t, p.x, p.y); break;
    case Op3D: r = tex3D<R>(t, p.x, p.y, p.z); break;
    case Op1DLayered: r = tex1DLayered<R>(t, p.x, (int)p.w); break;
    case Op2DLayered: r = tex2DLayered<R>(t, p.x, p.y, (int)p.w); break;
    case OpCubemap: r = texCubemap<R>(t, p.x, p.y, p.z); break;
    case Op2DLod: r = tex2DLod<R>(t, p.x, p.y, p.w); break;
    case Op2DGrad: r = tex2DGrad<R>(t, p.x, p.y, make_float2(p.w, 0.0f), make_float2(0.0f, p.w)); break;
    case Op1Dfetch: r = tex1Dfetch<R>(t, (int)p.x); break;
    default: r = tex2Dgather<R>(t, p.x, p.y, op - OpGather0); break;
  }
  out[i] = r;
}

enum Ret { RetFloat, RetInt, RetUint };

// What a fetch returns: float unless integer texels are read as their element type.
Ret returnKind(const Format& f, cudaTextureReadMode rm) {
  if (f.isFloat() || rm == cudaReadModeNormalizedFloat) return RetFloat;
  return f.kind == cudaChannelFormatKindSigned ? RetInt : RetUint;
}

const cudaTextureAddressMode kModes[4] = {cudaAddressModeWrap, cudaAddressModeClamp,
                                          cudaAddressModeMirror, cudaAddressModeBorder};

// The coordinates of one set, on the device and recorded.
struct CoordSet {
  std::vector<Coord> host;
  Coord* device = nullptr;
};

struct Part {
  std::string name;
  std::vector<uint32_t> configs, results;
  std::vector<float> coords;
  std::vector<uint8_t> texels;
  std::vector<CoordSet*> sets;
  int refused = 0;
  long fetches = 0;
  uint4* out = nullptr;
  Rng rng{0};

  explicit Part(const std::string& n, uint64_t seed) : name(n), rng(seed) {
    CHECK(cudaMalloc(&out, 4096 * sizeof(uint4)));
  }

  CoordSet* addSet(std::vector<Coord> c) {
    auto* s = new CoordSet{std::move(c)};
    CHECK(cudaMalloc(&s->device, s->host.size() * sizeof(Coord)));
    CHECK(cudaMemcpy(s->device, s->host.data(), s->host.size() * sizeof(Coord), cudaMemcpyHostToDevice));
    for (const Coord& p : s->host) coords.insert(coords.end(), {p.x, p.y, p.z, p.w});
    sets.push_back(s);
    return s;
  }

  std::vector<uint8_t> texelsFor(const Format& f, size_t count) {
    auto t = sweep::randomTexels(f, count, rng);
    texels.insert(texels.end(), t.begin(), t.end());
    return t;
  }

  // A random border colour: simple values, fractions, values beyond [0, 1] and [-1, 1].
  void borderColour(float* c) {
    static const float pool[] = {0.0f, 1.0f, -1.0f, 0.5f, 0.25f, 2.0f, -3.5f, 300.0f, 70000.0f,
                                 -40000.0f, 1e10f, 0.3f, 0.999f, -0.7f, 5e9f, 1.0f / 3.0f};
    for (int i = 0; i < 4; ++i) c[i] = pool[rng.u32() % 16];
  }

  // Makes one texture object, fetches every coordinate of set with op, records everything.
  void run(const cudaResourceDesc& res, const Format& f, cudaTextureDesc td, int op, const CoordSet* set,
           int formatIndex) {
    borderColour(td.borderColor);
    cudaTextureObject_t t = 0;
    cudaError_t st = cudaCreateTextureObject(&t, &res, &td, nullptr);
    cudaGetLastError();
    configs.insert(configs.end(), {(uint32_t)formatIndex, (uint32_t)td.readMode, (uint32_t)td.filterMode,
                                   (uint32_t)td.normalizedCoords, (uint32_t)td.addressMode[0],
                                   (uint32_t)td.addressMode[1], (uint32_t)op, (uint32_t)st});
    int n = (int)set->host.size();
    std::vector<uint4> r(n, make_uint4(0xDEADBEEFu, 0xDEADBEEFu, 0xDEADBEEFu, 0xDEADBEEFu));
    if (st != cudaSuccess) {
      ++refused;
    } else {
      switch (returnKind(f, td.readMode)) {
        case RetFloat: fetchKernel<float4><<<(n + 63) / 64, 64>>>(op, t, set->device, (float4*)out, n); break;
        case RetInt: fetchKernel<int4><<<(n + 63) / 64, 64>>>(op, t, set->device, (int4*)out, n); break;
        case RetUint: fetchKernel<uint4><<<(n + 63) / 64, 64>>>(op, t, set->device, out, n); break;
      }
      CHECK(cudaGetLastError());
      CHECK(cudaDeviceSynchronize());
      CHECK(cudaMemcpy(r.data(), out, n * sizeof(uint4), cudaMemcpyDeviceToHost));
      CHECK(cudaDestroyTextureObject(t));
      fetches += n;
    }
    for (const uint4& v : r) results.insert(results.end(), {v.x, v.y, v.z, v.w});
  }

  // Every read mode, filter, coordinate mode and address mode of one resource.
  void runAll(const cudaResourceDesc& res, const Format& f, int formatIndex, int op, const CoordSet* unnorm,
              const CoordSet* norm, bool mixModes, int modeCount = 4) {
    for (int rm = 0; rm < 2; ++rm)
      for (int filter = 0; filter < 2; ++filter)
        for (int nc = 0; nc < 2; ++nc)
          for (int a = 0; a < modeCount; ++a) {
            cudaTextureDesc td;
            std::memset(&td, 0, sizeof td);
            int ax = modeCount == 4 ? a : (a == 0 ? 1 : 3);  // clamp/border only when asked
            td.addressMode[0] = kModes[ax];
            td.addressMode[1] = kModes[mixModes ? (ax + 1) % 4 : ax];
            td.addressMode[2] = kModes[mixModes ? (ax + 2) % 4 : ax];
            td.filterMode = filter ? cudaFilterModeLinear : cudaFilterModePoint;
            td.readMode = rm ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
            td.normalizedCoords = nc;
            run(res, f, td, op, nc ? norm : unnorm, formatIndex);
          }
  }

  void finish() {
    loomCaseOutput("configs", configs.data(), configs.size());
    loomCaseOutput("results", results.data(), results.size());
    loomCaseOutput("coords", coords.data(), coords.size());
    loomCaseOutput("texels", texels.data(), texels.size());
    printf("%s: %zu texture objects (%d refused), %ld fetches\n", name.c_str(), configs.size() / 8,
           refused, fetches);
  }
};

// n coordinates for a texture of the given size (0 = unused axis), normalized or not.
std::vector<Coord> makeCoords(Rng& r, int n, int w, int h, int d, bool normalized, int layers = 0) {
  std::vector<Coord> c(n);
  auto axis = [&](int size) {
    if (size == 0) return 0.0f;
    return normalized ? sweep::normalizedCoordinate(r, size) : sweep::axisCoordinate(r, size);
  };
  for (int i = 0; i < n; ++i) {
    c[i] = Coord{axis(w), axis(h), axis(d), layers ? (float)r.range(-1, layers) : 0.0f};
    if (i >= n - 4) c[i].x = sweep::specialCoordinate(i * 3 + (normalized ? 1 : 0));
  }
  return c;
}

cudaResourceDesc arrayResource(cudaArray_t a) {
  cudaResourceDesc res;
  std::memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeArray;
  res.res.array.array = a;
  return res;
}

cudaArray_t make1DArray(Part& p, const Format& f, int w) {
  cudaChannelFormatDesc desc = f.desc();
  cudaArray_t a;
  CHECK(cudaMallocArray(&a, &desc, w));
  auto t = p.texelsFor(f, w);
  CHECK(cudaMemcpyToArray(a, 0, 0, t.data(), t.size(), cudaMemcpyHostToDevice));
  return a;
}

cudaArray_t make2DArray(Part& p, const Format& f, int w, int h, unsigned flags = 0) {
  cudaChannelFormatDesc desc = f.desc();
  cudaArray_t a;
  CHECK(cudaMallocArray(&a, &desc, w, h, flags));
  auto t = p.texelsFor(f, (size_t)w * h);
  CHECK(cudaMemcpy2DToArray(a, 0, 0, t.data(), w * f.elementSize(), w * f.elementSize(), h,
                            cudaMemcpyHostToDevice));
  std::vector<uint8_t> back(t.size());
  CHECK(cudaMemcpy2DFromArray(back.data(), w * f.elementSize(), a, 0, 0, w * f.elementSize(), h,
                              cudaMemcpyDeviceToHost));
  if (back != t) printf("%s: 2D array round trip differs\n", f.name);
  return a;
}

// 3D, layered and cubemap arrays: cudaMalloc3DArray and cudaMemcpy3D from pitched host memory.
cudaArray_t make3DArray(Part& p, const Format& f, int w, int h, int d, unsigned flags) {
  cudaChannelFormatDesc desc = f.desc();
  cudaArray_t a;
  CHECK(cudaMalloc3DArray(&a, &desc, make_cudaExtent(w, h, d), flags));
  int rows = h ? h : 1;
  auto t = p.texelsFor(f, (size_t)w * rows * d);
  cudaMemcpy3DParms cp;
  std::memset(&cp, 0, sizeof cp);
  cp.srcPtr = make_cudaPitchedPtr(t.data(), w * f.elementSize(), w, rows);
  cp.dstArray = a;
  cp.extent = make_cudaExtent(w, rows, d);
  cp.kind = cudaMemcpyHostToDevice;
  CHECK(cudaMemcpy3D(&cp));
  std::vector<uint8_t> back(t.size());
  std::memset(&cp, 0, sizeof cp);
  cp.srcArray = a;
  cp.dstPtr = make_cudaPitchedPtr(back.data(), w * f.elementSize(), w, rows);
  cp.extent = make_cudaExtent(w, rows, d);
  cp.kind = cudaMemcpyDeviceToHost;
  CHECK(cudaMemcpy3D(&cp));
  if (back != t) printf("%s: 3D array round trip differs\n", f.name);
  return a;
}

const std::vector<Format>& formats() { return sweep::allFormats(); }

// A subset of formats for the parts that multiply configurations: each width, kind and channel count.
const int kSubset[] = {2, 3, 7, 11, 12, 15, 18, 20, 21, 23};

void partFetch1D() {
  Part p("fetch1d", 101);
  const int w = 13;
  CoordSet* u = p.addSet(makeCoords(p.rng, 40, w, 0, 0, false));
  CoordSet* n = p.addSet(makeCoords(p.rng, 40, w, 0, 0, true));
  for (size_t i = 0; i < formats().size(); ++i) {
    cudaArray_t a = make1DArray(p, formats()[i], w);
    p.runAll(arrayResource(a), formats()[i], (int)i, Op1D, u, n, false);
    CHECK(cudaFreeArray(a));
  }
  p.finish();
}

void partFetch2D() {
  Part p("fetch2d", 202);
  const int w = 7, h = 5;
  CoordSet* u = p.addSet(makeCoords(p.rng, 40, w, h, 0, false));
  CoordSet* n = p.addSet(makeCoords(p.rng, 40, w, h, 0, true));
  for (size_t i = 0; i < formats().size(); ++i) {
    cudaArray_t a = make2DArray(p, formats()[i], w, h);
    p.runAll(arrayResource(a), formats()[i], (int)i, Op2D, u, n, i % 2 == 1);
    CHECK(cudaFreeArray(a));
  }
  p.finish();
}

void partPitch2D() {
  Part p("pitch2d", 303);
  const int w = 7, h = 5;
  CoordSet* u = p.addSet(makeCoords(p.rng, 16, w, h, 0, false));
  CoordSet* n = p.addSet(makeCoords(p.rng, 16, w, h, 0, true));
  for (int i : kSubset) {
    const Format& f = formats()[i];
    void* mem;
    size_t pitch;
    CHECK(cudaMallocPitch(&mem, &pitch, w * f.elementSize(), h));
    auto t = p.texelsFor(f, (size_t)w * h);
    CHECK(cudaMemcpy2D(mem, pitch, t.data(), w * f.elementSize(), w * f.elementSize(), h, cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypePitch2D;
    res.res.pitch2D.devPtr = mem;
    res.res.pitch2D.desc = f.desc();
    res.res.pitch2D.width = w;
    res.res.pitch2D.height = h;
    res.res.pitch2D.pitchInBytes = pitch;
    p.runAll(res, f, i, Op2D, u, n, false);
    CHECK(cudaFree(mem));
  }
  p.finish();
}

void partFetch3D() {
  Part p("fetch3d", 404);
  const int w = 5, h = 4, d = 3;
  CoordSet* u = p.addSet(makeCoords(p.rng, 32, w, h, d, false));
  CoordSet* n = p.addSet(makeCoords(p.rng, 32, w, h, d, true));
  for (size_t i = 0; i < formats().size(); ++i) {
    cudaArray_t a = make3DArray(p, formats()[i], w, h, d, 0);
    p.runAll(arrayResource(a), formats()[i], (int)i, Op3D, u, n, i % 2 == 1);
    CHECK(cudaFreeArray(a));
  }
  p.finish();
}

void partLayered() {
  Part p("layered", 505);
  const int w = 9, h = 4, layers = 3;
  CoordSet* u1 = p.addSet(makeCoords(p.rng, 24, w, 0, 0, false, layers));
  CoordSet* n1 = p.addSet(makeCoords(p.rng, 24, w, 0, 0, true, layers));
  CoordSet* u2 = p.addSet(makeCoords(p.rng, 24, w, h, 0, false, layers));
  CoordSet* n2 = p.addSet(makeCoords(p.rng, 24, w, h, 0, true, layers));
  for (int i : kSubset) {
    cudaArray_t a1 = make3DArray(p, formats()[i], w, 0, layers, cudaArrayLayered);
    p.runAll(arrayResource(a1), formats()[i], i, Op1DLayered, u1, n1, false);
    CHECK(cudaFreeArray(a1));
    cudaArray_t a2 = make3DArray(p, formats()[i], w, h, layers, cudaArrayLayered);
    p.runAll(arrayResource(a2), formats()[i], i, Op2DLayered, u2, n2, i % 2 == 1);
    CHECK(cudaFreeArray(a2));
  }
  p.finish();
}

// Cubemap directions: major axis exactly +-1 with 8-bit fractions elsewhere, random directions,
// and ties between axes.
std::vector<Coord> cubeCoords(Rng& r, int n) {
  std::vector<Coord> c(n);
  for (int i = 0; i < n; ++i) {
    float v[3];
    int kind = i % 4;
    for (float& x : v) x = kind == 1 ? -4.0f + 8.0f * r.unit24() : (float)r.range(-256, 256) / 256.0f;
    if (kind == 0 || kind == 3) v[r.range(0, 2)] = (r.u32() & 1) ? 1.0f : -1.0f;
    if (kind == 2) { int a = r.range(0, 2); v[(a + 1) % 3] = (r.u32() & 1) ? v[a] : -v[a]; }
    c[i] = Coord{v[0], v[1], v[2], 0.0f};
  }
  return c;
}

void partCubemap() {
  Part p("cubemap", 606);
  const int w = 4;
  CoordSet* s = p.addSet(cubeCoords(p.rng, 48));
  for (int i : {2, 11, 18, 21, 23}) {
    cudaArray_t a = make3DArray(p, formats()[i], w, w, 6, cudaArrayCubemap);
    p.runAll(arrayResource(a), formats()[i], i, OpCubemap, s, s, false, 2);
    CHECK(cudaFreeArray(a));
  }
  p.finish();
}

void partGather() {
  Part p("gather", 707);
  const int w = 7, h = 5;
  CoordSet* u = p.addSet(makeCoords(p.rng, 24, w, h, 0, false));
  CoordSet* n = p.addSet(makeCoords(p.rng, 24, w, h, 0, true));
  for (int i : {2, 5, 10, 12, 18, 23}) {
    cudaArray_t a = make2DArray(p, formats()[i], w, h, cudaArrayTextureGather);
    for (int comp = 0; comp < 4; ++comp) p.runAll(arrayResource(a), formats()[i], i, OpGather0 + comp, u, n, false);
    CHECK(cudaFreeArray(a));
  }
  p.finish();
}

void partLod() {
  Part p("lod", 808);
  const int w = 7, h = 5;
  auto withLevels = [&](std::vector<Coord> c) {
    for (Coord& q : c) q.w = (float)p.rng.range(-64, 256) / 32.0f;
    return c;
  };
  CoordSet* u = p.addSet(withLevels(makeCoords(p.rng, 16, w, h, 0, false)));
  CoordSet* n = p.addSet(withLevels(makeCoords(p.rng, 16, w, h, 0, true)));
  for (int i : {2, 11, 19, 21}) {
    const Format& f = formats()[i];
    cudaArray_t a = make2DArray(p, f, w, h);
    p.runAll(arrayResource(a), f, i, Op2DLod, u, n, false);
    p.runAll(arrayResource(a), f, i, Op2DGrad, u, n, false);
    CHECK(cudaFreeArray(a));
    // A mipmapped array with one level: its level 0 holds the texels.
    cudaChannelFormatDesc desc = f.desc();
    cudaMipmappedArray_t m;
    CHECK(cudaMallocMipmappedArray(&m, &desc, make_cudaExtent(w, h, 0), 1, 0));
    cudaArray_t level0;
    CHECK(cudaGetMipmappedArrayLevel(&level0, m, 0));
    auto t = p.texelsFor(f, (size_t)w * h);
    CHECK(cudaMemcpy2DToArray(level0, 0, 0, t.data(), w * f.elementSize(), w * f.elementSize(), h,
                              cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeMipmappedArray;
    res.res.mipmap.mipmap = m;
    p.runAll(res, f, i, Op2DLod, u, n, false);
    CHECK(cudaFreeMipmappedArray(m));
  }
  p.finish();
}

void partLinear() {
  Part p("linear", 909);
  const int w = 19;
  std::vector<Coord> idx;
  for (int i = -5; i < w + 5; ++i) idx.push_back(Coord{(float)i, 0, 0, 0});
  for (float v : {-1000000.0f, 1000000.0f, 65536.0f, -65536.0f, 2147483520.0f, -2147483648.0f})
    idx.push_back(Coord{v, 0, 0, 0});
  CoordSet* s = p.addSet(idx);
  for (size_t i = 0; i < formats().size(); ++i) {
    const Format& f = formats()[i];
    void* mem;
    CHECK(cudaMalloc(&mem, w * f.elementSize()));
    auto t = p.texelsFor(f, w);
    CHECK(cudaMemcpy(mem, t.data(), t.size(), cudaMemcpyHostToDevice));
    cudaResourceDesc res;
    std::memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeLinear;
    res.res.linear.devPtr = mem;
    res.res.linear.desc = f.desc();
    res.res.linear.sizeInBytes = w * f.elementSize();
    p.runAll(res, f, (int)i, Op1Dfetch, s, s, false, 2);
    CHECK(cudaFree(mem));
  }
  p.finish();
}

void partSrgb() {
  Part p("srgb", 1010);
  // Every 8-bit value at a texel centre, then filtered fetches between random texels.
  std::vector<Coord> centres;
  for (int i = 0; i < 256; ++i) centres.push_back(Coord{i + 0.5f, 0, 0, 0});
  CoordSet* c = p.addSet(centres);
  CoordSet* r = p.addSet(makeCoords(p.rng, 64, 256, 0, 0, false));
  for (int fi : {0, 1, 2, 3, 5}) {
    const Format& f = formats()[fi];
    cudaChannelFormatDesc desc = f.desc();
    cudaArray_t a;
    CHECK(cudaMallocArray(&a, &desc, 256));
    std::vector<uint8_t> t(256 * f.channels);
    for (int i = 0; i < 256; ++i)
      for (int ch = 0; ch < f.channels; ++ch) t[i * f.channels + ch] = (uint8_t)(ch == 1 ? 255 - i : i);
    if (fi == 2) for (int i = 0; i < 256; ++i) t[i * 4 + 2] = (uint8_t)p.rng.u32();
    p.texels.insert(p.texels.end(), t.begin(), t.end());
    CHECK(cudaMemcpy2DToArray(a, 0, 0, t.data(), t.size(), t.size(), 1, cudaMemcpyHostToDevice));
    for (int rm = 0; rm < 2; ++rm)
      for (int filter = 0; filter < 2; ++filter)
        for (int mode : {1, 3}) {
          cudaTextureDesc td;
          std::memset(&td, 0, sizeof td);
          td.addressMode[0] = td.addressMode[1] = kModes[mode];
          td.filterMode = filter ? cudaFilterModeLinear : cudaFilterModePoint;
          td.readMode = rm ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
          td.sRGB = 1;
          p.run(arrayResource(a), f, td, Op1D, filter ? r : c, fi);
        }
    CHECK(cudaFreeArray(a));
  }
  p.finish();
}

// Dense probes of the filtering rules: every weight between a few texel pairs, random weights
// between all others; 1D for the integer and half formats, 2D and 3D for float and 8-bit.
void partDense() {
  Part p("dense", 1212);
  const int w = 64;
  std::vector<Coord> c1;
  for (int i = 0; i < w - 1; ++i)
    for (int k = 0; k < (i % 16 == 0 ? 256 : 8); ++k) {
      int q = i % 16 == 0 ? k : p.rng.range(0, 511);
      c1.push_back(Coord{(float)i + 0.5f + (float)q / (i % 16 == 0 ? 256.0f : 512.0f), 0, 0, 0});
    }
  CoordSet* s1 = p.addSet(c1);
  for (int fi : {0, 3, 6, 9, 18, 21}) {
    const Format& f = formats()[fi];
    cudaArray_t a = make1DArray(p, f, w);
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = f.isFloat() ? cudaReadModeElementType : cudaReadModeNormalizedFloat;
    p.run(arrayResource(a), f, td, Op1D, s1, fi);
    CHECK(cudaFreeArray(a));
  }
  auto grid = [&](int dims, int n) {
    std::vector<Coord> c(n);
    for (Coord& q : c) {
      float v[3];
      for (int d = 0; d < 3; ++d) v[d] = d < dims ? (float)p.rng.range(0, 3) + 0.5f + (float)p.rng.range(0, 511) / 512.0f : 0.0f;
      q = Coord{v[0], v[1], v[2], 0};
    }
    return c;
  };
  CoordSet* s2 = p.addSet(grid(2, 768));
  CoordSet* s3 = p.addSet(grid(3, 1536));
  for (int fi : {0, 3, 9, 18, 21}) {
    const Format& f = formats()[fi];
    cudaTextureDesc td;
    std::memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModeLinear;
    td.readMode = f.isFloat() ? cudaReadModeElementType : cudaReadModeNormalizedFloat;
    cudaArray_t a2 = make2DArray(p, f, 5, 5);
    p.run(arrayResource(a2), f, td, Op2D, s2, fi);
    CHECK(cudaFreeArray(a2));
    cudaArray_t a3 = make3DArray(p, f, 5, 5, 5, 0);
    p.run(arrayResource(a3), f, td, Op3D, s3, fi);
    CHECK(cudaFreeArray(a3));
  }
  p.finish();
}

// ---- surfaces ----

template <class T>
__global__ void surfRead(int dim, cudaSurfaceObject_t s, const int4* c, T* out, int n, cudaSurfaceBoundaryMode mode) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int4 p = c[i];
  T v;
  switch (dim) {
    case 1: v = surf1Dread<T>(s, p.x, mode); break;
    case 2: v = surf2Dread<T>(s, p.x, p.y, mode); break;
    case 3: v = surf3Dread<T>(s, p.x, p.y, p.z, mode); break;
    case 4: v = surf1DLayeredread<T>(s, p.x, p.w, mode); break;
    default: v = surf2DLayeredread<T>(s, p.x, p.y, p.w, mode); break;
  }
  out[i] = v;
}

// Writes run in one thread, in order, so clamped writes that land on one texel are deterministic.
template <class T>
__global__ void surfWrite(int dim, cudaSurfaceObject_t s, const int4* c, int n, cudaSurfaceBoundaryMode mode) {
  for (int i = 0; i < n; ++i) {
    int4 p = c[i];
    T v;
    std::memset(&v, 0, sizeof v);
    *(unsigned char*)&v = (unsigned char)(i + 1);
    switch (dim) {
      case 1: surf1Dwrite<T>(v, s, p.x, mode); break;
      case 2: surf2Dwrite<T>(v, s, p.x, p.y, mode); break;
      case 3: surf3Dwrite<T>(v, s, p.x, p.y, p.z, mode); break;
      case 4: surf1DLayeredwrite<T>(v, s, p.x, p.w, mode); break;
      default: surf2DLayeredwrite<T>(v, s, p.x, p.y, p.w, mode); break;
    }
  }
}

struct SurfaceType { int formatIndex; };

template <class T>
void surfaceCase(Part& p, int fi, int dim, std::vector<uint32_t>& reads, std::vector<uint8_t>& written) {
  const Format& f = formats()[fi];
  const int w = 6, h = dim == 1 || dim == 4 ? 0 : 4, d = dim == 3 ? 3 : (dim >= 4 ? 2 : 0);
  unsigned flags = cudaArraySurfaceLoadStore | (dim >= 4 ? cudaArrayLayered : 0);
  int rows = h ? h : 1, depth = d ? d : 1;
  size_t count = (size_t)w * rows * depth;
  std::vector<int4> c;
  const int es = f.elementSize();
  for (int i = 0; i < 40; ++i) {
    int x = p.rng.range(-2, w + 1) * es, y = p.rng.range(-2, rows + 1), z = p.rng.range(-1, depth);
    if (i % 7 == 6) x = (int)(p.rng.u32() | 0x40000000u) / es * es * ((i & 8) ? -1 : 1);  // huge (aligned: a misaligned x faults in every mode)
    c.push_back(make_int4(x, y, z, z));
  }
  for (int i = 0; i < 8; ++i) c[i] = make_int4(p.rng.range(0, w - 1) * es, p.rng.range(0, rows - 1), p.rng.range(0, depth - 1), 0);
  for (int i = 0; i < 8; ++i) c[i].w = c[i].z;
  int4* dc;
  CHECK(cudaMalloc(&dc, c.size() * sizeof(int4)));
  CHECK(cudaMemcpy(dc, c.data(), c.size() * sizeof(int4), cudaMemcpyHostToDevice));
  T* out;
  CHECK(cudaMalloc(&out, c.size() * sizeof(T)));
  for (int mode : {cudaBoundaryModeZero, cudaBoundaryModeClamp}) {
    cudaChannelFormatDesc desc = f.desc();
    cudaArray_t a;
    CHECK(cudaMalloc3DArray(&a, &desc, make_cudaExtent(w, h, d), flags));
    auto t = p.texelsFor(f, count);
    cudaMemcpy3DParms cp;
    std::memset(&cp, 0, sizeof cp);
    cp.srcPtr = make_cudaPitchedPtr(t.data(), w * es, w, rows);
    cp.dstArray = a;
    cp.extent = make_cudaExtent(w, rows, depth);
    cp.kind = cudaMemcpyHostToDevice;
    CHECK(cudaMemcpy3D(&cp));
    cudaResourceDesc res = arrayResource(a);
    cudaSurfaceObject_t s;
    CHECK(cudaCreateSurfaceObject(&s, &res));
    CHECK(cudaMemset(out, 0xEE, c.size() * sizeof(T)));
    surfRead<T><<<1, (unsigned)c.size()>>>(dim, s, dc, out, (int)c.size(), (cudaSurfaceBoundaryMode)mode);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::vector<T> r(c.size());
    CHECK(cudaMemcpy(r.data(), out, c.size() * sizeof(T), cudaMemcpyDeviceToHost));
    for (const T& v : r) {
      uint32_t words[4] = {0, 0, 0, 0};
      std::memcpy(words, &v, sizeof v);
      reads.insert(reads.end(), words, words + 4);
    }
    surfWrite<T><<<1, 1>>>(dim, s, dc, (int)c.size(), (cudaSurfaceBoundaryMode)mode);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::vector<uint8_t> back(t.size());
    std::memset(&cp, 0, sizeof cp);
    cp.srcArray = a;
    cp.dstPtr = make_cudaPitchedPtr(back.data(), w * es, w, rows);
    cp.extent = make_cudaExtent(w, rows, depth);
    cp.kind = cudaMemcpyDeviceToHost;
    CHECK(cudaMemcpy3D(&cp));
    written.insert(written.end(), back.begin(), back.end());
    CHECK(cudaDestroySurfaceObject(s));
    CHECK(cudaFreeArray(a));
    p.fetches += 2 * (long)c.size();
  }
  for (const int4& q : c) p.coords.insert(p.coords.end(), {(float)q.x, (float)q.y, (float)q.z, (float)q.w});
  CHECK(cudaFree(dc));
  CHECK(cudaFree(out));
}

void partSurface() {
  Part p("surface", 1111);
  std::vector<uint32_t> reads;
  std::vector<uint8_t> written;
  for (int dim = 1; dim <= 5; ++dim) {
    surfaceCase<unsigned char>(p, 0, dim, reads, written);
    surfaceCase<ushort2>(p, 7, dim, reads, written);
    surfaceCase<int>(p, 15, dim, reads, written);
    surfaceCase<float4>(p, 23, dim, reads, written);
    surfaceCase<uchar4>(p, 2, dim, reads, written);
    surfaceCase<unsigned short>(p, 18, dim, reads, written);
  }
  loomCaseOutput("reads", reads.data(), reads.size());
  loomCaseOutput("written", written.data(), written.size());
  loomCaseOutput("coords", p.coords.data(), p.coords.size());
  loomCaseOutput("texels", p.texels.data(), p.texels.size());
  printf("surface: %ld accesses\n", p.fetches);
}

__global__ void trapRead(cudaSurfaceObject_t s, int x, float* out) { *out = surf1Dread<float>(s, x, cudaBoundaryModeTrap); }

// An out-of-range surface access in trap mode fails the launch (the context is lost after it).
void partSurfaceTrap() {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t a;
  CHECK(cudaMallocArray(&a, &desc, 8, 0, cudaArraySurfaceLoadStore));
  cudaResourceDesc res = arrayResource(a);
  cudaSurfaceObject_t s;
  CHECK(cudaCreateSurfaceObject(&s, &res));
  float* out;
  CHECK(cudaMalloc(&out, sizeof(float)));
  trapRead<<<1, 1>>>(s, 28, out);
  printf("in range: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  trapRead<<<1, 1>>>(s, 32, out);
  printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
  cudaError_t e = cudaDeviceSynchronize();
  printf("out of range: %s\n", cudaGetErrorName(e));
  printf("after: %s\n", cudaGetErrorName(cudaGetLastError()));
}

// ---- the runtime API's answers (stdout only) ----

void printDesc(const char* what, cudaChannelFormatDesc d) {
  printf("%s: %d %d %d %d kind %d\n", what, d.x, d.y, d.z, d.w, (int)d.f);
}

void partApi() {
  printDesc("char", cudaCreateChannelDesc<char>());
  printDesc("signed char", cudaCreateChannelDesc<signed char>());
  printDesc("uchar2", cudaCreateChannelDesc<uchar2>());
  printDesc("char4", cudaCreateChannelDesc<char4>());
  printDesc("short", cudaCreateChannelDesc<short>());
  printDesc("ushort4", cudaCreateChannelDesc<ushort4>());
  printDesc("int2", cudaCreateChannelDesc<int2>());
  printDesc("uint", cudaCreateChannelDesc<unsigned int>());
  printDesc("float", cudaCreateChannelDesc<float>());
  printDesc("float2", cudaCreateChannelDesc<float2>());
  printDesc("float4", cudaCreateChannelDesc<float4>());
  printDesc("half", cudaCreateChannelDescHalf());
  printDesc("half1", cudaCreateChannelDescHalf1());
  printDesc("half2", cudaCreateChannelDescHalf2());
  printDesc("half4", cudaCreateChannelDescHalf4());
  printDesc("explicit", cudaCreateChannelDesc(8, 8, 0, 0, cudaChannelFormatKindSigned));
  struct { const char* name; int w, h, d; unsigned flags; } arrays[] = {
      {"1d", 13, 0, 0, 0}, {"2d", 7, 5, 0, 0}, {"3d", 5, 4, 3, 0}, {"1d layered", 9, 0, 3, cudaArrayLayered},
      {"2d layered", 5, 4, 3, cudaArrayLayered}, {"cubemap", 4, 4, 6, cudaArrayCubemap},
      {"surface 2d", 6, 4, 0, cudaArraySurfaceLoadStore}, {"gather", 7, 5, 0, cudaArrayTextureGather}};
  for (auto& a : arrays) {
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<short2>();
    cudaArray_t arr;
    cudaError_t e = cudaMalloc3DArray(&arr, &desc, make_cudaExtent(a.w, a.h, a.d), a.flags);
    cudaChannelFormatDesc got;
    cudaExtent ext;
    unsigned flags = 0;
    if (e == cudaSuccess) CHECK(cudaArrayGetInfo(&got, &ext, &flags, arr));
    printf("array %s: %s extent %zu %zu %zu flags %u desc %d %d %d %d %d\n", a.name, cudaGetErrorName(e),
           ext.width, ext.height, ext.depth, flags, got.x, got.y, got.z, got.w, (int)got.f);
    if (e == cudaSuccess) CHECK(cudaFreeArray(arr));
  }
  cudaArray_t bad;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  printf("cubemap 4x5: %s\n", cudaGetErrorName(cudaMalloc3DArray(&bad, &desc, make_cudaExtent(4, 5, 6), cudaArrayCubemap)));
  cudaGetLastError();
  printf("cubemap depth 5: %s\n", cudaGetErrorName(cudaMalloc3DArray(&bad, &desc, make_cudaExtent(4, 4, 5), cudaArrayCubemap)));
  cudaGetLastError();
  // A texture object's descriptors read back.
  cudaArray_t a;
  CHECK(cudaMallocArray(&a, &desc, 16, 2));
  cudaResourceDesc res = arrayResource(a);
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.addressMode[0] = cudaAddressModeWrap;
  td.addressMode[1] = cudaAddressModeBorder;
  td.filterMode = cudaFilterModeLinear;
  td.normalizedCoords = 1;
  td.borderColor[0] = 0.5f;
  cudaTextureObject_t t;
  CHECK(cudaCreateTextureObject(&t, &res, &td, nullptr));
  cudaResourceDesc r2;
  cudaTextureDesc t2;
  CHECK(cudaGetTextureObjectResourceDesc(&r2, t));
  CHECK(cudaGetTextureObjectTextureDesc(&t2, t));
  printf("resource: type %d same array %d\n", (int)r2.resType, r2.res.array.array == a);
  printf("texture: address %d %d %d filter %d read %d normalized %d border %g\n", (int)t2.addressMode[0],
         (int)t2.addressMode[1], (int)t2.addressMode[2], (int)t2.filterMode, (int)t2.readMode,
         t2.normalizedCoords, t2.borderColor[0]);
  CHECK(cudaDestroyTextureObject(t));
  printf("create null: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, nullptr, &td, nullptr)));
  cudaGetLastError();
  CHECK(cudaFreeArray(a));
}

}  // namespace

int main(int argc, char** argv) {
  std::string part = argc > 1 ? argv[1] : "";
  if (part == "api") partApi();
  else if (part == "fetch1d") partFetch1D();
  else if (part == "fetch2d") partFetch2D();
  else if (part == "pitch2d") partPitch2D();
  else if (part == "fetch3d") partFetch3D();
  else if (part == "layered") partLayered();
  else if (part == "cubemap") partCubemap();
  else if (part == "gather") partGather();
  else if (part == "lod") partLod();
  else if (part == "linear") partLinear();
  else if (part == "srgb") partSrgb();
  else if (part == "dense") partDense();
  else if (part == "surface") partSurface();
  else if (part == "surface_trap") partSurfaceTrap();
  else {
    fprintf(stderr, "usage: texture_sweep api|fetch1d|fetch2d|pitch2d|fetch3d|layered|cubemap|gather|lod|linear|srgb|dense|surface|surface_trap\n");
    return 2;
  }
  return 0;
}
