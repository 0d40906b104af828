// The occupancy calls take a kernel in every form CUDA's templates accept (`T func`): the kernel,
// a kernel template's specialization, `(void*)kernel` (NVIDIA's simpleOccupancy sample), and the
// VariableSMem/WithFlags variants. The same kernel gives the same answer in every form, and the
// grid size is a whole number of the device's SMs.
#include "conformance.h"

__global__ void square(int* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= a[i];
}

template <int B>
__global__ void reverseTile(float* a) {
  __shared__ float t[B];
  t[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = t[B - 1 - threadIdx.x];
}

int main() {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));

  int grid = 0, block = 0, gridVoid = 0, blockVoid = 0;
  CK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, square, 0, 0));
  CK(cudaOccupancyMaxPotentialBlockSize(&gridVoid, &blockVoid, (void*)square, 0, 0));
  check("potential_block_size_typed_and_void_pointer_agree", grid == gridVoid && block == blockVoid,
        "typed %d x %d, void* %d x %d", grid, block, gridVoid, blockVoid);
  check("potential_block_size_shape", block > 0 && block % 32 == 0 && grid > 0 && grid % sms == 0,
        "%d x %d on %d SMs", grid, block, sms);

  int limited = 0, limitedGrid = 0;
  CK(cudaOccupancyMaxPotentialBlockSize(&limitedGrid, &limited, square, 0, 96));
  check("potential_block_size_respects_limit", limited > 0 && limited <= 96, "block %d", limited);

  int g1 = 0, b1 = 0, g2 = 0, b2 = 0, g3 = 0, b3 = 0;
  CK(cudaOccupancyMaxPotentialBlockSize(&g1, &b1, reverseTile<128>, 4096));
  CK(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&g2, &b2, reverseTile<128>, [](int) { return 4096; }));
  CK(cudaOccupancyMaxPotentialBlockSizeWithFlags(&g3, &b3, reverseTile<128>, 4096, 0, cudaOccupancyDefault));
  check("template_kernel_forms_agree", g1 == g2 && b1 == b2 && g1 == g3 && b1 == b3, "%d x %d, %d x %d, %d x %d", g1,
        b1, g2, b2, g3, b3);

  int typed = 0, untyped = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&typed, square, 256, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&untyped, (void*)square, 256, 0));
  check("active_blocks_typed_and_void_pointer_agree", typed == untyped && typed > 0, "%d, %d", typed, untyped);
  return finish("occupancy_forms");
}
