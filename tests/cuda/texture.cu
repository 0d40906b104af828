// Textures and surfaces through CUDA's API forms (Programming Guide, "Texture and Surface
// Memory"): tex2D<T> for scalar and vector results, the pointer-out forms, tex1Dfetch on linear
// memory, element-type integer reads, channel descriptors, cudaArrayGetInfo, 2D copies in and
// out of arrays, surf2Dread/surf2Dwrite, and a trap-mode surface access failing the launch with
// cudaErrorIllegalAddress (as recorded on an H100, validate/results/h100-sm90/texture.surface_trap).
// One "<check>: PASS|FAIL" line each; exit 0 only if all passed.
#include <cstdio>
#include <cstring>

#include <cuda_runtime.h>

static int failures = 0;
static void check(const char* name, bool ok) {
  printf("%s: %s\n", name, ok ? "PASS" : "FAIL");
  failures += !ok;
}

__global__ void forms(cudaTextureObject_t t2, cudaTextureObject_t lin, float* f, int* i) {
  float4 v4 = tex2D<float4>(t2, 1.5f, 0.5f);
  float v1 = tex2D<float>(t2, 1.5f, 0.5f);
  float2 v2;
  tex2D(&v2, t2, 2.5f, 1.5f);
  f[0] = v4.x; f[1] = v4.y; f[2] = v4.w; f[3] = v1; f[4] = v2.x; f[5] = v2.y;
  f[6] = tex2D<float>(t2, 2.0f, 0.5f);  // linear: halfway between texels 1 and 2 of row 0
  int2 e = tex1Dfetch<int2>(lin, 2);
  i[0] = e.x; i[1] = e.y;
  i[2] = tex1Dfetch<int>(lin, 100);  // out of range: 0
}

__global__ void surfaces(cudaSurfaceObject_t s, int* out) {
  int v = surf2Dread<int>(s, 2 * 4, 1);
  surf2Dwrite(v * 10, s, 0, 0);
  int w;
  surf2Dread(&w, s, 0, 0);
  out[0] = w;
  out[1] = surf2Dread<int>(s, 100 * 4, 0, cudaBoundaryModeZero);
  out[2] = surf2Dread<int>(s, 100 * 4, 0, cudaBoundaryModeClamp);  // clamps to x = 3
}

__global__ void trap(cudaSurfaceObject_t s) { (void)surf2Dread<int>(s, 4 * 4, 0); }

int main() {
  cudaChannelFormatDesc d2 = cudaCreateChannelDesc<float2>();
  check("channel_desc_float2", d2.x == 32 && d2.y == 32 && d2.z == 0 && d2.f == cudaChannelFormatKindFloat);
  cudaChannelFormatDesc dh = cudaCreateChannelDescHalf4();
  check("channel_desc_half4", dh.x == 16 && dh.w == 16 && dh.f == cudaChannelFormatKindFloat);

  // A 4x2 float2 array: texel (x, y) = (10y + x, -(10y + x)).
  float2 host[8];
  for (int k = 0; k < 8; ++k) host[k] = make_float2((float)(10 * (k / 4) + k % 4), -(float)(10 * (k / 4) + k % 4));
  cudaArray_t a;
  cudaMallocArray(&a, &d2, 4, 2);
  cudaMemcpy2DToArray(a, 0, 0, host, 4 * sizeof(float2), 4 * sizeof(float2), 2, cudaMemcpyHostToDevice);
  float2 back[8];
  cudaMemcpy2DFromArray(back, 4 * sizeof(float2), a, 0, 0, 4 * sizeof(float2), 2, cudaMemcpyDeviceToHost);
  check("array_round_trip", std::memcmp(host, back, sizeof host) == 0);
  cudaChannelFormatDesc gd;
  cudaExtent ge;
  unsigned gf;
  cudaArrayGetInfo(&gd, &ge, &gf, a);
  check("array_get_info", ge.width == 4 && ge.height == 2 && ge.depth == 0 && gd.y == 32 && gf == 0);

  cudaResourceDesc res;
  std::memset(&res, 0, sizeof res);
  res.resType = cudaResourceTypeArray;
  res.res.array.array = a;
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.filterMode = cudaFilterModeLinear;
  cudaTextureObject_t t2;
  check("create_texture", cudaCreateTextureObject(&t2, &res, &td, nullptr) == cudaSuccess);

  int lin[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int* dlin;
  cudaMalloc(&dlin, sizeof lin);
  cudaMemcpy(dlin, lin, sizeof lin, cudaMemcpyHostToDevice);
  cudaResourceDesc lres;
  std::memset(&lres, 0, sizeof lres);
  lres.resType = cudaResourceTypeLinear;
  lres.res.linear.devPtr = dlin;
  lres.res.linear.desc = cudaCreateChannelDesc<int2>();
  lres.res.linear.sizeInBytes = sizeof lin;
  cudaTextureDesc ltd;
  std::memset(&ltd, 0, sizeof ltd);
  cudaTextureObject_t tl;
  check("create_linear_texture", cudaCreateTextureObject(&tl, &lres, &ltd, nullptr) == cudaSuccess);
  cudaTextureDesc bad = ltd;
  bad.filterMode = cudaFilterModeLinear;  // integers read as integers cannot be filtered
  cudaTextureObject_t tb;
  check("linear_filter_on_integers_refused",
        cudaCreateTextureObject(&tb, &lres, &bad, nullptr) == cudaErrorInvalidFilterSetting);
  cudaGetLastError();

  float* df;
  int* di;
  cudaMallocManaged(&df, 8 * sizeof(float));
  cudaMallocManaged(&di, 4 * sizeof(int));
  forms<<<1, 1>>>(t2, tl, df, di);
  cudaDeviceSynchronize();
  check("tex2D_float4", df[0] == 1.0f && df[1] == -1.0f && df[2] == 0.0f);
  check("tex2D_scalar", df[3] == 1.0f);
  check("tex2D_pointer_form", df[4] == 12.0f && df[5] == -12.0f);
  check("tex2D_linear_halfway", df[6] == 1.5f);
  check("tex1Dfetch_int2", di[0] == 5 && di[1] == 6);
  check("tex1Dfetch_out_of_range", di[2] == 0);

  int sh[8];
  for (int k = 0; k < 8; ++k) sh[k] = k + 1;
  cudaChannelFormatDesc di1 = cudaCreateChannelDesc<int>();
  cudaArray_t sa;
  cudaMallocArray(&sa, &di1, 4, 2, cudaArraySurfaceLoadStore);
  cudaMemcpy2DToArray(sa, 0, 0, sh, 16, 16, 2, cudaMemcpyHostToDevice);
  cudaResourceDesc sres = res;
  sres.res.array.array = sa;
  cudaSurfaceObject_t s;
  check("create_surface", cudaCreateSurfaceObject(&s, &sres) == cudaSuccess);
  surfaces<<<1, 1>>>(s, di);
  cudaDeviceSynchronize();
  check("surf2D_write_read", di[0] == 70);
  check("surf2D_boundary_zero", di[1] == 0);
  check("surf2D_boundary_clamp", di[2] == 4);
  trap<<<1, 1>>>(s);
  check("surf2D_trap_fails_launch", cudaDeviceSynchronize() == cudaErrorIllegalAddress);
  return failures ? 1 : 0;
}
