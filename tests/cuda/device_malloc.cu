// Conformance test: in-kernel malloc/free and new/delete, and cudaLimitMallocHeapSize.
//
// Expected values come from the CUDA Programming Guide ("Dynamic Global Memory Allocation and
// Operations") and the Runtime API reference (cudaDeviceSetLimit): malloc returns a pointer
// aligned to 16 bytes, or NULL when the heap cannot satisfy the request; memory is freed with
// free, by any thread, in the same or a later launch; the heap has a fixed size, 8 MiB by
// default, set with cudaDeviceSetLimit(cudaLimitMallocHeapSize, n) (the heap granted is at least
// n bytes), which must be done before any kernel that uses malloc/free is launched, otherwise
// cudaErrorInvalidValue is returned. new/delete in device code allocate from the same heap.
// Prints one "<check>: PASS" or "<check>: FAIL <detail>" line per check; exit code 0 iff all pass.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>

#include "conformance.h"

// Every thread allocates a block of its own size, fills it, checks it after the whole block
// has written its own, and frees it. errors[0]: NULL returns, [1]: misaligned, [2]: bad data.
__global__ void perThread(unsigned* errors) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned n = 1 + t % 61;
  unsigned* p = (unsigned*)malloc(n * sizeof(unsigned));
  if (!p) {
    atomicAdd(&errors[0], 1u);
    return;
  }
  if ((uintptr_t)p % 16 != 0) atomicAdd(&errors[1], 1u);
  for (unsigned i = 0; i < n; ++i) p[i] = t * 1000 + i;
  __syncwarp();
  for (unsigned i = 0; i < n; ++i)
    if (p[i] != t * 1000 + i) atomicAdd(&errors[2], 1u);
  free(p);
}

// The guide's per-thread-block allocation: thread 0 allocates, all threads use it, thread 0 frees.
__global__ void perBlock(unsigned* errors) {
  __shared__ int* data;
  if (threadIdx.x == 0) data = (int*)malloc(blockDim.x * sizeof(int));
  __syncthreads();
  if (!data) {
    if (threadIdx.x == 0) atomicAdd(&errors[0], 1u);
    return;
  }
  data[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
  if (data[(threadIdx.x + 1) % blockDim.x] != (int)((threadIdx.x + 1) % blockDim.x) * 3) atomicAdd(&errors[2], 1u);
  __syncthreads();
  if (threadIdx.x == 0) free(data);
}

// The guide's allocation persisting between launches: one launch allocates, a later one frees.
__device__ int* gKept[32];
__global__ void keep() {
  gKept[threadIdx.x] = (int*)malloc(64);
  if (gKept[threadIdx.x]) gKept[threadIdx.x][0] = threadIdx.x + 7;
}
__global__ void release(unsigned* errors) {
  int* p = gKept[threadIdx.x];
  if (!p || p[0] != (int)threadIdx.x + 7) atomicAdd(&errors[2], 1u);
  free(p);
}

// A request larger than the heap returns NULL; a small one still succeeds afterwards.
__global__ void tooLarge(int* result, size_t bytes) {
  void* big = malloc(bytes);
  void* small = malloc(16);
  result[0] = big == nullptr;
  result[1] = small != nullptr;
  free(big);  // free(NULL) does nothing
  free(small);
}

// new and delete in device code.
struct Pair {
  int a, b;
  __device__ Pair(int x) : a(x), b(2 * x) {}
};
__global__ void newDelete(unsigned* errors) {
  Pair* p = new Pair(threadIdx.x);
  int* arr = new int[8];
  if (!p || !arr) {
    atomicAdd(&errors[0], 1u);
    return;
  }
  for (int i = 0; i < 8; ++i) arr[i] = p->a + p->b + i;
  if (arr[7] != (int)threadIdx.x * 3 + 7) atomicAdd(&errors[2], 1u);
  delete p;
  delete[] arr;
}

static bool noErrors(const char* name, unsigned* d) {
  unsigned h[3];
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  CK(cudaMemset(d, 0, sizeof h));
  check(name, h[0] == 0 && h[1] == 0 && h[2] == 0, "expected no failures, got %u NULL, %u misaligned, %u bad values",
        h[0], h[1], h[2]);
  return h[0] == 0 && h[1] == 0 && h[2] == 0;
}

int main() {
  size_t limit = 0;
  CK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  check("malloc_heap_default_8MiB", limit == 8u << 20, "expected %zu got %zu", (size_t)8 << 20, limit);

  const size_t wanted = 16u << 20;
  CK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, wanted));
  CK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  check("malloc_heap_set_before_launch", limit >= wanted, "expected at least %zu got %zu", wanted, limit);

  unsigned* errors;
  CK(cudaMalloc(&errors, 3 * sizeof(unsigned)));
  CK(cudaMemset(errors, 0, 3 * sizeof(unsigned)));

  perThread<<<64, 128>>>(errors);
  CK_LAUNCH();
  noErrors("malloc_free_per_thread_aligned", errors);
  perThread<<<64, 128>>>(errors);  // the freed memory is there again
  CK_LAUNCH();
  noErrors("malloc_free_reused", errors);

  perBlock<<<32, 96>>>(errors);
  CK_LAUNCH();
  noErrors("malloc_per_block_shared_pointer", errors);

  keep<<<1, 32>>>();
  CK_LAUNCH();
  release<<<1, 32>>>(errors);
  CK_LAUNCH();
  noErrors("malloc_persists_between_launches", errors);

  int* result;
  CK(cudaMalloc(&result, 2 * sizeof(int)));
  tooLarge<<<1, 1>>>(result, limit + 1);
  CK_LAUNCH();
  int r[2];
  CK(cudaMemcpy(r, result, sizeof r, cudaMemcpyDeviceToHost));
  check("malloc_beyond_heap_returns_null", r[0] == 1 && r[1] == 1, "expected NULL then a block, got %s then %s",
        r[0] ? "NULL" : "a block", r[1] ? "a block" : "NULL");

  newDelete<<<4, 64>>>(errors);
  CK_LAUNCH();
  noErrors("new_delete_in_device_code", errors);

  // The heap is fixed once a kernel that uses malloc/free has run.
  cudaError_t late = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 32u << 20);
  cudaGetLastError();
  check("malloc_heap_set_after_launch_fails", late == cudaErrorInvalidValue, "expected cudaErrorInvalidValue got %s",
        cudaGetErrorName(late));
  CK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  check("malloc_heap_unchanged_after_failed_set", limit >= wanted && limit < (32u << 20),
        "expected the %zu-byte heap kept, got %zu", wanted, limit);

  CK(cudaFree(result));
  CK(cudaFree(errors));
  return finish("device_malloc");
}
