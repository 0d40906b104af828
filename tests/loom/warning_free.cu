// Compiled, not run (loom.warning_free): Loom's headers stand for the toolkit's and must build
// under a user's -Wall -Wextra -Werror, as nvcc's do. Uses what has produced warnings before:
// __half and __nv_bfloat16 through atomics and shuffles.
#include <cooperative_groups.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace cg = cooperative_groups;

__global__ void narrowTypes(__half* h, __nv_bfloat16* b, __half2* h2, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half v = __shfl_sync(0xffffffffu, h[i], 0);
  __nv_bfloat16 w = __shfl_xor_sync(0xffffffffu, b[i], 1);
  atomicAdd(&h[0], v);
  atomicAdd(&b[0], w);
  atomicAdd(&h2[0], __halves2half2(v, v));
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  h[i] = tile.shfl_down(v, 1);
  b[i] = __float2bfloat16(min(__bfloat162float(w), 2.0f));
}

int main() {
  __half* h = nullptr;
  __nv_bfloat16* b = nullptr;
  __half2* h2 = nullptr;
  narrowTypes<<<1, 32>>>(h, b, h2, 0u);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
