// Inline PTX in device code, as CUB and hand-written kernels write it, checked against CPU
// references written from the PTX ISA manual. Plain CUDA: nvcc builds the same program.
#include <cstdint>

#include "conformance.h"

constexpr int kWarp = 32;

__device__ unsigned laneId() {
  unsigned r;
  asm("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

__device__ unsigned lanemaskLt() {
  unsigned r;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r));
  return r;
}

// CUB's ShuffleDown with a predicate: add only when the source lane is in range.
__device__ int shflDownAdd(int input, int offset) {
  int output;
  asm volatile(
      "{"
      "  .reg .s32 r0;"
      "  .reg .pred p;"
      "  shfl.sync.down.b32 r0|p, %1, %2, %3, %4;"
      "  @p add.s32 r0, r0, %1;"
      "  mov.s32 %0, r0;"
      "}"
      : "=r"(output)
      : "r"(input), "r"(offset), "r"(0x1f), "r"(0xffffffff));
  return output;
}

// shfl.sync.idx within segments of 8 lanes: c = ((32 - 8) << 8) | 0x1f.
__device__ unsigned shflIdx8(unsigned v, unsigned src) {
  unsigned r;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(v), "r"(src), "r"((24 << 8) | 0x1f), "r"(0xffffffffu));
  return r;
}

__device__ unsigned shflUp(unsigned v, unsigned delta) {
  unsigned r;
  asm volatile("shfl.sync.up.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(v), "r"(delta), "r"(0), "r"(0xffffffffu));
  return r;
}

__device__ unsigned ballotOdd(unsigned lane) {
  unsigned r;
  asm volatile(
      "{ .reg .pred q;"
      "  setp.ne.u32 q, %1, 0;"
      "  vote.sync.ballot.b32 %0, q, 0xffffffff; }"
      : "=r"(r)
      : "r"(lane & 1));
  return r;
}

__global__ void warpOps(unsigned* out) {
  unsigned lane = laneId();
  int sum = static_cast<int>(lane);
  for (int o = 16; o > 0; o /= 2) sum = shflDownAdd(sum, o);
  out[lane] = lane;
  out[kWarp + lane] = lanemaskLt();
  out[2 * kWarp + lane] = static_cast<unsigned>(sum);
  out[3 * kWarp + lane] = shflIdx8(lane * 10, 3);
  out[4 * kWarp + lane] = shflUp(lane * 10, 5);
  out[5 * kWarp + lane] = ballotOdd(lane);
}

// Bit manipulation, arithmetic and memory instructions of one thread.
__global__ void scalarOps(const unsigned* in, unsigned long long* out) {
  unsigned x = in[0], y = in[1];
  unsigned r32;
  int s32;
  unsigned long long r64;
  asm("bfe.u32 %0, %1, 4, 8;" : "=r"(r32) : "r"(x));
  out[0] = r32;
  asm("bfe.s32 %0, %1, 28, 4;" : "=r"(s32) : "r"(x));
  out[1] = static_cast<unsigned long long>(static_cast<long long>(s32));
  asm("bfi.b32 %0, %1, %2, 8, 8;" : "=r"(r32) : "r"(y), "r"(x));
  out[2] = r32;
  asm("brev.b32 %0, %1;" : "=r"(r32) : "r"(x));
  out[3] = r32;
  asm("popc.b32 %0, %1;" : "=r"(r32) : "r"(x));
  out[4] = r32;
  asm("clz.b32 %0, %1;" : "=r"(r32) : "r"(y));
  out[5] = r32;
  asm("prmt.b32 %0, %1, %2, 0x3210;" : "=r"(r32) : "r"(x), "r"(y));
  out[6] = r32;
  asm("prmt.b32 %0, %1, %2, 0x7654;" : "=r"(r32) : "r"(x), "r"(y));
  out[7] = r32;
  asm("prmt.b32 %0, %1, %2, 0x0189;" : "=r"(r32) : "r"(x), "r"(y));
  out[8] = r32;
  asm("mov.b64 %0, {%1, %2};" : "=l"(r64) : "r"(x), "r"(y));
  out[9] = r64;
  unsigned lo, hi;
  asm("mov.b64 {%0, %1}, %2;" : "=r"(lo), "=r"(hi) : "l"(0x1122334455667788ull));
  out[10] = (static_cast<unsigned long long>(lo) << 32) | hi;
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(r64) : "r"(x), "r"(y));
  out[11] = r64;
  asm("mad.lo.s32 %0, %1, %2, %3;" : "=r"(s32) : "r"(-7), "r"(6), "r"(100));
  out[12] = static_cast<unsigned long long>(static_cast<long long>(s32));
  asm("{ .reg .pred p; setp.lt.s32 p, %1, %2; selp.u32 %0, 11, 22, p; }" : "=r"(r32) : "r"(-1), "r"(1));
  out[13] = r32;
  asm("shr.s32 %0, %1, 40;" : "=r"(s32) : "r"(-8));
  out[14] = static_cast<unsigned long long>(static_cast<long long>(s32));
  asm volatile("ld.global.nc.u32 %0, [%1+4];" : "=r"(r32) : "l"(in));
  out[15] = r32;
  asm volatile("st.global.u64 [%0+128], %1;" ::"l"(out), "l"(0xabcdef0123456789ull) : "memory");
  asm volatile("membar.gl;" ::: "memory");
  asm volatile("ld.volatile.global.u64 %0, [%1];" : "=l"(r64) : "l"(out + 16));
  out[17] = r64 + 1;
}

