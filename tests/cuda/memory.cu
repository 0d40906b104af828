// Conformance test: memory management of the CUDA runtime API and device memory spaces.
//
// Expected values come from the CUDA Runtime API reference and the Programming Guide: copies move
// bytes unchanged, cudaMemset fills bytes with (unsigned char)value, pitched/3D copies address rows at
// pitch and slices at pitch*height, symbols are addressed by name with byte offsets, managed and mapped
// host memory are visible to kernels, cudaPointerGetAttributes classifies memory (unregistered host
// memory: cudaSuccess with cudaMemoryTypeUnregistered since CUDA 11), vector types have the sizes and
// alignments of vector_types.h.
// Prints one "<check>: PASS" or "<check>: FAIL <expected vs got>" line per check; exit code 0 iff all pass.
#include <cuda_runtime.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "conformance.h"

// ---------------------------------------------------------------------------------------------
// Linear memory: round trips, device-to-device, cudaMemcpyDefault, memset.
__global__ void addOneKernel(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

static void testLinear() {
  const int n = 1 << 18;  // 1 MiB of ints
  std::vector<int> h(n), r(n);
  for (int i = 0; i < n; ++i) h[i] = i * 2654435761u;
  int *a, *b;
  CK(cudaMalloc(&a, n * sizeof(int)));
  CK(cudaMalloc(&b, n * sizeof(int)));
  check("cudaMalloc_alignment_256", ((uintptr_t)a % 256) == 0 && ((uintptr_t)b % 256) == 0,
        "expected 256-byte aligned pointers got %p and %p", (void*)a, (void*)b);
  CK(cudaMemcpy(a, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(r.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost));
  check("memcpy_round_trip", r == h, "host->device->host changed the data");

  CK(cudaMemcpy(b, a, n * sizeof(int), cudaMemcpyDeviceToDevice));
  addOneKernel<<<(n + 255) / 256, 256>>>(b, n);
  CK_LAUNCH();
  std::fill(r.begin(), r.end(), 0);
  CK(cudaMemcpy(r.data(), b, n * sizeof(int), cudaMemcpyDefault));
  int bad = -1;
  for (int i = 0; i < n; ++i)
    if (r[i] != h[i] + 1) { bad = i; break; }
  check("memcpy_device_to_device_and_default", bad < 0, "element %d expected %d got %d", bad, bad < 0 ? 0 : h[bad] + 1,
        bad < 0 ? 0 : r[bad]);

  // Partial copy at an offset inside an allocation.
  CK(cudaMemcpy(a + 100, h.data() + 5000, 300 * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(r.data(), a, 500 * sizeof(int), cudaMemcpyDeviceToHost));
  bad = -1;
  for (int i = 0; i < 500; ++i) {
    int want = (i >= 100 && i < 400) ? h[5000 + i - 100] : h[i];
    if (r[i] != want) { bad = i; break; }
  }
  check("memcpy_offset_inside_allocation", bad < 0, "element %d differs", bad);

  // cudaMemset fills bytes with (unsigned char)value.
  CK(cudaMemset(a, 0xAB, 1000));
  CK(cudaMemset((char*)a + 1000, 0x1234, 24));  // only the low byte, 0x34, is used
  CK(cudaMemsetAsync((char*)a + 1024, 0, 16, 0));
  CK(cudaDeviceSynchronize());
  std::vector<unsigned char> bytes(2048);
  CK(cudaMemcpy(bytes.data(), a, bytes.size(), cudaMemcpyDeviceToHost));
  // What the first 512 ints hold before the memsets, then the memsets applied to its bytes.
  std::vector<int> before(512);
  for (int i = 0; i < 512; ++i) before[i] = (i >= 100 && i < 400) ? h[5000 + i - 100] : h[i];
  std::vector<unsigned char> want(2048);
  std::memcpy(want.data(), before.data(), 2048);
  std::memset(want.data(), 0xAB, 1000);
  std::memset(want.data() + 1000, 0x34, 24);
  std::memset(want.data() + 1024, 0, 16);
  bad = -1;
  for (int i = 0; i < 2048; ++i)
    if (bytes[i] != want[i]) { bad = i; break; }
  check("cudaMemset_bytes", bad < 0, "byte %d expected 0x%02x got 0x%02x", bad, bad < 0 ? 0 : want[bad],
        bad < 0 ? 0 : bytes[bad]);

  CK(cudaFree(a));
  CK(cudaFree(b));
  CK(cudaFree(nullptr));  // documented as a no-op returning cudaSuccess
  check("cudaFree_null", true);
}

// ---------------------------------------------------------------------------------------------
// Pitched 2D memory: cudaMallocPitch + cudaMemcpy2D + a kernel using the pitch + cudaMemset2D.
__global__ void pitchKernel(float* base, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x >= width || y >= height) return;
  float* row = (float*)((char*)base + y * pitch);
  row[x] = row[x] * 2.0f + (float)(y * 1000 + x);
}

static void testPitch2D() {
  const int W = 100, H = 37;
  std::vector<float> h(W * H), r(W * H);
  for (int i = 0; i < W * H; ++i) h[i] = (float)(i % 977) * 0.5f;
  float* d;
  size_t pitch = 0;
  CK(cudaMallocPitch((void**)&d, &pitch, W * sizeof(float), H));
  int texPitchAlign = 0;
  cudaError_t attrErr = cudaDeviceGetAttribute(&texPitchAlign, cudaDevAttrTexturePitchAlignment, 0);
  cudaGetLastError();
  check("cudaMallocPitch_pitch",
        attrErr == cudaSuccess && pitch >= W * sizeof(float) && texPitchAlign > 0 && pitch % texPitchAlign == 0,
        "expected pitch >= %zu and a multiple of the texture pitch alignment (attribute query %s, %d), got %zu",
        W * sizeof(float), cudaGetErrorName(attrErr), texPitchAlign, pitch);
  CK(cudaMemcpy2D(d, pitch, h.data(), W * sizeof(float), W * sizeof(float), H, cudaMemcpyHostToDevice));
  pitchKernel<<<dim3((W + 31) / 32, H), 32>>>(d, pitch, W, H);
  CK_LAUNCH();
  CK(cudaMemcpy2D(r.data(), W * sizeof(float), d, pitch, W * sizeof(float), H, cudaMemcpyDeviceToHost));
  int bad = -1;
  for (int y = 0; y < H && bad < 0; ++y)
    for (int x = 0; x < W; ++x)
      if (r[y * W + x] != h[y * W + x] * 2.0f + (float)(y * 1000 + x)) { bad = y * W + x; break; }
  check("cudaMemcpy2D_pitch_kernel", bad < 0, "element %d expected %g got %g", bad,
        bad < 0 ? 0.0 : h[bad] * 2.0f + (float)((bad / W) * 1000 + bad % W), bad < 0 ? 0.0 : r[bad]);

  // Device to device into a second pitched allocation: a sub-rectangle (columns 10..49, rows 3..22)
  // copied to the origin of the destination.
  float* d2;
  size_t pitch2 = 0;
  CK(cudaMallocPitch((void**)&d2, &pitch2, 64 * sizeof(float), 20));
  CK(cudaMemset2D(d2, pitch2, 0, 64 * sizeof(float), 20));
  CK(cudaMemcpy2D(d2, pitch2, (char*)d + 3 * pitch + 10 * sizeof(float), pitch, 40 * sizeof(float), 20,
                  cudaMemcpyDeviceToDevice));
  std::vector<float> r2(64 * 20);
  CK(cudaMemcpy2D(r2.data(), 64 * sizeof(float), d2, pitch2, 64 * sizeof(float), 20, cudaMemcpyDeviceToHost));
  bad = -1;
  for (int y = 0; y < 20 && bad < 0; ++y)
    for (int x = 0; x < 64; ++x) {
      float want = x < 40 ? r[(y + 3) * W + x + 10] : 0.0f;
      if (r2[y * 64 + x] != want) { bad = y * 64 + x; break; }
    }
  check("cudaMemcpy2D_device_to_device_subrect", bad < 0, "element (%d,%d) differs", bad < 0 ? 0 : bad % 64,
        bad < 0 ? 0 : bad / 64);

  // cudaMemset2D on a sub-rectangle: bytes of 20 columns x 5 rows set to 0x7f, the rest unchanged.
  CK(cudaMemset2D((char*)d2 + 2 * pitch2 + 8 * sizeof(float), pitch2, 0x7f, 20 * sizeof(float), 5));
  std::vector<float> r3(64 * 20);
  CK(cudaMemcpy2D(r3.data(), 64 * sizeof(float), d2, pitch2, 64 * sizeof(float), 20, cudaMemcpyDeviceToHost));
  float setValue;
  std::memset(&setValue, 0x7f, sizeof setValue);
  bad = -1;
  for (int y = 0; y < 20 && bad < 0; ++y)
    for (int x = 0; x < 64; ++x) {
      bool inside = y >= 2 && y < 7 && x >= 8 && x < 28;
      float want = inside ? setValue : r2[y * 64 + x];
      if (std::memcmp(&r3[y * 64 + x], &want, sizeof want) != 0) { bad = y * 64 + x; break; }
    }
  check("cudaMemset2D_subrect", bad < 0, "element (%d,%d) differs", bad < 0 ? 0 : bad % 64, bad < 0 ? 0 : bad / 64);
  CK(cudaFree(d));
  CK(cudaFree(d2));
}

// ---------------------------------------------------------------------------------------------
// 3D: cudaMalloc3D + cudaMemcpy3D (host to device, device to device, device to host) + a kernel.
__global__ void pitch3dKernel(cudaPitchedPtr p, int w, int h, int depth) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y, z = blockIdx.z;
  if (x >= w || y >= h || z >= depth) return;
  char* slice = (char*)p.ptr + (size_t)z * p.pitch * h;
  float* row = (float*)(slice + (size_t)y * p.pitch);
  row[x] += (float)(z * 10000 + y * 100 + x);
}

static void testPitch3D() {
  const int W = 24, H = 5, D = 4;
  std::vector<float> h(W * H * D), r(W * H * D);
  for (int i = 0; i < W * H * D; ++i) h[i] = (float)(i * 3);
  cudaExtent ext = make_cudaExtent(W * sizeof(float), H, D);
  cudaPitchedPtr a, b, c;
  CK(cudaMalloc3D(&a, ext));
  CK(cudaMalloc3D(&b, ext));
  CK(cudaMalloc3D(&c, ext));
  check("cudaMalloc3D_fields", a.pitch >= W * sizeof(float) && a.xsize == W * sizeof(float) && a.ysize == (size_t)H,
        "expected pitch >= %zu, xsize %zu, ysize %d; got pitch %zu xsize %zu ysize %zu", W * sizeof(float),
        W * sizeof(float), H, a.pitch, a.xsize, a.ysize);

  cudaMemcpy3DParms p;
  std::memset(&p, 0, sizeof p);
  p.srcPtr = make_cudaPitchedPtr(h.data(), W * sizeof(float), W, H);
  p.dstPtr = a;
  p.extent = ext;
  p.kind = cudaMemcpyHostToDevice;
  CK(cudaMemcpy3D(&p));
  pitch3dKernel<<<dim3(1, H, D), 32>>>(a, W, H, D);
  CK_LAUNCH();

  std::memset(&p, 0, sizeof p);
  p.srcPtr = a;
  p.dstPtr = b;
  p.extent = ext;
  p.kind = cudaMemcpyDeviceToDevice;
  CK(cudaMemcpy3D(&p));

  std::memset(&p, 0, sizeof p);
  p.srcPtr = b;
  p.dstPtr = make_cudaPitchedPtr(r.data(), W * sizeof(float), W, H);
  p.extent = ext;
  p.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&p));
  int bad = -1;
  for (int z = 0; z < D && bad < 0; ++z)
    for (int y = 0; y < H && bad < 0; ++y)
      for (int x = 0; x < W; ++x) {
        int i = (z * H + y) * W + x;
        if (r[i] != h[i] + (float)(z * 10000 + y * 100 + x)) { bad = i; break; }
      }
  check("cudaMemcpy3D_host_device_kernel_device", bad < 0, "element %d expected %g got %g", bad,
        bad < 0 ? 0.0 : h[bad] + (float)((bad / (W * H)) * 10000 + (bad / W % H) * 100 + bad % W),
        bad < 0 ? 0.0 : r[bad]);

  // A sub-box with positions: (x 4..11, y 1..2, z 1..2) of b to the origin of c (zeroed first).
  CK(cudaMemset(c.ptr, 0, c.pitch * H * D));
  std::memset(&p, 0, sizeof p);
  p.srcPtr = b;
  p.srcPos = make_cudaPos(4 * sizeof(float), 1, 1);
  p.dstPtr = c;
  p.dstPos = make_cudaPos(0, 0, 0);
  p.extent = make_cudaExtent(8 * sizeof(float), 2, 2);
  p.kind = cudaMemcpyDeviceToDevice;
  CK(cudaMemcpy3D(&p));
  std::vector<float> rc(W * H * D);
  std::memset(&p, 0, sizeof p);
  p.srcPtr = c;
  p.dstPtr = make_cudaPitchedPtr(rc.data(), W * sizeof(float), W, H);
  p.extent = ext;
  p.kind = cudaMemcpyDeviceToHost;
  CK(cudaMemcpy3D(&p));
  bad = -1;
  for (int z = 0; z < D && bad < 0; ++z)
    for (int y = 0; y < H && bad < 0; ++y)
      for (int x = 0; x < W; ++x) {
        float want = (x < 8 && y < 2 && z < 2) ? r[((z + 1) * H + (y + 1)) * W + (x + 4)] : 0.0f;
        if (rc[(z * H + y) * W + x] != want) { bad = (z * H + y) * W + x; break; }
      }
  check("cudaMemcpy3D_positions_subbox", bad < 0, "element %d differs", bad);
  CK(cudaFree(a.ptr));
  CK(cudaFree(b.ptr));
  CK(cudaFree(c.ptr));
}

