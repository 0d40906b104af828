// Threads of one block waiting on each other without a barrier: a thread of warp 0 spins until a
// thread of another warp writes. Warps make progress independently on the device (Volta and
// later), so each wait ends; every spin is bounded here, so a wait that never ends is a FAIL line
// instead of a hung test.
#include "conformance.h"

#define SPIN_LIMIT (1 << 22)

// The consumer (thread 0) waits on a volatile shared flag that the producer (thread 32) sets.
__global__ void volatileFlagKernel(int* out) {
  __shared__ volatile int flag;
  __shared__ int data;
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  if (threadIdx.x == 0) {
    long long spins = 0;
    while (flag == 0)
      if (++spins > SPIN_LIMIT) break;
    out[0] = flag != 0 ? data : -1;
  } else if (threadIdx.x == 32) {
    data = 42;
    __threadfence_block();
    flag = 1;
  }
}

// The same wait through an atomic read of a global flag.
__global__ void atomicFlagKernel(int* flag, int* out) {
  if (threadIdx.x == 0) {
    long long spins = 0;
    while (atomicAdd(flag, 0) == 0)
      if (++spins > SPIN_LIMIT) break;
    out[0] = atomicAdd(flag, 0);
  } else if (threadIdx.x == 64) {
    atomicExch(flag, 7);
  }
}

// A wait on a plain load behind a fence.
__global__ void fencedLoadKernel(int* flag, int* out) {
  if (threadIdx.x == 0) {
    long long spins = 0;
    while (*flag == 0) {
      __threadfence();
      if (++spins > SPIN_LIMIT) break;
    }
    out[0] = *flag;
  } else if (threadIdx.x == 96) {
    __threadfence();
    atomicExch(flag, 9);
  }
}

// A hand-off of 100 values, one at a time: warp 1's thread produces, warp 0's consumes, each
// waiting for the other's flag.
__global__ void pingPongKernel(int* out) {
  __shared__ volatile int full;
  __shared__ volatile int value;
  if (threadIdx.x == 0) full = 0;
  __syncthreads();
  if (threadIdx.x == 32) {
    for (int i = 1; i <= 100; ++i) {
      long long spins = 0;
      while (full != 0)
        if (++spins > SPIN_LIMIT) return;
      value = i;
      __threadfence_block();
      full = 1;
    }
  } else if (threadIdx.x == 0) {
    int sum = 0;
    for (int i = 1; i <= 100; ++i) {
      long long spins = 0;
      while (full == 0)
        if (++spins > SPIN_LIMIT) {
          out[0] = -i;
          return;
        }
      sum += value;
      __threadfence_block();
      full = 0;
    }
    out[0] = sum;
  }
}

static int result(const int* d) {
  int h = 0;
  CK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
  return h;
}

int main() {
  int *out, *flag;
  CK(cudaMalloc(&out, sizeof(int)));
  CK(cudaMalloc(&flag, sizeof(int)));

  volatileFlagKernel<<<1, 64>>>(out);
  CK_LAUNCH();
  int r = result(out);
  check("volatile_flag_across_warps", r == 42, "consumer read %d", r);

  CK(cudaMemset(flag, 0, sizeof(int)));
  atomicFlagKernel<<<1, 128>>>(flag, out);
  CK_LAUNCH();
  r = result(out);
  check("atomic_flag_across_warps", r == 7, "consumer read %d", r);

  CK(cudaMemset(flag, 0, sizeof(int)));
  fencedLoadKernel<<<1, 128>>>(flag, out);
  CK_LAUNCH();
  r = result(out);
  check("fenced_load_across_warps", r == 9, "consumer read %d", r);

  pingPongKernel<<<1, 64>>>(out);
  CK_LAUNCH();
  r = result(out);
  check("ping_pong_100_values", r == 5050, "sum %d (negative: timed out waiting for value -sum)", r);

  CK(cudaFree(out));
  CK(cudaFree(flag));
  return finish("spin_waits");
}
