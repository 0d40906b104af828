// Conformance test: the address-space conversion and predicate functions (CUDA C++ Programming
// Guide, "Address Space Conversion Functions", "Address Space Predicate Functions").
//
// __cvta_generic_to_shared gives the address of a shared variable in the shared state space,
// the 32-bit address that PTX's shared-memory instructions (mbarrier, cp.async, ld.shared) take;
// __cvta_shared_to_generic turns it back into the same generic pointer. Shared addresses are
// offsets in the block's shared window, so they fit 32 bits, distinct variables (static and
// dynamic) have distinct addresses, and addresses within an array differ as the generic ones do.
// The global conversions round-trip device allocations. __isShared is true exactly for the
// block's shared memory; __isClusterShared for it (a launch without clusters has clusters of one
// block); __isLocal for the thread's automatic variables; __isGlobal for device allocations and
// __device__ variables.
#include <cuda_runtime.h>

#include <cstdint>

#include "conformance.h"

__device__ unsigned deviceVariable;

enum Result {
  kFits32,           // every shared address is below 2^32
  kStride,           // &s[i] - &s[0] in the shared space is 4 * i
  kRoundTrip,        // shared_to_generic(generic_to_shared(p)) == p, static and dynamic
  kDistinct,         // the dynamic array's window does not overlap the static arrays'
  kGlobalRoundTrip,  // global_to_generic(generic_to_global(p)) == p
  kIsShared,         // __isShared of static and dynamic shared memory
  kNotShared,        // !__isShared of global memory and of a local variable
  kClusterShared,    // __isClusterShared of shared memory, not of global memory
  kLocal,            // __isLocal of a local variable, not of shared or global memory
  kGlobal,           // __isGlobal of global memory, not of shared or local memory
  kResults
};

__global__ void spaces(unsigned* global, unsigned* out) {
  __shared__ unsigned a[64];
  __shared__ unsigned long long b[8];
  extern __shared__ unsigned dyn[];
  unsigned t = threadIdx.x;
  a[t] = t;
  dyn[t] = 2 * t;
  if (t < 8) b[t] = t;
  __syncthreads();
  size_t sa = __cvta_generic_to_shared(&a[t]), sa0 = __cvta_generic_to_shared(&a[0]);
  size_t sb = __cvta_generic_to_shared(&b[0]), sd = __cvta_generic_to_shared(&dyn[t]);
  size_t sd0 = __cvta_generic_to_shared(&dyn[0]);
  bool fits = sa < (size_t{1} << 32) && sb < (size_t{1} << 32) && sd < (size_t{1} << 32);
  bool stride = sa - sa0 == 4 * t && sd - sd0 == 4 * t;
  bool round = __cvta_shared_to_generic(sa) == &a[t] && __cvta_shared_to_generic(sd) == &dyn[t] &&
               __cvta_shared_to_generic(sb) == &b[0];
  // The 32-bit form, as code passes it to PTX, converts back too.
  unsigned sd32 = static_cast<unsigned>(sd);
  round = round && static_cast<unsigned*>(__cvta_shared_to_generic(sd32)) == &dyn[t];
  size_t dynEnd = sd0 + 64 * sizeof(unsigned);
  bool distinct = (sd0 >= sa0 + sizeof a || dynEnd <= sa0) && (sd0 >= sb + sizeof b || dynEnd <= sb);
  bool globalRound = __cvta_global_to_generic(__cvta_generic_to_global(&global[t])) == &global[t];
  unsigned local = t;
  bool isShared = __isShared(&a[t]) && __isShared(&dyn[t]) && __isShared(&b[0]);
  bool notShared = !__isShared(&global[t]) && !__isShared(&local);
  bool cluster = __isClusterShared(&a[t]) && __isClusterShared(&dyn[t]) && !__isClusterShared(&global[t]);
  bool isLocal = __isLocal(&local) && !__isLocal(&a[t]) && !__isLocal(&global[t]);
  bool isGlobal = __isGlobal(&global[t]) && __isGlobal(&deviceVariable) && !__isGlobal(&a[t]) &&
                  !__isGlobal(&dyn[t]) && !__isGlobal(&local);
  bool results[kResults] = {fits, stride, round, distinct, globalRound, isShared, notShared, cluster, isLocal, isGlobal};
  for (int r = 0; r < kResults; ++r)
    if (!results[r]) atomicAdd(&out[r], 1u);
}

int main() {
  unsigned *global, *out;
  CK(cudaMalloc(&global, 64 * sizeof(unsigned)));
  CK(cudaMallocManaged(&out, kResults * sizeof(unsigned)));
  for (int r = 0; r < kResults; ++r) out[r] = 0;
  spaces<<<2, 64, 64 * sizeof(unsigned)>>>(global, out);
  CK_LAUNCH();
  const char* names[kResults] = {"shared_address_fits_32_bits",  "shared_address_stride",
                                 "shared_round_trip",            "static_dynamic_distinct",
                                 "global_round_trip",            "is_shared",
                                 "is_not_shared",                "is_cluster_shared",
                                 "is_local",                     "is_global"};
  for (int r = 0; r < kResults; ++r) check(names[r], out[r] == 0, "%u threads disagree", out[r]);
  CK(cudaFree(global));
  CK(cudaFree(out));
  return finish("address_spaces");
}