// ---------------------------------------------------------------------------------------------
// __device__ and __constant__ variables and the symbol API.
__device__ int devArr[16];
__device__ int devInit = 42;
__device__ double devInitArr[3] = {1.5, -2.25, 1e300};
__constant__ float constArr[8];
__constant__ int constInit[4] = {11, 22, 33, 44};

__global__ void symbolKernel(int* out) {
  int t = threadIdx.x;
  if (t < 16) devArr[t] = devArr[t] * 2 + (int)constArr[t % 8];
  if (t == 0) {
    out[0] = devInit;
    out[1] = constInit[0] + constInit[1] + constInit[2] + constInit[3];
    out[2] = devInitArr[0] == 1.5 && devInitArr[1] == -2.25 && devInitArr[2] == 1e300;
  }
}

__global__ void writeThroughPointerKernel(int* p, int n) {
  int t = threadIdx.x;
  if (t < n) p[t] += 1000;
}

static void testSymbols() {
  int h[16];
  float c[8];
  for (int i = 0; i < 16; ++i) h[i] = i + 1;
  for (int i = 0; i < 8; ++i) c[i] = (float)(i * 10);
  CK(cudaMemcpyToSymbol(devArr, h, sizeof h));
  CK(cudaMemcpyToSymbol(constArr, c, sizeof c));
  // Offset write: constArr[6..7] = 600, 700.
  float c2[2] = {600.0f, 700.0f};
  CK(cudaMemcpyToSymbol(constArr, c2, sizeof c2, 6 * sizeof(float)));
  c[6] = 600.0f;
  c[7] = 700.0f;
  int* dOut;
  CK(cudaMalloc(&dOut, 3 * sizeof(int)));
  symbolKernel<<<1, 32>>>(dOut);
  CK_LAUNCH();
  int out[3];
  CK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  check("device_variable_static_initializer", out[0] == 42, "devInit expected 42 got %d", out[0]);
  check("constant_variable_static_initializer", out[1] == 110, "sum of constInit expected 110 got %d", out[1]);
  check("device_array_static_initializer", out[2] == 1, "devInitArr read on the device differs");

  int r[16];
  CK(cudaMemcpyFromSymbol(r, devArr, sizeof r));
  int bad = -1;
  for (int i = 0; i < 16; ++i)
    if (r[i] != h[i] * 2 + (int)c[i % 8]) { bad = i; break; }
  check("cudaMemcpyToSymbol_FromSymbol", bad < 0, "devArr[%d] expected %d got %d", bad,
        bad < 0 ? 0 : h[bad] * 2 + (int)c[bad % 8], bad < 0 ? 0 : r[bad]);

  // Offset read: elements 8..11.
  int part[4] = {-1, -1, -1, -1};
  CK(cudaMemcpyFromSymbol(part, devArr, 4 * sizeof(int), 8 * sizeof(int)));
  bad = -1;
  for (int i = 0; i < 4; ++i)
    if (part[i] != r[8 + i]) { bad = i; break; }
  check("cudaMemcpyFromSymbol_offset", bad < 0, "element %d expected %d got %d", bad, bad < 0 ? 0 : r[8 + bad],
        bad < 0 ? 0 : part[bad]);

  float cr[8];
  CK(cudaMemcpyFromSymbol(cr, constArr, sizeof cr));
  check("constant_symbol_read_back", std::memcmp(cr, c, sizeof c) == 0, "constArr[6]=%g constArr[7]=%g", cr[6], cr[7]);

  int ci[4];
  CK(cudaMemcpyFromSymbol(ci, constInit, sizeof ci));
  check("constant_initializer_read_back", ci[0] == 11 && ci[1] == 22 && ci[2] == 33 && ci[3] == 44,
        "expected 11 22 33 44 got %d %d %d %d", ci[0], ci[1], ci[2], ci[3]);

  int di;
  CK(cudaMemcpyFromSymbol(&di, devInit, sizeof di));
  check("device_initializer_read_back", di == 42, "expected 42 got %d", di);

  // Symbol address: use it with cudaMemcpy and as a kernel argument.
  int* pArr = nullptr;
  CK(cudaGetSymbolAddress((void**)&pArr, devArr));
  int two[2] = {-7, -8};
  CK(cudaMemcpy(pArr + 14, two, sizeof two, cudaMemcpyHostToDevice));
  writeThroughPointerKernel<<<1, 32>>>(pArr, 16);
  CK_LAUNCH();
  CK(cudaMemcpyFromSymbol(r, devArr, sizeof r));
  bad = -1;
  for (int i = 0; i < 16; ++i) {
    int want = (i < 14 ? h[i] * 2 + (int)c[i % 8] : two[i - 14]) + 1000;
    if (r[i] != want) { bad = i; break; }
  }
  check("cudaGetSymbolAddress", pArr != nullptr && bad < 0, "devArr[%d] differs after writes through the address", bad);

  size_t sz = 0;
  CK(cudaGetSymbolSize(&sz, devArr));
  check("cudaGetSymbolSize_device", sz == 16 * sizeof(int), "expected %zu got %zu", 16 * sizeof(int), sz);
  CK(cudaGetSymbolSize(&sz, constArr));
  check("cudaGetSymbolSize_constant", sz == 8 * sizeof(float), "expected %zu got %zu", 8 * sizeof(float), sz);
  CK(cudaGetSymbolSize(&sz, devInitArr));
  check("cudaGetSymbolSize_double_array", sz == 3 * sizeof(double), "expected %zu got %zu", 3 * sizeof(double), sz);
  CK(cudaFree(dOut));
}