// The block barrier as bar.sync 0, between a shared store and another thread's load.
__global__ void barrier(int* out) {
  __shared__ int s[64];
  s[threadIdx.x] = static_cast<int>(threadIdx.x) * 3;
  asm volatile("bar.sync 0;" ::: "memory");
  out[threadIdx.x] = s[63 - threadIdx.x];
}

// Vector loads and stores (CUB's ThreadLoad/ThreadStore): four words in, two doublewords out.
__global__ void vectorMemory(const unsigned* in, unsigned long long* out) {
  unsigned a, b, c, d;
  asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "l"(in));
  unsigned long long lo = (static_cast<unsigned long long>(b) << 32) | a;
  unsigned long long hi = (static_cast<unsigned long long>(d) << 32) | c;
  asm volatile("st.global.v2.u64 [%0], {%1, %2};" ::"l"(out), "l"(hi), "l"(lo) : "memory");
  // CUB's one-byte load: into a byte register, widened with cvt.
  unsigned short byte;
  asm volatile("{ .reg .u8 b; ld.global.nc.u8 b, [%1+2]; cvt.u16.u8 %0, b; }" : "=h"(byte) : "l"(in));
  out[2] = byte;
}

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

// exit ends the thread where it stands (CUB's ThreadExit): odd threads never store.
__global__ void exitOdd(int* out) {
  if (threadIdx.x & 1) asm volatile("exit;");
  out[threadIdx.x] = static_cast<int>(threadIdx.x);
}

static unsigned refBfeU(unsigned x, unsigned pos, unsigned len) { return (x >> pos) & ((1u << len) - 1); }
static unsigned refBrev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
static unsigned refPrmt(unsigned a, unsigned b, unsigned c) {
  unsigned long long bytes = (static_cast<unsigned long long>(b) << 32) | a;
  unsigned r = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned sel = (c >> (4 * i)) & 0xf, byte = (bytes >> (8 * (sel & 7))) & 0xff;
    if (sel & 8) byte = (byte & 0x80) ? 0xff : 0;
    r |= byte << (8 * i);
  }
  return r;
}

