// Inline PTX of sm_70 to sm_90 that libraries use (libcu++'s cuda::ptx, CUB 3): loads and stores
// with a memory order, bmsk, prefetch, elect.sync, the mbarrier operations and cp.async.bulk,
// checked against the PTX ISA manual's semantics. Plain CUDA: nvcc builds the same program. Apart
// from tests/cuda/inline_ptx.cu, whose output the H100 recorded.
#include <cstdint>

#include "conformance.h"

// Loads and stores with a memory order (CUB's load_relaxed/store_release, cuda::atomic_ref in
// PTX): a release store of a flag after the data, an acquire load of it, and relaxed loads, one
// scalar and one of a vector of four words.
__global__ void orderedMemory(unsigned* data, unsigned* flag, unsigned* out) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(data + 4), "r"(77u) : "memory");
  asm volatile("st.release.gpu.global.u32 [%0], %1;" ::"l"(flag), "r"(1u) : "memory");
  unsigned f, v, a, b, c, d;
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(f) : "l"(flag) : "memory");
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(data + 4) : "memory");
  asm volatile("ld.relaxed.gpu.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
               : "l"(data)
               : "memory");
  unsigned long long wide;
  asm volatile("ld.relaxed.gpu.u64 %0, [%1];" : "=l"(wide) : "l"(data) : "memory");
  out[0] = f;
  out[1] = v;
  out[2] = a;
  out[3] = b;
  out[4] = c;
  out[5] = d;
  out[6] = static_cast<unsigned>(wide >> 32);
}

// bmsk (cuda::bitmask, CUB's radix digit extraction): a mask of b bits from bit a, clamped or
// wrapped at 32; and prefetch, which changes nothing a program can see, out of bounds included.
__global__ void bitMasks(const unsigned* pos, const unsigned* width, unsigned* out) {
  unsigned i = threadIdx.x, clamp, wrap;
  asm("bmsk.clamp.b32 %0, %1, %2;" : "=r"(clamp) : "r"(pos[i]), "r"(width[i]));
  asm("bmsk.wrap.b32 %0, %1, %2;" : "=r"(wrap) : "r"(pos[i]), "r"(width[i]));
  asm volatile("prefetch.global.L2 [%0];" ::"l"(pos + i) : "memory");
  asm volatile("prefetch.global.L2 [%0];" ::"l"(pos + 1000000) : "memory");
  out[2 * i] = clamp;
  out[2 * i + 1] = wrap;
}

// The bulk-copy pattern of sm_90 (CUB's DeviceTransform, libcu++'s cuda::ptx): one elected thread
// initialises an mbarrier in shared memory, starts a bulk copy of a tile from global into shared
// memory that completes its bytes on the barrier, and announces the bytes with
// arrive.expect_tx; every thread waits for the phase of parity 0 and reads the tile. Shared
// operands are shared-window addresses (__cvta_generic_to_shared), as PTX wants them.
__global__ void bulkCopy(const int* in, int* out, unsigned* elected) {
  __shared__ alignas(8) unsigned long long bar;
  __shared__ alignas(128) int tile[256];
  unsigned isElected = 0;
  if (threadIdx.x < 32)
    asm volatile("{ .reg .pred P; elect.sync _|P, %1; selp.b32 %0, 1, 0, P; }" : "=r"(isElected) : "r"(~0u));
  if (isElected) {
    atomicAdd(elected, 1u);
    const unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(&bar));
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(b), "r"(1u) : "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                     static_cast<unsigned>(__cvta_generic_to_shared(tile))),
                 "l"(in + 256 * blockIdx.x), "r"(unsigned(sizeof tile)), "r"(b)
                 : "memory");
    unsigned long long state;
    asm volatile("mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 %0, [%1], %2;"
                 : "=l"(state)
                 : "r"(b), "r"(unsigned(sizeof tile))
                 : "memory");
  }
  __syncthreads();
  unsigned done = 0;
  while (!done) {
    asm volatile("{ .reg .pred P; mbarrier.try_wait.parity.shared::cta.b64 P, [%1], %2; selp.b32 %0, 1, 0, P; }"
                 : "=r"(done)
                 : "r"(static_cast<unsigned>(__cvta_generic_to_shared(&bar))), "r"(0u)
                 : "memory");
  }
  out[256 * blockIdx.x + threadIdx.x] = tile[255 - threadIdx.x];
}

// An mbarrier as a block barrier over two phases: every thread arrives, then waits on the state
// its arrival returned; the second phase by parity.
__global__ void mbarrierPhases(int* out) {
  __shared__ unsigned long long bar;
  __shared__ int values[128];
  if (threadIdx.x == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(unsigned(__cvta_generic_to_shared(&bar))), "r"(blockDim.x) : "memory");
  __syncthreads();
  const unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(&bar));
  values[threadIdx.x] = static_cast<int>(threadIdx.x) + 1;
  unsigned long long state;
  asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(state) : "r"(b) : "memory");
  unsigned done = 0;
  while (!done) {
    asm volatile("{ .reg .pred P; mbarrier.try_wait.shared::cta.b64 P, [%1], %2; selp.b32 %0, 1, 0, P; }"
                 : "=r"(done)
                 : "r"(b), "l"(state)
                 : "memory");
  }
  int first = values[(threadIdx.x + 1) % blockDim.x];
  asm volatile("mbarrier.arrive.shared.b64 _, [%0];" ::"r"(b) : "memory");
  done = 0;
  while (!done) {
    asm volatile("{ .reg .pred P; mbarrier.test_wait.parity.shared::cta.b64 P, [%1], %2; selp.b32 %0, 1, 0, P; }"
                 : "=r"(done)
                 : "r"(b), "r"(1u)
                 : "memory");
  }
  out[threadIdx.x] = first;
}