// ---------------------------------------------------------------------------------------------
// Managed memory: __managed__ variables and cudaMallocManaged, used from the host and the device.
__managed__ int managedArr[64];
__managed__ int managedScalar = 5;

__global__ void managedKernel(float* m, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < 64) managedArr[t] = managedArr[t] * managedScalar + 1;
  if (t < n) m[t] = m[t] * 0.5f + 3.0f;
}

__global__ void managedScalarKernel() {
  if (threadIdx.x == 0) managedScalar += 100;
}

static void testManaged() {
  for (int i = 0; i < 64; ++i) managedArr[i] = i - 10;
  const int n = 1000;
  float* m = nullptr;
  CK(cudaMallocManaged(&m, n * sizeof(float)));
  for (int i = 0; i < n; ++i) m[i] = (float)i;
  managedKernel<<<(n + 127) / 128, 128>>>(m, n);
  CK_LAUNCH();
  managedScalarKernel<<<1, 32>>>();
  CK_LAUNCH();
  int bad = -1;
  for (int i = 0; i < 64; ++i)
    if (managedArr[i] != (i - 10) * 5 + 1) { bad = i; break; }
  check("managed_variable_array", bad < 0, "managedArr[%d] expected %d got %d", bad, bad < 0 ? 0 : (bad - 10) * 5 + 1,
        bad < 0 ? 0 : managedArr[bad]);
  check("managed_variable_scalar", managedScalar == 105, "expected 105 got %d", managedScalar);
  bad = -1;
  for (int i = 0; i < n; ++i)
    if (m[i] != (float)i * 0.5f + 3.0f) { bad = i; break; }
  check("cudaMallocManaged", bad < 0, "m[%d] expected %g got %g", bad, bad < 0 ? 0.0 : bad * 0.5 + 3.0,
        bad < 0 ? 0.0 : m[bad]);
  CK(cudaFree(m));
}

