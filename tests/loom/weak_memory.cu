// LOOM_MEMORY=weak (README.md, "Settings"): a missing __threadfence() gives a wrong result.
//   lastblock bug|fixed: each block stores its partial sum, (fixed: __threadfence()), takes a
//            ticket with atomicInc; the block with the last ticket adds the partials (the CUDA
//            Programming Guide's threadFenceReduction; the bug is the guide's own warning);
//   message bug|fixed:   block 0 stores data, (fixed: __threadfence()), sets a volatile flag;
//            block 1 waits for the flag, __threadfence(), reads the data.
// Prints the result and "right" or "wrong" against a CPU reference.
#include <cstdio>
#include <cstring>

constexpr int kBlocks = 16, kThreads = 64;

__device__ unsigned count = 0;

__global__ void lastBlock(const int* in, int* partial, int* total, bool fence) {
  __shared__ int s[kThreads];
  __shared__ bool last;
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * kThreads + t];
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    if (fence) __threadfence();
    unsigned ticket = atomicInc(&count, gridDim.x);
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (last && t == 0) {
    int sum = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b];
    *total = sum;
  }
}

__global__ void message(int* data, volatile int* flag, int* out, bool fence) {
  unsigned t = threadIdx.x;
  if (blockIdx.x == 0) {
    data[t] = int(t) * 5 + 2;
    __syncthreads();
    if (t == 0) {
      if (fence) __threadfence();
      *flag = 1;
    }
  } else {
    if (t == 0) {
      while (*flag == 0) {
      }
      __threadfence();
    }
    __syncthreads();
    out[t] = data[t];
  }
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s lastblock|message bug|fixed\n", argv[0]);
    return 2;
  }
  bool fence = std::strcmp(argv[2], "fixed") == 0;
  long got = 0, want = 0;
  if (std::strcmp(argv[1], "lastblock") == 0) {
    int h[kBlocks * kThreads];
    for (int i = 0; i < kBlocks * kThreads; ++i) want += h[i] = i % 9 + 1;
    int *in, *partial, *total;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&partial, kBlocks * sizeof(int));
    cudaMalloc(&total, sizeof(int));
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(partial, 0, kBlocks * sizeof(int));
    lastBlock<<<kBlocks, kThreads>>>(in, partial, total, fence);
    int r = 0;
    cudaMemcpy(&r, total, sizeof r, cudaMemcpyDeviceToHost);
    got = r;
  } else {
    int *data, *flag, *out;
    cudaMalloc(&data, kThreads * sizeof(int));
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, kThreads * sizeof(int));
    cudaMemset(data, 0, kThreads * sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    message<<<2, kThreads>>>(data, flag, out, fence);
    int h[kThreads];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int t = 0; t < kThreads; ++t) {
      got += h[t];
      want += t * 5 + 2;
    }
  }
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("%ld %s%s\n", got, got == want ? "right" : "wrong", e == cudaSuccess ? "" : cudaGetErrorName(e));
  return 0;
}
