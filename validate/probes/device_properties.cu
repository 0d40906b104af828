// Prints the device's properties and attributes as `name value` lines, so that Loom's emulated
// device (emu/runtime/device_properties.cpp) can be diffed against a real one.
// Pointer-, PCI- and UUID-like fields that identify one physical board are left out.
#include <cstdio>

#include <cuda_runtime.h>

#define FIELD(f) std::printf("prop.%s %lld\n", #f, (long long)p.f)
#define FIELD2(f) std::printf("prop.%s %lld %lld\n", #f, (long long)p.f[0], (long long)p.f[1])
#define FIELD3(f) std::printf("prop.%s %lld %lld %lld\n", #f, (long long)p.f[0], (long long)p.f[1], (long long)p.f[2])

int main() {
  cudaDeviceProp p;
  if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) return 2;
  std::printf("prop.name %s\n", p.name);
  FIELD(totalGlobalMem); FIELD(sharedMemPerBlock); FIELD(regsPerBlock); FIELD(warpSize);
  FIELD(memPitch); FIELD(maxThreadsPerBlock); FIELD3(maxThreadsDim); FIELD3(maxGridSize);
  FIELD(totalConstMem); FIELD(major); FIELD(minor); FIELD(textureAlignment);
  FIELD(texturePitchAlignment); FIELD(multiProcessorCount); FIELD(integrated);
  FIELD(canMapHostMemory); FIELD(maxTexture1D); FIELD(maxTexture1DMipmap); FIELD2(maxTexture2D);
  FIELD2(maxTexture2DMipmap); FIELD3(maxTexture2DLinear); FIELD2(maxTexture2DGather);
  FIELD3(maxTexture3D); FIELD3(maxTexture3DAlt); FIELD(maxTextureCubemap);
  FIELD2(maxTexture1DLayered); FIELD3(maxTexture2DLayered); FIELD2(maxTextureCubemapLayered);
  FIELD(maxSurface1D); FIELD2(maxSurface2D); FIELD3(maxSurface3D); FIELD2(maxSurface1DLayered);
  FIELD3(maxSurface2DLayered); FIELD(maxSurfaceCubemap); FIELD2(maxSurfaceCubemapLayered);
  FIELD(surfaceAlignment); FIELD(concurrentKernels); FIELD(asyncEngineCount);
  FIELD(unifiedAddressing); FIELD(memoryBusWidth); FIELD(l2CacheSize);
  FIELD(persistingL2CacheMaxSize); FIELD(maxThreadsPerMultiProcessor);
  FIELD(streamPrioritiesSupported); FIELD(globalL1CacheSupported); FIELD(localL1CacheSupported);
  FIELD(sharedMemPerMultiprocessor); FIELD(regsPerMultiprocessor); FIELD(managedMemory);
  FIELD(isMultiGpuBoard); FIELD(hostNativeAtomicSupported); FIELD(pageableMemoryAccess);
  FIELD(concurrentManagedAccess); FIELD(computePreemptionSupported);
  FIELD(canUseHostPointerForRegisteredMem); FIELD(cooperativeLaunch);
  FIELD(sharedMemPerBlockOptin); FIELD(pageableMemoryAccessUsesHostPageTables);
  FIELD(directManagedMemAccessFromHost); FIELD(maxBlocksPerMultiProcessor);
  FIELD(accessPolicyMaxWindowSize); FIELD(reservedSharedMemPerBlock); FIELD(hostRegisterSupported);
  FIELD(sparseCudaArraySupported); FIELD(hostRegisterReadOnlySupported);
  FIELD(timelineSemaphoreInteropSupported); FIELD(memoryPoolsSupported);
  FIELD(gpuDirectRDMASupported); FIELD(deferredMappingCudaArraySupported);
  FIELD(ipcEventSupported); FIELD(clusterLaunch); FIELD(unifiedFunctionPointers);
  // Every attribute the runtime answers, by number.
  for (int a = 1; a < 160; ++a) {
    int v = 0;
    cudaError_t e = cudaDeviceGetAttribute(&v, static_cast<cudaDeviceAttr>(a), 0);
    if (e == cudaSuccess) std::printf("attr.%d %d\n", a, v);
    else { std::printf("attr.%d error %s\n", a, cudaGetErrorName(e)); cudaGetLastError(); }
  }
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  std::fprintf(stderr, "driver %d runtime %d\n", driver, runtime);  // informative, not diffed
  return 0;
}
