// Where ptxas puts the WARPSYNC.ALL of a __syncthreads that a warp may reach diverged: lane 0
// takes a spin lock at the end of each iteration (its CAS loop's YIELD lets lanes 1-31 run ahead
// into the next iteration), and each kernel varies the code between the loop head and the barrier.
// One block of 64 threads, 10 iterations: warp 0 runs split in 9 of them, so an instruction that
// runs split counts 20 + 9 (the record: validate/results/h100-sm90/probes.warpsync_placement,
// with sass.txt; validate/campaign.sh probes.warpsync_placement remakes it).
// Found (nvcc 13.0, H100): WARPSYNC.ALL right before the shared stores that lead into the
// barrier; the loads and global stores before them run split, the stores do not (v1-v6). With
// __syncwarp instead (v7) there is none and the store runs split. Loom does the same
// (loom/device/reconverge.h, barrierAhead): the stores are one request of every path, and the
// paths stay apart after them, so v4's second load, which ptxas issues before the first store,
// runs split in Loom too (session 17; until then the paths joined at the store).
#include <cstdio>
__device__ int lock;
__device__ __forceinline__ void locked(float* out, float v) {
  if (threadIdx.x == 0) {
    while (atomicCAS(&lock, 0, 1)) {}
    __threadfence();
    *out += v;
    __threadfence();
    atomicExch(&lock, 0);
  }
}
#define LOOP for (int it = 0; it < iters; ++it)
// v1: global load, shared store, barrier (SumDoubles)
__global__ void v1(const float* in, float* out, int iters) {
  __shared__ float s[64];
  LOOP { s[threadIdx.x] = in[it * 64 + threadIdx.x]; __syncthreads(); float v = s[63 - threadIdx.x]; __syncthreads(); locked(out, v); }
}
// v2: shared store of a computed value, barrier
__global__ void v2(const float* in, float* out, int iters) {
  __shared__ float s[64];
  LOOP { s[threadIdx.x] = it * 3.0f + threadIdx.x; __syncthreads(); float v = s[63 - threadIdx.x]; __syncthreads(); locked(out, v); }
}
// v3: two global loads, one shared store
__global__ void v3(const float* in, float* out, int iters) {
  __shared__ float s[64];
  LOOP { float a = in[it * 64 + threadIdx.x]; float b = in[(it + 1) * 64 + threadIdx.x]; s[threadIdx.x] = a * b; __syncthreads(); float v = s[63 - threadIdx.x]; __syncthreads(); locked(out, v); }
}
// v4: two global loads, two shared stores
__global__ void v4(const float* in, float* out, int iters) {
  __shared__ float s[64], t[64];
  LOOP { s[threadIdx.x] = in[it * 64 + threadIdx.x]; t[threadIdx.x] = in[(it + 1) * 64 + threadIdx.x]; __syncthreads(); float v = s[63 - threadIdx.x] + t[threadIdx.x ^ 1]; __syncthreads(); locked(out, v); }
}
// v5: a global store first, then a shared store
__global__ void v5(const float* in, float* out, int iters) {
  __shared__ float s[64];
  LOOP { out[1 + it * 64 + threadIdx.x] = it; s[threadIdx.x] = in[it * 64 + threadIdx.x]; __syncthreads(); float v = s[63 - threadIdx.x]; __syncthreads(); locked(out, v); }
}
// v6: shared load, then shared store of it (the load depends on nothing global)
__global__ void v6(const float* in, float* out, int iters) {
  __shared__ float s[64], t[64];
  if (threadIdx.x < 64) t[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  LOOP { s[threadIdx.x] = t[(threadIdx.x + it) & 63] + 1.0f; __syncthreads(); float v = s[63 - threadIdx.x]; __syncthreads(); locked(out, v); }
}
// v7: no barrier after the store (a __syncwarp instead): no aligned barrier to converge for
__global__ void v7(const float* in, float* out, int iters) {
  __shared__ float s[64];
  LOOP { s[threadIdx.x] = in[it * 64 + threadIdx.x]; __syncwarp(); float v = s[threadIdx.x ^ 1]; __syncwarp(); locked(out, v); }
}
int main() {
  const int iters = 10;
  float *in, *out;
  cudaMalloc(&in, 64 * (iters + 2) * sizeof(float));
  cudaMalloc(&out, (1 + 64 * iters) * sizeof(float));
  cudaMemset(in, 0, 64 * (iters + 2) * sizeof(float));
  cudaMemset(out, 0, sizeof(float));
  v1<<<1, 64>>>(in, out, iters); v2<<<1, 64>>>(in, out, iters); v3<<<1, 64>>>(in, out, iters);
  v4<<<1, 64>>>(in, out, iters); v5<<<1, 64>>>(in, out, iters); v6<<<1, 64>>>(in, out, iters);
  v7<<<1, 64>>>(in, out, iters);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
}
