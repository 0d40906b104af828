// The C++ overloads the CUDA runtime offers on top of its C API: typed allocation, symbols by
// reference (so sizeof the variable is known), kernels by their function type.
#pragma once

#include "cuda_runtime_api.h"
#include "loom/runtime/launch.h"

template <class T>
cudaError_t cudaMalloc(T** devPtr, size_t size) {
  return cudaMalloc(reinterpret_cast<void**>(devPtr), size);
}
template <class T>
cudaError_t cudaMallocAsync(T** devPtr, size_t size, cudaStream_t stream) {
  return cudaMallocAsync(reinterpret_cast<void**>(devPtr), size, stream);
}
// The C++ API's pool overloads.
inline cudaError_t cudaMallocAsync(void** ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
  return cudaMallocFromPoolAsync(ptr, size, memPool, stream);
}
template <class T>
cudaError_t cudaMallocAsync(T** ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
  return cudaMallocFromPoolAsync(reinterpret_cast<void**>(ptr), size, memPool, stream);
}
template <class... P>
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* dynamicSmemSize, void (*func)(P...), int numBlocks,
                                                      int blockSize) {
  return cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, reinterpret_cast<const void*>(func), numBlocks,
                                                   blockSize);
}
template <class T>
cudaError_t cudaMallocFromPoolAsync(T** ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
  return cudaMallocFromPoolAsync(reinterpret_cast<void**>(ptr), size, memPool, stream);
}
template <class T>
cudaError_t cudaMallocHost(T** ptr, size_t size, unsigned int flags = 0) {
  return cudaHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}
template <class T>
cudaError_t cudaHostAlloc(T** ptr, size_t size, unsigned int flags) {
  return cudaHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}
template <class T>
cudaError_t cudaMallocManaged(T** devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged(reinterpret_cast<void**>(devPtr), size, flags);
}
template <class T>
cudaError_t cudaMallocPitch(T** devPtr, size_t* pitch, size_t width, size_t height) {
  return cudaMallocPitch(reinterpret_cast<void**>(devPtr), pitch, width, height);
}
template <class T>
cudaError_t cudaHostGetDevicePointer(T** pDevice, void* pHost, unsigned int flags) {
  return cudaHostGetDevicePointer(reinterpret_cast<void**>(pDevice), pHost, flags);
}
inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) {
  return cudaEventCreateWithFlags(event, flags);
}

// Symbols: __device__/__constant__ variables passed by name.
template <class T>
cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  if (offset > sizeof(T) || count > sizeof(T) - offset) return cudaErrorInvalidValue;
  return cudaMemcpyToSymbol(static_cast<const void*>(&symbol), src, count, offset, kind);
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  if (offset > sizeof(T) || count > sizeof(T) - offset) return cudaErrorInvalidValue;
  return cudaMemcpyFromSymbol(dst, static_cast<const void*>(&symbol), count, offset, kind);
}
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count,
                                    size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                    cudaStream_t stream = 0) {
  if (offset > sizeof(T) || count > sizeof(T) - offset) return cudaErrorInvalidValue;
  return cudaMemcpyToSymbolAsync(static_cast<const void*>(&symbol), src, count, offset, kind, stream);
}
template <class T>
cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                      cudaStream_t stream = 0) {
  if (offset > sizeof(T) || count > sizeof(T) - offset) return cudaErrorInvalidValue;
  return cudaMemcpyFromSymbolAsync(dst, static_cast<const void*>(&symbol), count, offset, kind, stream);
}
template <class T>
cudaError_t cudaGetSymbolAddress(void** devPtr, const T& symbol) {
  return cudaGetSymbolAddress(devPtr, static_cast<const void*>(&symbol));
}
template <class T>
cudaError_t cudaGetSymbolSize(size_t* size, const T& symbol) {
  if (!size) return cudaErrorInvalidValue;
  (void)symbol;
  *size = sizeof(T);
  return cudaSuccess;
}

