// Device-side malloc in a kernel without the matching free (bug: a device heap leak); fixed:
// freed in the kernel.
#include "suite.h"
__global__ void k(int* out, bool bug) {
  int* scratch = (int*)malloc(16 * sizeof(int));
  if (!scratch) return;
  for (int i = 0; i < 16; ++i) scratch[i] = i;
  out[threadIdx.x] = scratch[threadIdx.x % 16];
  if (!bug) free(scratch);
}
int main(int argc, char** argv) {
  bool bug = buggy(argc, argv);
  int* out;
  cudaMalloc(&out, 4 * sizeof(int));
  k<<<1, 4>>>(out, bug);
  launched();
  synced();
  cudaFree(out);
  return 0;
}