// ---------------------------------------------------------------------------------------------
// Mapped pinned memory (cudaHostAlloc + cudaHostGetDevicePointer) and cudaHostRegister'd memory.
__global__ void mappedKernel(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = p[i] * 3 + i;
}

static void testMappedAndRegistered() {
  const int n = 4096;
  int* hMapped = nullptr;
  CK(cudaHostAlloc((void**)&hMapped, n * sizeof(int), cudaHostAllocMapped));
  for (int i = 0; i < n; ++i) hMapped[i] = i * 7;
  int* dMapped = nullptr;
  CK(cudaHostGetDevicePointer((void**)&dMapped, hMapped, 0));
  mappedKernel<<<n / 256, 256>>>(dMapped, n);
  CK_LAUNCH();
  int bad = -1;
  for (int i = 0; i < n; ++i)
    if (hMapped[i] != i * 7 * 3 + i) { bad = i; break; }
  check("cudaHostAlloc_mapped_kernel", bad < 0, "element %d expected %d got %d", bad, bad * 21 + bad,
        bad < 0 ? 0 : hMapped[bad]);

  const size_t bytes = 64 * 1024;
  int* hReg = (int*)std::aligned_alloc(4096, bytes);
  const int m = (int)(bytes / sizeof(int));
  for (int i = 0; i < m; ++i) hReg[i] = -i;
  CK(cudaHostRegister(hReg, bytes, cudaHostRegisterMapped));
  int* dReg = nullptr;
  CK(cudaHostGetDevicePointer((void**)&dReg, hReg, 0));
  mappedKernel<<<(m + 255) / 256, 256>>>(dReg, m);
  CK_LAUNCH();
  bad = -1;
  for (int i = 0; i < m; ++i)
    if (hReg[i] != -i * 3 + i) { bad = i; break; }
  check("cudaHostRegister_kernel", bad < 0, "element %d expected %d got %d", bad, -bad * 3 + bad,
        bad < 0 ? 0 : hReg[bad]);

  // Pointer attributes of every kind of memory.
  int* dev;
  int* pinned;
  float* managed;
  CK(cudaMalloc(&dev, 1024));
  CK(cudaMallocHost((void**)&pinned, 1024));
  CK(cudaMallocManaged(&managed, 1024));
  int* plain = (int*)std::malloc(1024);
  cudaPointerAttributes at;

  std::memset(&at, 0, sizeof at);
  CK(cudaPointerGetAttributes(&at, dev));
  check("pointer_attributes_device", at.type == cudaMemoryTypeDevice && at.device == 0 && at.devicePointer == dev &&
                                         at.hostPointer == nullptr,
        "expected type %d device 0 devicePointer %p hostPointer NULL, got type %d device %d devicePointer %p hostPointer %p",
        (int)cudaMemoryTypeDevice, (void*)dev, (int)at.type, at.device, at.devicePointer, at.hostPointer);
  std::memset(&at, 0, sizeof at);
  CK(cudaPointerGetAttributes(&at, dev + 17));
  check("pointer_attributes_device_interior", at.type == cudaMemoryTypeDevice && at.devicePointer == dev + 17,
        "expected type %d devicePointer %p got type %d devicePointer %p", (int)cudaMemoryTypeDevice, (void*)(dev + 17),
        (int)at.type, at.devicePointer);
  std::memset(&at, 0, sizeof at);
  CK(cudaPointerGetAttributes(&at, pinned));
  check("pointer_attributes_pinned_host", at.type == cudaMemoryTypeHost && at.hostPointer == pinned,
        "expected type %d hostPointer %p got type %d hostPointer %p", (int)cudaMemoryTypeHost, (void*)pinned,
        (int)at.type, at.hostPointer);
  std::memset(&at, 0, sizeof at);
  CK(cudaPointerGetAttributes(&at, hMapped));
  check("pointer_attributes_mapped_host", at.type == cudaMemoryTypeHost && at.hostPointer == hMapped &&
                                              at.devicePointer == dMapped,
        "expected type %d hostPointer %p devicePointer %p got type %d hostPointer %p devicePointer %p",
        (int)cudaMemoryTypeHost, (void*)hMapped, (void*)dMapped, (int)at.type, at.hostPointer, at.devicePointer);
  std::memset(&at, 0, sizeof at);
  CK(cudaPointerGetAttributes(&at, hReg));
  check("pointer_attributes_registered_host", at.type == cudaMemoryTypeHost && at.hostPointer == hReg,
        "expected type %d hostPointer %p got type %d hostPointer %p", (int)cudaMemoryTypeHost, (void*)hReg,
        (int)at.type, at.hostPointer);
  std::memset(&at, 0, sizeof at);
  CK(cudaPointerGetAttributes(&at, managed));
  check("pointer_attributes_managed", at.type == cudaMemoryTypeManaged && at.devicePointer == managed &&
                                          at.hostPointer == managed,
        "expected type %d device/host pointer %p got type %d devicePointer %p hostPointer %p",
        (int)cudaMemoryTypeManaged, (void*)managed, (int)at.type, at.devicePointer, at.hostPointer);
  std::memset(&at, 0, sizeof at);
  cudaError_t e = cudaPointerGetAttributes(&at, plain);
  check("pointer_attributes_plain_malloc", e == cudaSuccess && at.type == cudaMemoryTypeUnregistered,
        "expected cudaSuccess and type %d got %s and type %d", (int)cudaMemoryTypeUnregistered, cudaGetErrorName(e),
        (int)at.type);
  cudaGetLastError();

  CK(cudaHostUnregister(hReg));
  std::free(hReg);
  std::free(plain);
  CK(cudaFree(dev));
  CK(cudaFreeHost(pinned));
  CK(cudaFree(managed));
  CK(cudaFreeHost(hMapped));
}

