// samples_device_query: enumerates the CUDA devices, prints a selection of cudaDeviceProp fields
// and checks that they are sane for an sm_70-or-newer GPU. It also checks that
// cudaDeviceGetAttribute agrees with the properties, and the runtime and driver versions.
//
// Options: -device=<id> (default: every device).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

#include "helper_corpus.h"

static int g_failures = 0;

// dev < 0 marks a check that concerns no single device.
static void check(bool condition, const char *what, int dev) {
  char where[32];
  if (dev >= 0)
    snprintf(where, sizeof(where), "device %d ", dev);
  else
    where[0] = '\0';
  if (condition) {
    printf("samples_device_query: PASS %s%s\n", where, what);
  } else {
    printf("samples_device_query: FAIL %s%s\n", where, what);
    ++g_failures;
  }
}

static void queryDevice(int dev) {
  cudaDeviceProp deviceProp;
  memset(&deviceProp, 0, sizeof(deviceProp));
  checkCudaErrors(cudaGetDeviceProperties(&deviceProp, dev));

  printf("\nDevice %d: \"%s\"\n", dev, deviceProp.name);
  printf("  CUDA Capability Major/Minor version number:    %d.%d\n", deviceProp.major,
         deviceProp.minor);
  printf("  Total amount of global memory:                 %.0f MBytes (%llu bytes)\n",
         (float)deviceProp.totalGlobalMem / 1048576.0f,
         (unsigned long long)deviceProp.totalGlobalMem);
  printf("  (%3d) Multiprocessors\n", deviceProp.multiProcessorCount);
  printf("  Total amount of constant memory:               %zu bytes\n",
         deviceProp.totalConstMem);
  printf("  Total amount of shared memory per block:       %zu bytes\n",
         deviceProp.sharedMemPerBlock);
  printf("  Total shared memory per multiprocessor:        %zu bytes\n",
         deviceProp.sharedMemPerMultiprocessor);
  printf("  Total number of registers available per block: %d\n", deviceProp.regsPerBlock);
  printf("  Warp size:                                     %d\n", deviceProp.warpSize);
  printf("  Maximum number of threads per multiprocessor:  %d\n",
         deviceProp.maxThreadsPerMultiProcessor);
  printf("  Maximum number of threads per block:           %d\n", deviceProp.maxThreadsPerBlock);
  printf("  Max dimension size of a thread block (x,y,z): (%d, %d, %d)\n",
         deviceProp.maxThreadsDim[0], deviceProp.maxThreadsDim[1], deviceProp.maxThreadsDim[2]);
  printf("  Max dimension size of a grid size    (x,y,z): (%d, %d, %d)\n",
         deviceProp.maxGridSize[0], deviceProp.maxGridSize[1], deviceProp.maxGridSize[2]);
  printf("  L2 Cache Size:                                 %d bytes\n", deviceProp.l2CacheSize);
  printf("  Memory Bus Width:                              %d-bit\n", deviceProp.memoryBusWidth);
  printf("  Concurrent kernel execution:                   %s\n",
         deviceProp.concurrentKernels ? "Yes" : "No");
  printf("  Support host page-locked memory mapping:       %s\n",
         deviceProp.canMapHostMemory ? "Yes" : "No");
  printf("  Device supports Unified Addressing (UVA):      %s\n",
         deviceProp.unifiedAddressing ? "Yes" : "No");
  printf("  Device supports Managed Memory:                %s\n",
         deviceProp.managedMemory ? "Yes" : "No");
  printf("  Device PCI Domain ID / Bus ID / Device ID:     %d / %d / %d\n", deviceProp.pciDomainID,
         deviceProp.pciBusID, deviceProp.pciDeviceID);

  check(deviceProp.name[0] != '\0' && memchr(deviceProp.name, '\0', sizeof(deviceProp.name)),
        "name is a non-empty string", dev);
  check(deviceProp.major >= 7 && deviceProp.minor >= 0 && deviceProp.minor < 10,
        "compute capability >= 7.0", dev);
  check(deviceProp.warpSize == 32, "warpSize == 32", dev);
  check(deviceProp.maxThreadsPerBlock >= 1024, "maxThreadsPerBlock >= 1024", dev);
  check(deviceProp.maxThreadsDim[0] >= 1024 && deviceProp.maxThreadsDim[1] >= 1024 &&
            deviceProp.maxThreadsDim[2] >= 64,
        "maxThreadsDim >= (1024, 1024, 64)", dev);
  check(deviceProp.maxGridSize[0] >= 2147483647 && deviceProp.maxGridSize[1] >= 65535 &&
            deviceProp.maxGridSize[2] >= 65535,
        "maxGridSize >= (2^31-1, 65535, 65535)", dev);
  check(deviceProp.multiProcessorCount >= 1, "multiProcessorCount >= 1", dev);
  check(deviceProp.maxThreadsPerMultiProcessor >= deviceProp.maxThreadsPerBlock,
        "maxThreadsPerMultiProcessor >= maxThreadsPerBlock", dev);
  check(deviceProp.sharedMemPerBlock >= 48 * 1024, "sharedMemPerBlock >= 48 KiB", dev);
  check(deviceProp.sharedMemPerMultiprocessor >= deviceProp.sharedMemPerBlock,
        "sharedMemPerMultiprocessor >= sharedMemPerBlock", dev);
  check(deviceProp.totalConstMem >= 64 * 1024, "totalConstMem >= 64 KiB", dev);
  check(deviceProp.totalGlobalMem >= (size_t)1 << 30, "totalGlobalMem >= 1 GiB", dev);
  check(deviceProp.regsPerBlock >= 32768, "regsPerBlock >= 32768", dev);

  // The attribute API must tell the same story.
  int value = 0;
  bool same = true;
  checkCudaErrors(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, dev));
  same = same && value == deviceProp.warpSize;
  checkCudaErrors(cudaDeviceGetAttribute(&value, cudaDevAttrMaxThreadsPerBlock, dev));
  same = same && value == deviceProp.maxThreadsPerBlock;
  checkCudaErrors(cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, dev));
  same = same && value == deviceProp.multiProcessorCount;
  checkCudaErrors(cudaDeviceGetAttribute(&value, cudaDevAttrComputeCapabilityMajor, dev));
  same = same && value == deviceProp.major;
  checkCudaErrors(cudaDeviceGetAttribute(&value, cudaDevAttrComputeCapabilityMinor, dev));
  same = same && value == deviceProp.minor;
  checkCudaErrors(cudaDeviceGetAttribute(&value, cudaDevAttrMaxSharedMemoryPerBlock, dev));
  same = same && (size_t)value == deviceProp.sharedMemPerBlock;
  check(same, "cudaDeviceGetAttribute agrees with cudaGetDeviceProperties", dev);
}