int main() {
  unsigned* w = nullptr;
  CK(cudaMallocManaged(&w, 6 * kWarp * sizeof(unsigned)));
  warpOps<<<1, kWarp>>>(w);
  CK_LAUNCH();
  int bad[6] = {0, 0, 0, 0, 0, 0};
  for (unsigned l = 0; l < kWarp; ++l) {
    bad[0] += w[l] != l;
    bad[1] += w[kWarp + l] != (1u << l) - 1;
    bad[3] += w[3 * kWarp + l] != ((l & ~7u) + 3) * 10;
    bad[4] += w[4 * kWarp + l] != (l >= 5 ? l - 5 : l) * 10;
    bad[5] += w[5 * kWarp + l] != 0xaaaaaaaau;
  }
  bad[2] = w[2 * kWarp] != 496;  // lane 0: the sum of lanes 0..31
  check("mov_laneid", bad[0] == 0, "%d lanes differ", bad[0]);
  check("mov_lanemask_lt", bad[1] == 0, "%d lanes differ", bad[1]);
  check("shfl_down_with_predicate_sum", bad[2] == 0, "lane 0 has %u", w[2 * kWarp]);
  check("shfl_idx_segments_of_8", bad[3] == 0, "%d lanes differ", bad[3]);
  check("shfl_up_out_of_range_keeps_own", bad[4] == 0, "%d lanes differ", bad[4]);
  check("vote_ballot", bad[5] == 0, "%d lanes differ", bad[5]);

  unsigned* in = nullptr;
  unsigned long long* s = nullptr;
  CK(cudaMallocManaged(&in, 2 * sizeof(unsigned)));
  CK(cudaMallocManaged(&s, 32 * sizeof(unsigned long long)));
  const unsigned x = 0xf2345678u, y = 0x000abcdeu;
  in[0] = x;
  in[1] = y;
  s[16] = 41;
  scalarOps<<<1, 1>>>(in, s);
  CK_LAUNCH();
  check("bfe_u32", s[0] == refBfeU(x, 4, 8), "%llx", s[0]);
  check("bfe_s32_sign_extends", s[1] == 0xffffffffffffffffull, "%llx", s[1]);
  check("bfi_b32", s[2] == ((x & ~0xff00u) | ((y & 0xff) << 8)), "%llx", s[2]);
  check("brev_b32", s[3] == refBrev(x), "%llx", s[3]);
  check("popc_b32", s[4] == static_cast<unsigned>(__builtin_popcount(x)), "%llu", s[4]);
  check("clz_b32", s[5] == static_cast<unsigned>(__builtin_clz(y)), "%llu", s[5]);
  check("prmt_identity", s[6] == x && s[6] == refPrmt(x, y, 0x3210), "%llx", s[6]);
  check("prmt_second_word", s[7] == y, "%llx", s[7]);
  check("prmt_sign_replicate", s[8] == refPrmt(x, y, 0x0189), "%llx vs %x", s[8], refPrmt(x, y, 0x0189));
  check("mov_b64_pack", s[9] == ((static_cast<unsigned long long>(y) << 32) | x), "%llx", s[9]);
  check("mov_b64_unpack", s[10] == 0x5566778811223344ull, "%llx", s[10]);
  check("mul_wide_u32", s[11] == static_cast<unsigned long long>(x) * y, "%llx", s[11]);
  check("mad_lo_s32", static_cast<long long>(s[12]) == 58, "%lld", static_cast<long long>(s[12]));
  check("setp_selp", s[13] == 11, "%llu", s[13]);
  check("shr_s32_past_width", static_cast<long long>(s[14]) == -1, "%lld", static_cast<long long>(s[14]));
  check("ld_global_nc_offset", s[15] == y, "%llx", s[15]);
  check("st_global_u64_offset", s[16] == 0xabcdef0123456789ull, "%llx", s[16]);
  check("ld_volatile_after_membar", s[17] == 0xabcdef012345678aull, "%llx", s[17]);

  int* b = nullptr;
  CK(cudaMallocManaged(&b, 64 * sizeof(int)));
  barrier<<<1, 64>>>(b);
  CK_LAUNCH();
  int badB = 0;
  for (int t = 0; t < 64; ++t) badB += b[t] != (63 - t) * 3;
  check("bar_sync_0", badB == 0, "%d threads differ", badB);

  unsigned* words = nullptr;
  unsigned long long* pairs = nullptr;
  CK(cudaMalloc(&words, 4 * sizeof(unsigned)));
  CK(cudaMallocManaged(&pairs, 3 * sizeof(unsigned long long)));
  const unsigned hostWords[4] = {0x11111111u, 0x22222222u, 0x33333333u, 0x44444444u};
  CK(cudaMemcpy(words, hostWords, sizeof hostWords, cudaMemcpyHostToDevice));
  vectorMemory<<<1, 1>>>(words, pairs);
  CK_LAUNCH();
  check("ld_v4_st_v2", pairs[0] == 0x4444444433333333ull && pairs[1] == 0x2222222211111111ull, "%llx %llx", pairs[0],
        pairs[1]);
  check("ld_u8_cvt_u16_u8", pairs[2] == 0x11, "%llx", pairs[2]);

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

  int* e = nullptr;
  CK(cudaMallocManaged(&e, 64 * sizeof(int)));
  for (int t = 0; t < 64; ++t) e[t] = -1;
  exitOdd<<<1, 64>>>(e);
  CK_LAUNCH();
  int badE = 0;
  for (int t = 0; t < 64; ++t) badE += e[t] != ((t & 1) ? -1 : t);
  check("exit_odd_threads", badE == 0, "%d threads differ", badE);

  for (void* p : {(void*)w, (void*)in, (void*)s, (void*)b, (void*)words, (void*)pairs, (void*)ordered, (void*)e}) CK(cudaFree(p));
  return finish("inline_ptx");
}