// Kernels by function type.
template <class... P>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, void (*entry)(P...)) {
  ::loom::registerKernelType(entry);
  return cudaFuncGetAttributes(attr, reinterpret_cast<const void*>(entry));
}
template <class... P>
cudaError_t cudaFuncSetAttribute(void (*entry)(P...), cudaFuncAttribute attr, int value) {
  return cudaFuncSetAttribute(reinterpret_cast<const void*>(entry), attr, value);
}
template <class... P>
cudaError_t cudaFuncSetCacheConfig(void (*entry)(P...), cudaFuncCache config) {
  return cudaFuncSetCacheConfig(reinterpret_cast<const void*>(entry), config);
}
// The occupancy calls take any kernel form, as CUDA's templates do (`T func`): a kernel, a kernel
// template's specialization, or `(void*)kernel`.
namespace loom::runtime_detail {
template <class T>
const void* kernelAddress(T func) {
  if constexpr (std::is_pointer_v<T> && std::is_function_v<std::remove_pointer_t<T>>) {
    ::loom::registerKernelType(func);
    return reinterpret_cast<const void*>(func);
  } else {
    return static_cast<const void*>(func);
  }
}
}  // namespace loom::runtime_detail

template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, T func, int blockSize,
                                                          size_t dynamicSMemSize) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(numBlocks, ::loom::runtime_detail::kernelAddress(func),
                                                       blockSize, dynamicSMemSize);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* numBlocks, T func, int blockSize,
                                                                   size_t dynamicSMemSize, unsigned int flags) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, ::loom::runtime_detail::kernelAddress(func), blockSize, dynamicSMemSize, flags);
}

// The block size with the highest occupancy (threads resident per SM), largest on ties, and the
// grid size that fills the device at that occupancy, as CUDA's helper computes them; the dynamic
// shared memory may depend on the block size (`blockSizeToDynamicSMemSize(blockSize)`).
template <class UnaryFunction, class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int* minGridSize, int* blockSize, T func,
                                                                    UnaryFunction blockSizeToDynamicSMemSize,
                                                                    int blockSizeLimit = 0, unsigned int flags = 0) {
  if (!minGridSize || !blockSize) return cudaErrorInvalidValue;
  const void* kernel = ::loom::runtime_detail::kernelAddress(func);
  int maxThreads = 0, sms = 0;
  cudaDeviceGetAttribute(&maxThreads, cudaDevAttrMaxThreadsPerBlock, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  int limit = blockSizeLimit > 0 && blockSizeLimit < maxThreads ? blockSizeLimit : maxThreads;
  int bestSize = 0, bestBlocks = 0, bestThreads = -1;
  for (int size = limit / 32 * 32; size > 0; size -= 32) {
    int blocks = 0;
    cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
        &blocks, kernel, size, static_cast<size_t>(blockSizeToDynamicSMemSize(size)), flags);
    if (e != cudaSuccess) return e;
    if (blocks * size > bestThreads) {
      bestThreads = blocks * size;
      bestSize = size;
      bestBlocks = blocks;
    }
  }
  *blockSize = bestSize;
  *minGridSize = bestBlocks * sms;
  return cudaSuccess;
}
template <class UnaryFunction, class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int* minGridSize, int* blockSize, T func,
                                                           UnaryFunction blockSizeToDynamicSMemSize,
                                                           int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func,
                                                                 blockSizeToDynamicSMemSize, blockSizeLimit, 0);
}
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int* minGridSize, int* blockSize, T func,
                                                        size_t dynamicSMemSize = 0, int blockSizeLimit = 0,
                                                        unsigned int flags = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      minGridSize, blockSize, func, [dynamicSMemSize](int) { return dynamicSMemSize; }, blockSizeLimit, flags);
}
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* minGridSize, int* blockSize, T func, size_t dynamicSMemSize = 0,
                                               int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, func, dynamicSMemSize, blockSizeLimit, 0);
}

// driver_functions.h's constructors.
inline cudaExtent make_cudaExtent(size_t w, size_t h, size_t d) { return cudaExtent{w, h, d}; }
inline cudaPitchedPtr make_cudaPitchedPtr(void* d, size_t p, size_t xsz, size_t ysz) {
  return cudaPitchedPtr{d, p, xsz, ysz};
}
inline cudaPos make_cudaPos(size_t x, size_t y, size_t z) { return cudaPos{x, y, z}; }
