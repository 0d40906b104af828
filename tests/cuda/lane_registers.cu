// %laneid-style helpers (libcu++'s cuda::ptx::get_sreg_*) against the PTX ISA's definitions of
// the special registers, in a 2D block whose last warp is partial, plus the cooperative-groups
// way to the same numbers. %warpid is not checked: on the device it is a scheduling slot.
#include <cuda/ptx>
#include <cooperative_groups.h>

#include "conformance.h"

namespace cg = cooperative_groups;

__global__ void registersKernel(unsigned* out) {
  unsigned rank = threadIdx.x + threadIdx.y * blockDim.x;
  unsigned* o = out + rank * 8;
  o[0] = cuda::ptx::get_sreg_laneid();
  o[1] = cuda::ptx::get_sreg_lanemask_eq();
  o[2] = cuda::ptx::get_sreg_lanemask_lt();
  o[3] = cuda::ptx::get_sreg_lanemask_le();
  o[4] = cuda::ptx::get_sreg_lanemask_ge();
  o[5] = cuda::ptx::get_sreg_lanemask_gt();
  o[6] = cuda::ptx::get_sreg_tid_y() * 1000 + cuda::ptx::get_sreg_ntid_x();
  o[7] = cg::tiled_partition<32>(cg::this_thread_block()).thread_rank();
}

int main() {
  const unsigned threads = 20 * 3;  // 60 threads: warp 1 has 28 lanes
  unsigned h[threads * 8];
  unsigned* d;
  CK(cudaMalloc(&d, sizeof h));
  registersKernel<<<1, dim3(20, 3)>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  bool lane = true, masks = true, ids = true;
  for (unsigned r = 0; r < threads; ++r) {
    const unsigned* o = h + r * 8;
    unsigned l = r % 32, eq = 1u << l;
    lane &= o[0] == l && o[7] == l;
    masks &= o[1] == eq && o[2] == eq - 1 && o[3] == (eq | (eq - 1)) && o[4] == ~(eq - 1) &&
             o[5] == ~(eq | (eq - 1));
    ids &= o[6] == (r / 20) * 1000 + 20;
  }
  check("laneid_follows_linear_thread_index", lane);
  check("lanemask_eq_lt_le_ge_gt", masks);
  check("tid_ntid", ids);
  return finish("lane_registers");
}