// ---------------------------------------------------------------------------------------------
static void testMemGetInfo() {
  size_t free1 = 0, total = 0, free2 = 0, free3 = 0, total2 = 0;
  CK(cudaMemGetInfo(&free1, &total));
  check("cudaMemGetInfo_free_le_total", total > 0 && free1 <= total, "free %zu total %zu", free1, total);
  void* p;
  const size_t big = 64ull << 20;
  CK(cudaMalloc(&p, big));
  CK(cudaMemGetInfo(&free2, &total2));
  check("cudaMemGetInfo_drops_after_malloc", free2 + big <= free1 && total2 == total,
        "free before %zu after a 64 MiB cudaMalloc %zu (drop %lld), total %zu then %zu", free1, free2,
        (long long)free1 - (long long)free2, total, total2);
  CK(cudaFree(p));
  CK(cudaMemGetInfo(&free3, &total2));
  check("cudaMemGetInfo_rises_after_free", free3 > free2, "free after cudaFree %zu, before %zu", free3, free2);
}

// ---------------------------------------------------------------------------------------------
// Vector types: sizes and alignments (host and device), and arrays of them through device memory.
struct VecSizes {
  int v[2 * 16];
};

#define VEC_TYPES(X) \
  X(char1, 1, 1)     \
  X(char2, 2, 2)     \
  X(char3, 3, 1)     \
  X(char4, 4, 4)     \
  X(uchar4, 4, 4)    \
  X(short2, 4, 4)    \
  X(short3, 6, 2)    \
  X(ushort4, 8, 8)   \
  X(int2, 8, 8)      \
  X(int3, 12, 4)     \
  X(int4, 16, 16)    \
  X(uint3, 12, 4)    \
  X(float2, 8, 8)    \
  X(float3, 12, 4)   \
  X(float4, 16, 16)  \
  X(double2, 16, 16)

