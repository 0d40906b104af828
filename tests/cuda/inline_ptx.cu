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

  int* e = nullptr;
  CK(cudaMallocManaged(&e, 64 * sizeof(int)));
  for (int t = 0; t < 64; ++t) e[t] = -1;
  exitOdd<<<1, 64>>>(e);
  CK_LAUNCH();
  int badE = 0;
  for (int t = 0; t < 64; ++t) badE += e[t] != ((t & 1) ? -1 : t);
  check("exit_odd_threads", badE == 0, "%d threads differ", badE);

  for (void* p : {(void*)w, (void*)in, (void*)s, (void*)b, (void*)words, (void*)pairs, (void*)e}) CK(cudaFree(p));
  return finish("inline_ptx");
}