int main(int argc, char **argv) {
  printf("%s Starting...\n\n", argv[0]);
  printf(" CUDA Device Query (Runtime API) version (CUDART static linking)\n\n");

  int deviceCount = 0;
  cudaError_t error_id = cudaGetDeviceCount(&deviceCount);
  if (error_id != cudaSuccess) {
    printf("cudaGetDeviceCount returned %d\n-> %s\n", (int)error_id, cudaGetErrorString(error_id));
    printf("samples_device_query: FAIL cudaGetDeviceCount\n");
    return EXIT_FAILURE;
  }
  if (deviceCount == 0) {
    printf("samples_device_query: FAIL there are no available device(s) that support CUDA\n");
    return EXIT_FAILURE;
  }
  printf("Detected %d CUDA Capable device(s)\n", deviceCount);

  int driverVersion = 0, runtimeVersion = 0;
  checkCudaErrors(cudaDriverGetVersion(&driverVersion));
  checkCudaErrors(cudaRuntimeGetVersion(&runtimeVersion));
  printf("  CUDA Driver Version / Runtime Version          %d.%d / %d.%d\n", driverVersion / 1000,
         (driverVersion % 100) / 10, runtimeVersion / 1000, (runtimeVersion % 100) / 10);
  check(runtimeVersion >= 11000 && driverVersion >= 11000, "runtime and driver versions >= 11.0",
        -1);

  if (checkCmdLineFlag(argc, argv, "device")) {
    int dev = findCudaDevice(argc, argv);
    queryDevice(dev);
  } else {
    for (int dev = 0; dev < deviceCount; ++dev) queryDevice(dev);
  }

  // The current device after cudaSetDevice must be the one asked for.
  int current = -1;
  checkCudaErrors(cudaSetDevice(deviceCount - 1));
  checkCudaErrors(cudaGetDevice(&current));
  check(current == deviceCount - 1, "cudaGetDevice returns what cudaSetDevice set", current);

  printf("\nResult = %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
