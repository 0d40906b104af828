// The emulated device's identity. Every value below was read from an NVIDIA H100 80GB HBM3
// (SXM5) with CUDA 13.0 and driver 580.159 (cudaGetDeviceProperties and cudaDeviceGetAttribute
// for attributes 1..159), except where a comment says otherwise. To re-baseline against a
// newer device or driver, edit the one line per value in makeProperties(), or the literal in
// deviceAttribute() for attributes that have no property field.
#include "loom/runtime/device_properties.h"

#include <cstring>

namespace loom::runtime {
namespace {

cudaDeviceProp makeProperties() {
  cudaDeviceProp p;
  std::memset(&p, 0, sizeof p);
  std::strncpy(p.name, "NVIDIA H100 80GB HBM3", sizeof p.name - 1);
  // Not the recorded board's UUID (that names one physical GPU): a fixed one that spells
  // "Loom" in its first bytes, so that logs show where the numbers came from.
  const unsigned char uuid[16] = {0x4c, 0x6f, 0x6f, 0x6d, 0x00, 0x00, 0x40, 0x00,
                                  0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x90};
  std::memcpy(p.uuid.bytes, uuid, sizeof uuid);
  // luid and luidDeviceNodeMask are Windows-only: zero on Linux.
  p.totalGlobalMem = 85017493504ull;  // 79.18 GiB usable of the 80 GB
  p.sharedMemPerBlock = 49152;
  p.regsPerBlock = 65536;
  p.warpSize = 32;
  p.memPitch = 2147483647;
  p.maxThreadsPerBlock = 1024;
  p.maxThreadsDim[0] = 1024;
  p.maxThreadsDim[1] = 1024;
  p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = 2147483647;
  p.maxGridSize[1] = 65535;
  p.maxGridSize[2] = 65535;
  p.totalConstMem = 65536;
  p.major = 9;
  p.minor = 0;
  p.textureAlignment = 512;
  p.texturePitchAlignment = 32;
  p.multiProcessorCount = 132;
  p.integrated = 0;
  p.canMapHostMemory = 1;
  p.maxTexture1D = 131072;
  p.maxTexture1DMipmap = 32768;
  p.maxTexture2D[0] = 131072;
  p.maxTexture2D[1] = 65536;
  p.maxTexture2DMipmap[0] = 32768;
  p.maxTexture2DMipmap[1] = 32768;
  p.maxTexture2DLinear[0] = 131072;
  p.maxTexture2DLinear[1] = 65000;
  p.maxTexture2DLinear[2] = 2097120;
  p.maxTexture2DGather[0] = 32768;
  p.maxTexture2DGather[1] = 32768;
  p.maxTexture3D[0] = 16384;
  p.maxTexture3D[1] = 16384;
  p.maxTexture3D[2] = 16384;
  p.maxTexture3DAlt[0] = 8192;
  p.maxTexture3DAlt[1] = 8192;
  p.maxTexture3DAlt[2] = 32768;
  p.maxTextureCubemap = 32768;
  p.maxTexture1DLayered[0] = 32768;
  p.maxTexture1DLayered[1] = 2048;
  p.maxTexture2DLayered[0] = 32768;
  p.maxTexture2DLayered[1] = 32768;
  p.maxTexture2DLayered[2] = 2048;
  p.maxTextureCubemapLayered[0] = 32768;
  p.maxTextureCubemapLayered[1] = 2046;
  p.maxSurface1D = 32768;
  p.maxSurface2D[0] = 131072;
  p.maxSurface2D[1] = 65536;
  p.maxSurface3D[0] = 16384;
  p.maxSurface3D[1] = 16384;
  p.maxSurface3D[2] = 16384;
  p.maxSurface1DLayered[0] = 32768;
  p.maxSurface1DLayered[1] = 2048;
  p.maxSurface2DLayered[0] = 32768;
  p.maxSurface2DLayered[1] = 32768;
  p.maxSurface2DLayered[2] = 2048;
  p.maxSurfaceCubemap = 32768;
  p.maxSurfaceCubemapLayered[0] = 32768;
  p.maxSurfaceCubemapLayered[1] = 2046;
  p.surfaceAlignment = 512;
  p.concurrentKernels = 1;
  p.ECCEnabled = 1;
  p.pciBusID = 0;     // the recorded machine's slot
  p.pciDeviceID = 6;  // the recorded machine's slot
  p.pciDomainID = 0;
  p.tccDriver = 0;
  p.asyncEngineCount = 3;
  p.unifiedAddressing = 1;
  p.memoryBusWidth = 5120;
  p.l2CacheSize = 52428800;
  p.persistingL2CacheMaxSize = 32768000;
  p.maxThreadsPerMultiProcessor = 2048;
  p.streamPrioritiesSupported = 1;
  p.globalL1CacheSupported = 1;
  p.localL1CacheSupported = 1;
  p.sharedMemPerMultiprocessor = 233472;
  p.regsPerMultiprocessor = 65536;
  p.managedMemory = 1;
  p.isMultiGpuBoard = 0;
  p.multiGpuBoardGroupID = 0;
  p.hostNativeAtomicSupported = 0;
  p.pageableMemoryAccess = 0;
  p.concurrentManagedAccess = 1;
  p.computePreemptionSupported = 1;
  p.canUseHostPointerForRegisteredMem = 1;
  p.cooperativeLaunch = 1;
  p.sharedMemPerBlockOptin = 232448;
  p.pageableMemoryAccessUsesHostPageTables = 0;
  p.directManagedMemAccessFromHost = 0;
  p.maxBlocksPerMultiProcessor = 32;
  p.accessPolicyMaxWindowSize = 134217728;
  p.reservedSharedMemPerBlock = 1024;
  p.hostRegisterSupported = 1;
  p.sparseCudaArraySupported = 1;
  p.hostRegisterReadOnlySupported = 1;
  p.timelineSemaphoreInteropSupported = 1;
  p.memoryPoolsSupported = 1;
  p.gpuDirectRDMASupported = 1;
  p.gpuDirectRDMAFlushWritesOptions = 1;
  p.gpuDirectRDMAWritesOrdering = 100;
  p.memoryPoolSupportedHandleTypes = 9;
  p.deferredMappingCudaArraySupported = 1;
  p.ipcEventSupported = 1;
  p.clusterLaunch = 1;
  p.unifiedFunctionPointers = 1;
  p.deviceNumaConfig = 0;
  p.deviceNumaId = -1;
  p.mpsEnabled = 0;
  p.hostNumaId = 0;
  p.gpuPciDeviceID = 0x233010deu;     // device 0x2330 (H100 SXM5 80GB), vendor 0x10de
  p.gpuPciSubsystemID = 0x16c110deu;  // subsystem 0x16c1, vendor 0x10de
  p.hostNumaMultinodeIpcSupported = 0;
  // Fields CUDA 13 dropped, from the matching attributes.
  p.clockRate = 1980000;        // kHz, attribute 13
  p.memoryClockRate = 2619000;  // kHz, attribute 36
  p.kernelExecTimeoutEnabled = 0;
  p.computeMode = cudaComputeModeDefault;
  p.maxTexture1DLinear = 268435456;  // attribute 69
  p.cooperativeMultiDeviceLaunch = 1;  // attribute 96
  p.deviceOverlap = 1;                 // attribute 15
  return p;
}

// cudaDeviceGetAttribute's result: whether the device accepts the attribute, and its value.
struct Answer {
  bool accepted;
  int value;
};

Answer answer(int attr, const cudaDeviceProp& p) {
  const auto yes = [](auto v) { return Answer{true, static_cast<int>(v)}; };
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: return yes(p.maxThreadsPerBlock);
    case cudaDevAttrMaxBlockDimX: return yes(p.maxThreadsDim[0]);
    case cudaDevAttrMaxBlockDimY: return yes(p.maxThreadsDim[1]);
    case cudaDevAttrMaxBlockDimZ: return yes(p.maxThreadsDim[2]);
    case cudaDevAttrMaxGridDimX: return yes(p.maxGridSize[0]);
    case cudaDevAttrMaxGridDimY: return yes(p.maxGridSize[1]);
    case cudaDevAttrMaxGridDimZ: return yes(p.maxGridSize[2]);
    case cudaDevAttrMaxSharedMemoryPerBlock: return yes(p.sharedMemPerBlock);
    case cudaDevAttrTotalConstantMemory: return yes(p.totalConstMem);
    case cudaDevAttrWarpSize: return yes(p.warpSize);
    case cudaDevAttrMaxPitch: return yes(p.memPitch);
    case cudaDevAttrMaxRegistersPerBlock: return yes(p.regsPerBlock);
    case cudaDevAttrClockRate: return yes(p.clockRate);
    case cudaDevAttrTextureAlignment: return yes(p.textureAlignment);
    case cudaDevAttrGpuOverlap: return yes(p.deviceOverlap);
    case cudaDevAttrMultiProcessorCount: return yes(p.multiProcessorCount);
    case cudaDevAttrKernelExecTimeout: return yes(p.kernelExecTimeoutEnabled);
    case cudaDevAttrIntegrated: return yes(p.integrated);
    case cudaDevAttrCanMapHostMemory: return yes(p.canMapHostMemory);
    case cudaDevAttrComputeMode: return yes(p.computeMode);
    case cudaDevAttrMaxTexture1DWidth: return yes(p.maxTexture1D);
    case cudaDevAttrMaxTexture2DWidth: return yes(p.maxTexture2D[0]);
    case cudaDevAttrMaxTexture2DHeight: return yes(p.maxTexture2D[1]);
    case cudaDevAttrMaxTexture3DWidth: return yes(p.maxTexture3D[0]);
    case cudaDevAttrMaxTexture3DHeight: return yes(p.maxTexture3D[1]);
    case cudaDevAttrMaxTexture3DDepth: return yes(p.maxTexture3D[2]);
    case cudaDevAttrMaxTexture2DLayeredWidth: return yes(p.maxTexture2DLayered[0]);
    case cudaDevAttrMaxTexture2DLayeredHeight: return yes(p.maxTexture2DLayered[1]);
    case cudaDevAttrMaxTexture2DLayeredLayers: return yes(p.maxTexture2DLayered[2]);
    case cudaDevAttrSurfaceAlignment: return yes(p.surfaceAlignment);
    case cudaDevAttrConcurrentKernels: return yes(p.concurrentKernels);
    case cudaDevAttrEccEnabled: return yes(p.ECCEnabled);
    case cudaDevAttrPciBusId: return yes(p.pciBusID);
    case cudaDevAttrPciDeviceId: return yes(p.pciDeviceID);
    case cudaDevAttrTccDriver: return yes(p.tccDriver);
    case cudaDevAttrMemoryClockRate: return yes(p.memoryClockRate);
    case cudaDevAttrGlobalMemoryBusWidth: return yes(p.memoryBusWidth);
    case cudaDevAttrL2CacheSize: return yes(p.l2CacheSize);
    case cudaDevAttrMaxThreadsPerMultiProcessor: return yes(p.maxThreadsPerMultiProcessor);
    case cudaDevAttrAsyncEngineCount: return yes(p.asyncEngineCount);
    case cudaDevAttrUnifiedAddressing: return yes(p.unifiedAddressing);
    case cudaDevAttrMaxTexture1DLayeredWidth: return yes(p.maxTexture1DLayered[0]);
    case cudaDevAttrMaxTexture1DLayeredLayers: return yes(p.maxTexture1DLayered[1]);
    case 44: return yes(1);  // retired (2D gather support), still answered
    case cudaDevAttrMaxTexture2DGatherWidth: return yes(p.maxTexture2DGather[0]);
    case cudaDevAttrMaxTexture2DGatherHeight: return yes(p.maxTexture2DGather[1]);
    case cudaDevAttrMaxTexture3DWidthAlt: return yes(p.maxTexture3DAlt[0]);
    case cudaDevAttrMaxTexture3DHeightAlt: return yes(p.maxTexture3DAlt[1]);
    case cudaDevAttrMaxTexture3DDepthAlt: return yes(p.maxTexture3DAlt[2]);
    case cudaDevAttrPciDomainId: return yes(p.pciDomainID);
    case cudaDevAttrTexturePitchAlignment: return yes(p.texturePitchAlignment);
    case cudaDevAttrMaxTextureCubemapWidth: return yes(p.maxTextureCubemap);
    case cudaDevAttrMaxTextureCubemapLayeredWidth: return yes(p.maxTextureCubemapLayered[0]);
    case cudaDevAttrMaxTextureCubemapLayeredLayers: return yes(p.maxTextureCubemapLayered[1]);
    case cudaDevAttrMaxSurface1DWidth: return yes(p.maxSurface1D);
    case cudaDevAttrMaxSurface2DWidth: return yes(p.maxSurface2D[0]);
    case cudaDevAttrMaxSurface2DHeight: return yes(p.maxSurface2D[1]);
    case cudaDevAttrMaxSurface3DWidth: return yes(p.maxSurface3D[0]);
    case cudaDevAttrMaxSurface3DHeight: return yes(p.maxSurface3D[1]);
    case cudaDevAttrMaxSurface3DDepth: return yes(p.maxSurface3D[2]);
    case cudaDevAttrMaxSurface1DLayeredWidth: return yes(p.maxSurface1DLayered[0]);
    case cudaDevAttrMaxSurface1DLayeredLayers: return yes(p.maxSurface1DLayered[1]);
    case cudaDevAttrMaxSurface2DLayeredWidth: return yes(p.maxSurface2DLayered[0]);
    case cudaDevAttrMaxSurface2DLayeredHeight: return yes(p.maxSurface2DLayered[1]);
    case cudaDevAttrMaxSurface2DLayeredLayers: return yes(p.maxSurface2DLayered[2]);
    case cudaDevAttrMaxSurfaceCubemapWidth: return yes(p.maxSurfaceCubemap);
    case cudaDevAttrMaxSurfaceCubemapLayeredWidth: return yes(p.maxSurfaceCubemapLayered[0]);
    case cudaDevAttrMaxSurfaceCubemapLayeredLayers: return yes(p.maxSurfaceCubemapLayered[1]);
    case cudaDevAttrMaxTexture1DLinearWidth: return yes(p.maxTexture1DLinear);
    case cudaDevAttrMaxTexture2DLinearWidth: return yes(p.maxTexture2DLinear[0]);
    case cudaDevAttrMaxTexture2DLinearHeight: return yes(p.maxTexture2DLinear[1]);
    case cudaDevAttrMaxTexture2DLinearPitch: return yes(p.maxTexture2DLinear[2]);
    case cudaDevAttrMaxTexture2DMipmappedWidth: return yes(p.maxTexture2DMipmap[0]);
    case cudaDevAttrMaxTexture2DMipmappedHeight: return yes(p.maxTexture2DMipmap[1]);
    case cudaDevAttrComputeCapabilityMajor: return yes(p.major);
    case cudaDevAttrComputeCapabilityMinor: return yes(p.minor);
    case cudaDevAttrMaxTexture1DMipmappedWidth: return yes(p.maxTexture1DMipmap);
    case cudaDevAttrStreamPrioritiesSupported: return yes(p.streamPrioritiesSupported);
    case cudaDevAttrGlobalL1CacheSupported: return yes(p.globalL1CacheSupported);
    case cudaDevAttrLocalL1CacheSupported: return yes(p.localL1CacheSupported);
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: return yes(p.sharedMemPerMultiprocessor);
    case cudaDevAttrMaxRegistersPerMultiprocessor: return yes(p.regsPerMultiprocessor);
    case cudaDevAttrManagedMemory: return yes(p.managedMemory);
    case cudaDevAttrIsMultiGpuBoard: return yes(p.isMultiGpuBoard);
    case cudaDevAttrMultiGpuBoardGroupID: return yes(p.multiGpuBoardGroupID);
    case cudaDevAttrHostNativeAtomicSupported: return yes(p.hostNativeAtomicSupported);
    case cudaDevAttrSingleToDoublePrecisionPerfRatio: return yes(2);
    case cudaDevAttrPageableMemoryAccess: return yes(p.pageableMemoryAccess);
    case cudaDevAttrConcurrentManagedAccess: return yes(p.concurrentManagedAccess);
    case cudaDevAttrComputePreemptionSupported: return yes(p.computePreemptionSupported);
    case cudaDevAttrCanUseHostPointerForRegisteredMem:
      return yes(p.canUseHostPointerForRegisteredMem);
    case cudaDevAttrReserved92: return yes(0);
    case cudaDevAttrReserved93: return yes(0);
    case cudaDevAttrReserved94: return yes(0);
    case cudaDevAttrCooperativeLaunch: return yes(p.cooperativeLaunch);
    case cudaDevAttrReserved96: return yes(p.cooperativeMultiDeviceLaunch);
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: return yes(p.sharedMemPerBlockOptin);
    case cudaDevAttrCanFlushRemoteWrites: return yes(0);
    case cudaDevAttrHostRegisterSupported: return yes(p.hostRegisterSupported);
    case cudaDevAttrPageableMemoryAccessUsesHostPageTables:
      return yes(p.pageableMemoryAccessUsesHostPageTables);
    case cudaDevAttrDirectManagedMemAccessFromHost: return yes(p.directManagedMemAccessFromHost);
    // 102..105, 107 and 110 have no name in CUDA 13's enum; the device answers them.
    case 102: return yes(1);
    case 103: return yes(1);
    case 104: return yes(0);
    case 105: return yes(0);
    case cudaDevAttrMaxBlocksPerMultiprocessor: return yes(p.maxBlocksPerMultiProcessor);
    case 107: return yes(1);
    case cudaDevAttrMaxPersistingL2CacheSize: return yes(p.persistingL2CacheMaxSize);
    case cudaDevAttrMaxAccessPolicyWindowSize: return yes(p.accessPolicyMaxWindowSize);
    case 110: return yes(1);
    case cudaDevAttrReservedSharedMemoryPerBlock: return yes(p.reservedSharedMemPerBlock);
    case cudaDevAttrSparseCudaArraySupported: return yes(p.sparseCudaArraySupported);
    case cudaDevAttrHostRegisterReadOnlySupported: return yes(p.hostRegisterReadOnlySupported);
    case cudaDevAttrTimelineSemaphoreInteropSupported:
      return yes(p.timelineSemaphoreInteropSupported);
    case cudaDevAttrMemoryPoolsSupported: return yes(p.memoryPoolsSupported);
    case cudaDevAttrGPUDirectRDMASupported: return yes(p.gpuDirectRDMASupported);
    case cudaDevAttrGPUDirectRDMAFlushWritesOptions:
      return yes(p.gpuDirectRDMAFlushWritesOptions);
    case cudaDevAttrGPUDirectRDMAWritesOrdering: return yes(p.gpuDirectRDMAWritesOrdering);
    case cudaDevAttrMemoryPoolSupportedHandleTypes: return yes(p.memoryPoolSupportedHandleTypes);
    case cudaDevAttrClusterLaunch: return yes(p.clusterLaunch);
    case cudaDevAttrDeferredMappingCudaArraySupported:
      return yes(p.deferredMappingCudaArraySupported);
    case cudaDevAttrReserved122: return yes(1);
    case cudaDevAttrReserved123: return yes(1);
    case cudaDevAttrReserved124: return yes(1);
    case cudaDevAttrIpcEventSupport: return yes(p.ipcEventSupported);
    case cudaDevAttrMemSyncDomainCount: return yes(4);
    case cudaDevAttrReserved127: return yes(1);
    case cudaDevAttrReserved128: return yes(1);
    case cudaDevAttrReserved129: return yes(1);
    case cudaDevAttrNumaConfig: return yes(p.deviceNumaConfig);
    case cudaDevAttrNumaId: return yes(p.deviceNumaId);
    case cudaDevAttrReserved132: return yes(0);
    case cudaDevAttrMpsEnabled: return yes(p.mpsEnabled);
    case cudaDevAttrHostNumaId: return yes(p.hostNumaId);
    case cudaDevAttrD3D12CigSupported: return yes(0);
    case 136: return yes(0);  // unnamed in CUDA 13's enum
    case 137: return yes(0);  // unnamed in CUDA 13's enum
    case cudaDevAttrVulkanCigSupported: return yes(0);
    case cudaDevAttrGpuPciDeviceId: return yes(p.gpuPciDeviceID);
    case cudaDevAttrGpuPciSubsystemId: return yes(p.gpuPciSubsystemID);
    case cudaDevAttrReserved141: return yes(1);
    case cudaDevAttrHostNumaMemoryPoolsSupported: return yes(1);
    case cudaDevAttrHostNumaMultinodeIpcSupported: return yes(p.hostNumaMultinodeIpcSupported);
    case cudaDevAttrHostMemoryPoolsSupported: return yes(1);
    case cudaDevAttrReserved145: return yes(1);
    case 146: return yes(0);  // unnamed in CUDA 13's enum
    case cudaDevAttrOnlyPartialHostNativeAtomicSupported: return yes(0);
    default: return Answer{false, 0};  // 0 and 148 up: cudaErrorInvalidValue on the device
  }
}

}  // namespace

const cudaDeviceProp& deviceProperties() {
  static const cudaDeviceProp properties = makeProperties();
  return properties;
}

cudaError_t deviceAttribute(int* value, cudaDeviceAttr attr) {
  if (value == nullptr) return cudaErrorInvalidValue;
  const Answer a = answer(static_cast<int>(attr), deviceProperties());
  if (!a.accepted) return cudaErrorInvalidValue;
  *value = a.value;
  return cudaSuccess;
}

}  // namespace loom::runtime