__global__ void vecSizesKernel(int* out) {
  int i = 0;
#define X(T, S, A)                \
  out[i++] = (int)sizeof(T);      \
  out[i++] = (int)alignof(T);
  VEC_TYPES(X)
#undef X
}

__host__ __device__ inline float4 bump(float4 v, int i) { return make_float4(v.x + 1.0f, v.y * 2.0f, v.z - 3.0f, v.w + i); }
__host__ __device__ inline int2 bump(int2 v, int i) { return make_int2(v.x + i, v.y - i); }
__host__ __device__ inline double2 bump(double2 v, int i) { return make_double2(v.x * 0.5, v.y + i); }
__host__ __device__ inline char3 bump(char3 v, int i) {
  return make_char3((signed char)(v.x + 1), (signed char)(v.y - 1), (signed char)(v.z ^ i));
}
__host__ __device__ inline uchar4 bump(uchar4 v, int i) {
  return make_uchar4(v.x + 1, v.y + 2, v.z + 3, (unsigned char)(v.w + i));
}
__host__ __device__ inline short3 bump(short3 v, int i) { return make_short3(v.x + 1, v.y * 2, v.z - i); }
__host__ __device__ inline float3 bump(float3 v, int i) { return make_float3(v.x + i, v.y, v.z * 4.0f); }
__host__ __device__ inline int3 bump(int3 v, int i) { return make_int3(v.z, v.x, v.y + i); }

