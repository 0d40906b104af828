// nvcc compiles a .cu file twice: a device pass, where __CUDA_ARCH__ is defined (900 for sm_90),
// and a host pass, where it is not. These checks hold under nvcc (with --extended-lambda for the
// __device__ lambda and -rdc=true for the second file) and under loom-cc alike (CUDA Programming
// Guide, "__CUDA_ARCH__").
#include <cstdio>
#include <string>
#include <vector>

#include "conformance.h"
#include <cuda_occupancy.h>

// NVIDIA's include guards, which code tests to see what is included (the CUDA samples'
// helper_cuda.h defines checkCudaErrors only under __DRIVER_TYPES_H__).
#if defined(__CUDA_RUNTIME_H__) && defined(__CUDA_RUNTIME_API_H__) && defined(__DRIVER_TYPES_H__) && \
    defined(__VECTOR_TYPES_H__) && defined(__cuda_occupancy_h__) && defined(__NVCC__) && defined(CUDART_VERSION)
constexpr bool kNvidiaGuards = true;
#else
constexpr bool kNvidiaGuards = false;
#endif

// A __host__ __device__ function has two forms; each caller gets its own side's.
__host__ __device__ int compiledFor() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return -1;
#endif
}

// Device-only code, called from kernels only.
__device__ int deviceOnly(int x) { return x * 2 + (compiledFor() == 900 ? 0 : 1000); }

// Defined in compilation_passes_other.cu: a device function and a variable of another file.
extern __device__ int otherFileTwice(int x);
extern __device__ int otherFileValue;

__device__ int deviceCounter = 5;
__constant__ float coefficients[4];
// Internal linkage: still one variable for the symbol API and the kernels.
static __constant__ int staticTable[3];
static __device__ int staticCounter = 1;

static __global__ void staticKernel(int* out) { out[threadIdx.x] = compiledFor() + deviceOnly(threadIdx.x); }

namespace {
__global__ void anonymousKernel(int* out) { out[threadIdx.x] = deviceCounter + static_cast<int>(coefficients[1]); }
}  // namespace

template <class T>
__global__ void fillKernel(T* out, T value) {
  out[threadIdx.x] = value + static_cast<T>(compiledFor() == 900 ? 1 : 0) + otherFileTwice(otherFileValue);
}

template <class F>
__global__ void applyKernel(F f, int* out) { out[threadIdx.x] = f(threadIdx.x); }

// A kernel template named by host code in every way the runtime takes a kernel: an attribute set
// on k<int> holds for its <<<>>> launch, and (void*)k<int> launches it by address.
template <class T>
__global__ void wideSharedKernel(T* out) {
  extern __shared__ unsigned char bytes[];
  bytes[threadIdx.x * 1024 + 1000] = static_cast<unsigned char>(threadIdx.x);
  __syncthreads();
  out[threadIdx.x] = static_cast<T>(bytes[(63 - threadIdx.x) * 1024 + 1000]);
}
template <class T>
__global__ void byAddressKernel(T* out, T value) { out[threadIdx.x] = value + static_cast<T>(threadIdx.x); }
template <class T>
__global__ void attributedKernel(T* out) { out[threadIdx.x] = 43; }

// A host global with a constructor: constructed once, as in any program.
static int g_constructions = 0;
struct Constructed {
  Constructed() { ++g_constructions; }
};
static Constructed g_constructed;
std::vector<std::string> g_names = {"a", "b"};

// The host form of a function chosen by __CUDA_ARCH__ may use what device code cannot.
__host__ __device__ int hostOrDevice(int x) {
#ifdef __CUDA_ARCH__
  return x + 1;
#else
  return static_cast<int>(std::to_string(x).size());
#endif
}

__global__ void hostOrDeviceKernel(int* out) { out[0] = hostOrDevice(41); }

__global__ void staticsKernel(int* out) { out[0] = staticTable[2] * 100 + staticCounter; }