int main() {
  unsigned* ordered = nullptr;
  CK(cudaMallocManaged(&ordered, 16 * sizeof(unsigned)));
  for (unsigned i = 0; i < 16; ++i) ordered[i] = 10 * i;
  orderedMemory<<<1, 1>>>(ordered, ordered + 8, ordered + 9);
  CK_LAUNCH();
  check("st_release_ld_acquire", ordered[9] == 1, "%u", ordered[9]);
  check("st_ld_relaxed", ordered[10] == 77, "%u", ordered[10]);
  check("ld_relaxed_v4", ordered[11] == 0 && ordered[12] == 10 && ordered[13] == 20 && ordered[14] == 30,
        "%u %u %u %u", ordered[11], ordered[12], ordered[13], ordered[14]);
  check("ld_relaxed_u64", ordered[15] == 10, "%u", ordered[15]);
  CK(cudaFree(ordered));

  // (position, width) -> clamp, wrap
  const unsigned masks[][4] = {
      {0, 8, 0xffu, 0xffu},
      {4, 4, 0xf0u, 0xf0u},
      {28, 8, 0xf0000000u, 0xf0000000u},  // bits past 31 dropped
      {0, 32, 0xffffffffu, 0u},           // wrap: width 0
      {32, 4, 0u, 0xfu},                  // clamp: empty from 32; wrap: position 0
      {40, 3, 0u, 0x700u},                // wrap: position 8
      {3, 40, 0xfffffff8u, 0x7f8u},       // clamp: width 32; wrap: width 8
      {31, 1, 0x80000000u, 0x80000000u},
  };
  constexpr unsigned kMasks = sizeof masks / sizeof masks[0];
  unsigned *mpos, *mwidth, *mout;
  CK(cudaMallocManaged(&mpos, kMasks * sizeof(unsigned)));
  CK(cudaMallocManaged(&mwidth, kMasks * sizeof(unsigned)));
  CK(cudaMallocManaged(&mout, 2 * kMasks * sizeof(unsigned)));
  for (unsigned i = 0; i < kMasks; ++i) {
    mpos[i] = masks[i][0];
    mwidth[i] = masks[i][1];
  }
  bitMasks<<<1, kMasks>>>(mpos, mwidth, mout);
  CK_LAUNCH();
  int badClamp = 0, badWrap = 0;
  for (unsigned i = 0; i < kMasks; ++i) {
    badClamp += mout[2 * i] != masks[i][2];
    badWrap += mout[2 * i + 1] != masks[i][3];
  }
  check("bmsk_clamp", badClamp == 0, "%d cases differ", badClamp);
  check("bmsk_wrap", badWrap == 0, "%d cases differ", badWrap);
  check("prefetch_no_effect", mpos[0] == 0 && mpos[7] == 31, "%u %u", mpos[0], mpos[7]);
  for (void* p : {(void*)mpos, (void*)mwidth, (void*)mout}) CK(cudaFree(p));

  int *bulkIn, *bulkOut;
  unsigned* elected;
  CK(cudaMallocManaged(&bulkIn, 2 * 256 * sizeof(int)));
  CK(cudaMallocManaged(&bulkOut, 2 * 256 * sizeof(int)));
  CK(cudaMallocManaged(&elected, sizeof(unsigned)));
  *elected = 0;
  for (int i = 0; i < 512; ++i) bulkIn[i] = 7 * i;
  bulkCopy<<<2, 256>>>(bulkIn, bulkOut, elected);
  CK_LAUNCH();
  int badBulk = 0;
  for (int blk = 0; blk < 2; ++blk)
    for (int t = 0; t < 256; ++t) badBulk += bulkOut[256 * blk + t] != 7 * (256 * blk + 255 - t);
  check("elect_sync_one_lane_per_block", *elected == 2, "%u elected", *elected);
  check("cp_async_bulk_mbarrier_expect_tx", badBulk == 0, "%d elements differ", badBulk);
  mbarrierPhases<<<1, 128>>>(bulkOut);
  CK_LAUNCH();
  int badPhases = 0;
  for (int t = 0; t < 128; ++t) badPhases += bulkOut[t] != (t + 1) % 128 + 1;
  check("mbarrier_arrive_wait_two_phases", badPhases == 0, "%d threads differ", badPhases);
  for (void* p : {(void*)bulkIn, (void*)bulkOut, (void*)elected}) CK(cudaFree(p));

  return finish("inline_ptx_sm90");
}
