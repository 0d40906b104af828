// Conformance test: programmatic dependent launch (CUDA C++ Programming Guide, "Programmatic
// Dependent Launch and Synchronization"). A primary kernel writes its results and calls
// cudaTriggerProgrammaticLaunchCompletion; the secondary kernel, launched after it in the same
// stream with cudaLaunchAttributeProgrammaticStreamSerialization, may start early, but after
// cudaGridDependencySynchronize() it sees everything the primary wrote. Also without the
// attribute (the calls then have nothing to wait for), called twice, and with a kernel template
// as the secondary (libraries launch their kernel templates this way).
#include <cuda_runtime.h>

#include "conformance.h"

constexpr int kN = 4096;

__global__ void primary(int* data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] = 3 * i + 1;
  cudaTriggerProgrammaticLaunchCompletion();
}

__global__ void secondary(const int* data, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cudaGridDependencySynchronize();
  cudaGridDependencySynchronize();
  out[i] = data[kN - 1 - i] + 1;
}

template <int Add>
__global__ void secondaryTemplate(const int* data, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cudaGridDependencySynchronize();
  out[i] = data[i] + Add;
}

int main() {
  int *data, *out;
  CK(cudaMalloc(&data, kN * sizeof(int)));
  CK(cudaMallocManaged(&out, kN * sizeof(int)));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  for (int programmatic = 0; programmatic < 2; ++programmatic) {
    CK(cudaMemset(data, 0, kN * sizeof(int)));
    primary<<<kN / 256, 256, 0, s>>>(data);
    CK(cudaGetLastError());
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr[0].val.programmaticStreamSerializationAllowed = programmatic;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(kN / 256);
    config.blockDim = dim3(256);
    config.stream = s;
    config.attrs = attr;
    config.numAttrs = 1;
    CK(cudaLaunchKernelEx(&config, secondary, (const int*)data, out));
    CK(cudaStreamSynchronize(s));
    int bad = 0;
    for (int i = 0; i < kN; ++i) bad += out[i] != 3 * (kN - 1 - i) + 2;
    check(programmatic ? "secondary_sees_primary_programmatic" : "secondary_sees_primary_serialized", bad == 0,
          "%d elements differ", bad);
  }
  {
    primary<<<kN / 256, 256, 0, s>>>(data);
    CK(cudaGetLastError());
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr[0].val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(kN / 256);
    config.blockDim = dim3(256);
    config.stream = s;
    config.attrs = attr;
    config.numAttrs = 1;
    void (*kernel)(const int*, int*) = secondaryTemplate<5>;
    CK(cudaLaunchKernelEx(&config, kernel, (const int*)data, out));
    CK(cudaStreamSynchronize(s));
    int bad = 0;
    for (int i = 0; i < kN; ++i) bad += out[i] != 3 * i + 1 + 5;
    check("secondary_kernel_template", bad == 0, "%d elements differ", bad);
  }
  CK(cudaStreamDestroy(s));
  CK(cudaFree(data));
  CK(cudaFree(out));
  return finish("programmatic_launch");
}
