// Faulting kernels: the process must survive and report the errors the runtime returns.
//
// Usage: faults <case>, with <case> one of
//   null_write       a kernel writes through a null pointer
//   oob_far          a kernel writes 1 GiB past the start of a 4 KiB cudaMalloc buffer
//   wild_below       a kernel reads 256 MiB below the start of a 4 KiB cudaMalloc buffer
//   use_after_free   a kernel writes to a buffer after cudaFree
//   assert_fail      assert(threadIdx.x != 5) in block 3 only (grid 8, block 32)
//   trap             __trap() in thread 0 of block 0
//   stack_overflow   unbounded recursion of a __device__ function with a large local array
//   divide_by_zero   integer division by a kernel argument that is 0
// For each: the launch, then one line per step:
//   launch <cudaGetLastError() right after the launch>
//   sync <cudaDeviceSynchronize()>
//   last <cudaGetLastError()>
//   malloc_after <cudaMalloc()>
//   reset <cudaDeviceReset()>
//   malloc_after_reset <cudaMalloc()>
//   survived
// and exit code 0. The expected names are recorded on a real GPU; this program asserts none of them.
#include <cuda_runtime.h>

#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void nullWriteKernel(int* p) { p[threadIdx.x] = (int)threadIdx.x; }

__global__ void farWriteKernel(int* base, unsigned long long byteOffset) {
  int* p = (int*)((char*)base + byteOffset);
  p[threadIdx.x] = 42;
}

__global__ void wildReadKernel(int* base, unsigned long long bytesBelow, int* out) {
  const int* p = (const int*)((const char*)base - bytesBelow);
  out[threadIdx.x] = p[threadIdx.x];
}

__global__ void writeKernel(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i;
}

__global__ void assertKernel(int* out) {
  if (blockIdx.x == 3) assert(threadIdx.x != 5);
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

__global__ void trapKernel(int* out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) __trap();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// Not a tail call: the frame's array is used after the recursive call returns.
__device__ int recurseDeep(int depth, int limit) {
  volatile int local[256];
  for (int i = 0; i < 256; ++i) local[i] = depth + i;
  if (depth >= limit) return local[depth & 255];
  return recurseDeep(depth + 1, limit) + local[(depth * 7) & 255];
}

__global__ void stackOverflowKernel(int limit, int* out) { out[threadIdx.x] = recurseDeep(0, limit); }

__global__ void divideKernel(int* out, int divisor) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = (t + 1) / divisor;
}

// A 4 KiB cudaMalloc'd buffer made before the launch; the program ends (3) if it cannot be had.
static int* buffer4KiB() {
  int* buf = nullptr;
  cudaError_t e = cudaMalloc(&buf, 4096);
  if (e != cudaSuccess) {
    std::printf("setup cudaMalloc failed: %s\n", cudaGetErrorName(e));
    std::exit(3);
  }
  return buf;
}

static void usage(const char* argv0) {
  std::printf("usage: %s null_write|oob_far|wild_below|use_after_free|assert_fail|trap|stack_overflow|divide_by_zero\n", argv0);
}

int main(int argc, char** argv) {
  if (argc != 2) {
    usage(argv[0]);
    return 2;
  }
  const char* c = argv[1];
  std::setvbuf(stdout, nullptr, _IONBF, 0);  // every line reaches the output even if something goes wrong later

  // Allocations made before the launch (their results are not part of the report).
  int* out = nullptr;
  cudaError_t prep = cudaMalloc(&out, 8 * 32 * sizeof(int));
  if (prep != cudaSuccess) {
    std::printf("setup cudaMalloc failed: %s\n", cudaGetErrorName(prep));
    return 3;
  }

  cudaError_t launch;
  if (std::strcmp(c, "null_write") == 0) {
    nullWriteKernel<<<1, 32>>>(nullptr);
    launch = cudaGetLastError();
  } else if (std::strcmp(c, "oob_far") == 0) {
    farWriteKernel<<<1, 32>>>(buffer4KiB(), 1ull << 30);
    launch = cudaGetLastError();
  } else if (std::strcmp(c, "wild_below") == 0) {
    wildReadKernel<<<1, 32>>>(buffer4KiB(), 256ull << 20, out);
    launch = cudaGetLastError();
  } else if (std::strcmp(c, "use_after_free") == 0) {
    int* buf = buffer4KiB();
    prep = cudaFree(buf);
    if (prep != cudaSuccess) {
      std::printf("setup cudaFree failed: %s\n", cudaGetErrorName(prep));
      return 3;
    }
    writeKernel<<<4, 256>>>(buf, 1024);
    launch = cudaGetLastError();
  } else if (std::strcmp(c, "assert_fail") == 0) {
    assertKernel<<<8, 32>>>(out);
    launch = cudaGetLastError();
  } else if (std::strcmp(c, "trap") == 0) {
    trapKernel<<<8, 32>>>(out);
    launch = cudaGetLastError();
  } else if (std::strcmp(c, "stack_overflow") == 0) {
    stackOverflowKernel<<<1, 32>>>(1 << 30, out);
    launch = cudaGetLastError();
  } else if (std::strcmp(c, "divide_by_zero") == 0) {
    divideKernel<<<8, 32>>>(out, 0);
    launch = cudaGetLastError();
  } else {
    usage(argv[0]);
    return 2;
  }

  std::printf("launch %s\n", cudaGetErrorName(launch));
  std::printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  std::printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
  int* after = nullptr;
  std::printf("malloc_after %s\n", cudaGetErrorName(cudaMalloc(&after, 256)));
  std::printf("reset %s\n", cudaGetErrorName(cudaDeviceReset()));
  int* afterReset = nullptr;
  cudaError_t m = cudaMalloc(&afterReset, 256);
  std::printf("malloc_after_reset %s\n", cudaGetErrorName(m));
  if (m == cudaSuccess) cudaFree(afterReset);
  std::printf("survived\n");
  return 0;
}