template <typename T>
__global__ void bumpKernel(T* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = bump(p[i], i);
}

template <typename T>
static void vecRoundTrip(const char* name, const std::vector<T>& h) {
  const int n = (int)h.size();
  T* d;
  CK(cudaMalloc(&d, n * sizeof(T)));
  CK(cudaMemcpy(d, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  bumpKernel<T><<<(n + 63) / 64, 64>>>(d, n);
  CK_LAUNCH();
  std::vector<T> r(n);
  CK(cudaMemcpy(r.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  int bad = -1;
  for (int i = 0; i < n; ++i) {
    T want = bump(h[i], i);
    if (std::memcmp(&want, &r[i], sizeof(T)) != 0) { bad = i; break; }
  }
  check(name, bad < 0, "element %d differs from the host's computation", bad);
  CK(cudaFree(d));
}

static void testVectorTypes() {
  const int nTypes = 16;
  static const char* names[nTypes];
  int hostVals[2 * nTypes], wantVals[2 * nTypes];
  {
    int i = 0, k = 0;
#define X(T, S, A)                    \
  names[k++] = #T;                    \
  hostVals[i] = (int)sizeof(T);       \
  wantVals[i++] = S;                  \
  hostVals[i] = (int)alignof(T);      \
  wantVals[i++] = A;
    VEC_TYPES(X)
#undef X
  }
  int* d;
  CK(cudaMalloc(&d, sizeof(hostVals)));
  vecSizesKernel<<<1, 1>>>(d);
  CK_LAUNCH();
  int devVals[2 * nTypes];
  CK(cudaMemcpy(devVals, d, sizeof devVals, cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  for (int k = 0; k < nTypes; ++k) {
    char name[64];
    std::snprintf(name, sizeof name, "vector_type_size_align_%s", names[k]);
    bool ok = hostVals[2 * k] == wantVals[2 * k] && hostVals[2 * k + 1] == wantVals[2 * k + 1] &&
              devVals[2 * k] == wantVals[2 * k] && devVals[2 * k + 1] == wantVals[2 * k + 1];
    check(name, ok, "expected size %d align %d; host size %d align %d; device size %d align %d", wantVals[2 * k],
          wantVals[2 * k + 1], hostVals[2 * k], hostVals[2 * k + 1], devVals[2 * k], devVals[2 * k + 1]);
  }

  const int n = 300;
  std::vector<float4> f4(n);
  std::vector<int2> i2(n);
  std::vector<double2> d2(n);
  std::vector<char3> c3(n);
  std::vector<uchar4> u4(n);
  std::vector<short3> s3(n);
  std::vector<float3> f3(n);
  std::vector<int3> i3(n);
  for (int i = 0; i < n; ++i) {
    f4[i] = make_float4(i * 0.25f, -i * 1.0f, i + 0.5f, 7.0f);
    i2[i] = make_int2(i * 1000, -i);
    d2[i] = make_double2(i * 1.0e10, -i * 0.125);
    c3[i] = make_char3((signed char)(i % 100), (signed char)(-(i % 50)), (signed char)(i % 7));
    u4[i] = make_uchar4(i % 256, (i * 3) % 256, (i * 5) % 256, (i * 7) % 256);
    s3[i] = make_short3(i, -i, i * 2);
    f3[i] = make_float3(i * 1.5f, i * -2.0f, i * 0.125f);
    i3[i] = make_int3(i, i * 2, i * 3);
  }
  vecRoundTrip("vector_round_trip_float4", f4);
  vecRoundTrip("vector_round_trip_int2", i2);
  vecRoundTrip("vector_round_trip_double2", d2);
  vecRoundTrip("vector_round_trip_char3", c3);
  vecRoundTrip("vector_round_trip_uchar4", u4);
  vecRoundTrip("vector_round_trip_short3", s3);
  vecRoundTrip("vector_round_trip_float3", f3);
  vecRoundTrip("vector_round_trip_int3", i3);
}

// ---------------------------------------------------------------------------------------------
// __ldg: read-only loads through the non-coherent path return the stored values.
__global__ void ldgKernel(const float* __restrict__ f, const int* __restrict__ i, const float4* __restrict__ f4,
                          const double2* __restrict__ d2, float* of, int* oi, float4* of4, double2* od2, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  of[t] = __ldg(&f[t]) * 2.0f;
  oi[t] = __ldg(&i[n - 1 - t]) + 1;
  float4 v = __ldg(&f4[t]);
  of4[t] = make_float4(v.w, v.z, v.y, v.x);
  double2 w = __ldg(&d2[t]);
  od2[t] = make_double2(w.y, w.x);
}

static void testLdg() {
  const int n = 512;
  std::vector<float> f(n), rf(n);
  std::vector<int> iv(n), ri(n);
  std::vector<float4> f4(n), rf4(n);
  std::vector<double2> d2(n), rd2(n);
  for (int k = 0; k < n; ++k) {
    f[k] = k * 0.75f;
    iv[k] = k * k;
    f4[k] = make_float4(k, k + 1, k + 2, k + 3);
    d2[k] = make_double2(k * 0.5, -k * 0.25);
  }
  float *df, *dof;
  int *di, *doi;
  float4 *df4, *dof4;
  double2 *dd2, *dod2;
  CK(cudaMalloc(&df, n * sizeof(float)));
  CK(cudaMalloc(&dof, n * sizeof(float)));
  CK(cudaMalloc(&di, n * sizeof(int)));
  CK(cudaMalloc(&doi, n * sizeof(int)));
  CK(cudaMalloc(&df4, n * sizeof(float4)));
  CK(cudaMalloc(&dof4, n * sizeof(float4)));
  CK(cudaMalloc(&dd2, n * sizeof(double2)));
  CK(cudaMalloc(&dod2, n * sizeof(double2)));
  CK(cudaMemcpy(df, f.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(di, iv.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(df4, f4.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dd2, d2.data(), n * sizeof(double2), cudaMemcpyHostToDevice));
  ldgKernel<<<n / 128, 128>>>(df, di, df4, dd2, dof, doi, dof4, dod2, n);
  CK_LAUNCH();
  CK(cudaMemcpy(rf.data(), dof, n * sizeof(float), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(ri.data(), doi, n * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rf4.data(), dof4, n * sizeof(float4), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rd2.data(), dod2, n * sizeof(double2), cudaMemcpyDeviceToHost));
  int bad = -1;
  for (int k = 0; k < n; ++k) {
    bool ok = rf[k] == f[k] * 2.0f && ri[k] == iv[n - 1 - k] + 1 && rf4[k].x == f4[k].w && rf4[k].y == f4[k].z &&
              rf4[k].z == f4[k].y && rf4[k].w == f4[k].x && rd2[k].x == d2[k].y && rd2[k].y == d2[k].x;
    if (!ok) { bad = k; break; }
  }
  check("ldg_float_int_float4_double2", bad < 0, "element %d differs", bad);
  CK(cudaFree(df));
  CK(cudaFree(dof));
  CK(cudaFree(di));
  CK(cudaFree(doi));
  CK(cudaFree(df4));
  CK(cudaFree(dof4));
  CK(cudaFree(dd2));
  CK(cudaFree(dod2));
}

// The stream-ordered allocator: allocate, fill, use and free in one stream, in order.
__global__ void addIndex(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += i;
}
static void testStreamOrderedAllocator() {
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const int n = 1000;
  int* d = nullptr;
  CK(cudaMallocAsync(&d, n * sizeof(int), s));
  CK(cudaMemsetAsync(d, 0, n * sizeof(int), s));
  addIndex<<<(n + 255) / 256, 256, 0, s>>>(d, n);
  int h[n];
  CK(cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s));
  CK(cudaFreeAsync(d, s));
  CK(cudaStreamSynchronize(s));
  int bad = -1;
  for (int i = 0; i < n && bad < 0; ++i)
    if (h[i] != i) bad = i;
  check("cudaMallocAsync_stream_order", bad < 0 && reinterpret_cast<uintptr_t>(d) % 256 == 0, "element %d", bad);
  // Freeing what cudaMallocAsync did not return: the error CUDA gives.
  int* pinned;
  CK(cudaMallocHost(&pinned, 64));
  cudaError_t e = cudaFreeAsync(pinned, s);
  std::printf("cudaFreeAsync_pinned_host: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  CK(cudaFreeHost(pinned));
  CK(cudaStreamDestroy(s));
}

int main() {
  CK(cudaSetDeviceFlags(cudaDeviceMapHost));
  testStreamOrderedAllocator();
  testLinear();
  testPitch2D();
  testPitch3D();
  testSymbols();
  testManaged();
  testMappedAndRegistered();
  testMemGetInfo();
  testVectorTypes();
  testLdg();
  return finish("memory");
}
