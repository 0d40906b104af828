// A tiled loop that reuses one shared tile per iteration: without the barrier at the end of the
// iteration (bug) the next iteration's stores race with this iteration's loads of another warp
// (WAR); fixed has it.
#include "suite.h"
__global__ void k(const int* in, int* out, int tiles, bool bug) {
  __shared__ int tile[64];
  unsigned t = threadIdx.x;
  int acc = 0;
  for (int i = 0; i < tiles; ++i) {
    tile[t] = in[i * 64 + t];
    __syncthreads();
    acc += tile[63 - t];
    if (!bug) __syncthreads();
  }
  out[t] = acc;
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  const int tiles = 4;
  int h[tiles * 64];
  for (int i = 0; i < tiles * 64; ++i) h[i] = i;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, 64 * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  k<<<1, 64>>>(in, out, tiles, bug);
  launched();
  synced();
  int r[64];
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  if (!bug) std::printf("out[0] %d out[63] %d\n", r[0], r[63]);
  cudaFree(in);
  cudaFree(out);
  return 0;
}