int main() {
  int* d = nullptr;
  CK(cudaMallocManaged(&d, 4 * sizeof(int)));

  check("nvidia_include_guards_defined", kNvidiaGuards);
  check("__CUDA_ARCH__undefined_in_host_code", compiledFor() == -1, "host form returned %d", compiledFor());

  staticKernel<<<1, 4>>>(d);
  CK_LAUNCH();
  check("__CUDA_ARCH__is_900_in_device_code", d[0] == 900 && d[3] == 906, "got %d %d", d[0], d[3]);

  // A kernel template instantiated with a lambda's type (no linkage).
  int offset = 5;
  auto addOffset = [offset] __device__ (int x) { return x + offset + (compiledFor() == 900 ? 0 : 1000); };
  applyKernel<<<1, 4>>>(addOffset, d);
  CK_LAUNCH();
  check("template_kernel_of_a_lambda", d[0] == 5 && d[3] == 8, "got %d %d", d[0], d[3]);

  float c[4] = {0, 10, 0, 0};
  CK(cudaMemcpyToSymbol(coefficients, c, sizeof c));
  int counter = 7;
  CK(cudaMemcpyToSymbol(deviceCounter, &counter, sizeof counter));
  anonymousKernel<<<1, 1>>>(d);
  CK_LAUNCH();
  check("symbols_written_by_host_read_by_kernel", d[0] == 17, "got %d", d[0]);

  fillKernel<<<1, 2>>>(d, 3);
  CK_LAUNCH();
  check("template_kernel_and_other_file_device_code", d[1] == 3 + 1 + 2 * 11, "got %d", d[1]);

  hostOrDeviceKernel<<<1, 1>>>(d);
  CK_LAUNCH();
  check("host_device_function_device_form", d[0] == 42, "got %d", d[0]);
  int table[3] = {1, 2, 3}, two = 2;
  CK(cudaMemcpyToSymbol(staticTable, table, sizeof table));
  CK(cudaMemcpyToSymbol(staticCounter, &two, sizeof two));
  staticsKernel<<<1, 1>>>(d);
  CK_LAUNCH();
  check("static_device_and_constant_variables_one_per_program", d[0] == 302, "got %d", d[0]);
  check("host_device_function_host_form", hostOrDevice(12345) == 5, "got %d", hostOrDevice(12345));

  check("host_constructor_runs_once", g_constructions == 1, "ran %d times", g_constructions);
  check("host_global_initialized", g_names.size() == 2 && g_names[1] == "b", "size %zu", g_names.size());

  int* w = nullptr;
  CK(cudaMallocManaged(&w, 64 * sizeof(int)));
  // 64 KiB of dynamic shared memory needs the opt-in, set on the template's instantiation.
  CK(cudaFuncSetAttribute(wideSharedKernel<int>, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
  wideSharedKernel<int><<<1, 64, 64 * 1024>>>(w);
  CK_LAUNCH();
  check("template_kernel_attribute_holds_for_its_launch", w[0] == 63 && w[63] == 0, "got %d %d", w[0], w[63]);

  // Launched by address before any typed use, and after a typed attribute query.
  int value = 7;
  void* byAddress[] = {&w, &value};
  CK(cudaLaunchKernel(reinterpret_cast<const void*>(byAddressKernel<int>), dim3(1), dim3(32), byAddress, 0, 0));
  CK_LAUNCH();
  check("template_kernel_launched_by_address", w[0] == 7 && w[31] == 38, "got %d %d", w[0], w[31]);
  cudaFuncAttributes attributes{};
  CK(cudaFuncGetAttributes(&attributes, attributedKernel<int>));
  void* attributed[] = {&w};
  CK(cudaLaunchKernel(reinterpret_cast<const void*>(attributedKernel<int>), dim3(1), dim3(32), attributed, 0, 0));
  CK_LAUNCH();
  check("template_kernel_by_address_after_attribute_query", w[0] == 43 && w[31] == 43, "got %d %d", w[0], w[31]);

  CK(cudaFree(w));
  CK(cudaFree(d));
  return finish("compilation_passes");
}
