// style_inline_ptx: small inline-PTX helpers of the kind found in hand-tuned libraries
// (lane id, butterfly shuffle, bit-field extract, byte permute, non-coherent loads, ballot,
// bit reverse, population count, predicated select, carry chains, lop3, mul.hi), each
// compared with the CUDA intrinsic and/or a CPU computation.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                                   \
  do {                                                                                  \
    cudaError_t e = (x);                                                                \
    if (e != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e));     \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

__device__ __forceinline__ unsigned lane_id() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ __forceinline__ unsigned lanemask_lt() {
  unsigned m;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
  return m;
}

__device__ __forceinline__ unsigned shfl_xor_ptx(unsigned v, int lane_mask) {
  unsigned r;
  asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r) : "r"(v), "r"(lane_mask));
  return r;
}

__device__ __forceinline__ unsigned bfe_u32(unsigned x, unsigned pos, unsigned len) {
  unsigned r;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(pos), "r"(len));
  return r;
}

__device__ __forceinline__ unsigned prmt(unsigned a, unsigned b, unsigned sel) {
  unsigned r;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(sel));
  return r;
}

__device__ __forceinline__ unsigned ld_nc(const unsigned* p) {
  unsigned r;
  asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(r) : "l"(p));
  return r;
}

__device__ __forceinline__ unsigned ballot_ptx(int pred) {
  unsigned r;
  asm volatile(
      "{\n\t"
      ".reg .pred p;\n\t"
      "setp.ne.s32 p, %1, 0;\n\t"
      "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t"
      "}"
      : "=r"(r)
      : "r"(pred));
  return r;
}

__device__ __forceinline__ unsigned brev_ptx(unsigned x) {
  unsigned r;
  asm("brev.b32 %0, %1;" : "=r"(r) : "r"(x));
  return r;
}

__device__ __forceinline__ unsigned popc_ptx(unsigned x) {
  unsigned r;
  asm("popc.b32 %0, %1;" : "=r"(r) : "r"(x));
  return r;
}

// Signed min through a predicate register and selp.
__device__ __forceinline__ int min_selp(int a, int b) {
  int r;
  asm("{\n\t"
      ".reg .pred p;\n\t"
      "setp.lt.s32 p, %1, %2;\n\t"
      "selp.s32 %0, %1, %2, p;\n\t"
      "}"
      : "=r"(r)
      : "r"(a), "r"(b));
  return r;
}

// 64-bit add from two 32-bit halves with a carry chain.
__device__ __forceinline__ void add64_cc(unsigned alo, unsigned ahi, unsigned blo, unsigned bhi,
                                         unsigned& lo, unsigned& hi) {
  asm("add.cc.u32 %0, %2, %4;\n\t"
      "addc.u32 %1, %3, %5;"
      : "=r"(lo), "=r"(hi)
      : "r"(alo), "r"(ahi), "r"(blo), "r"(bhi));
}

__device__ __forceinline__ unsigned xor3(unsigned a, unsigned b, unsigned c) {
  unsigned r;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

__device__ __forceinline__ unsigned mulhi_ptx(unsigned a, unsigned b) {
  unsigned r;
  asm("mul.hi.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

enum Slot {
  kLane, kLaneRef, kLtMask, kShfl, kShflRef, kBfe, kPrmt, kBytePerm, kBytePermRef, kLdNc,
  kLdg, kBallot, kBallotRef, kBrev, kBrevRef, kPopc, kPopcRef, kMin, kAddLo, kAddHi, kXor3,
  kMulHi, kMulHiRef, kSlots
};

__global__ void ptx_kernel(const unsigned* in, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;  // n is a multiple of 32: whole warps stay converged
  unsigned* o = out + static_cast<size_t>(i) * kSlots;
  unsigned x = in[i];
  unsigned y = in[(i * 7 + 3) % n];

  o[kLane] = lane_id();
  o[kLaneRef] = threadIdx.x % 32;
  o[kLtMask] = lanemask_lt();
  int mask = 1 << (i / 32 % 5);
  o[kShfl] = shfl_xor_ptx(x, mask);
  o[kShflRef] = __shfl_xor_sync(0xffffffffu, x, mask);
  unsigned pos = y & 31, len = (y >> 5) % 33;
  o[kBfe] = bfe_u32(x, pos, len);
  unsigned sel = y & 0xffff;  // four nibbles, some with the sign-replicate bit set
  o[kPrmt] = prmt(x, y, sel);
  o[kBytePerm] = __byte_perm(x, y, sel & 0x7777);
  o[kBytePermRef] = prmt(x, y, sel & 0x7777);
  o[kLdNc] = ld_nc(in + (n - 1 - i));
  o[kLdg] = __ldg(in + (n - 1 - i));
  int pred = (x % 3) == 0;
  o[kBallot] = ballot_ptx(pred);
  o[kBallotRef] = __ballot_sync(0xffffffffu, pred);
  o[kBrev] = brev_ptx(x);
  o[kBrevRef] = __brev(x);
  o[kPopc] = popc_ptx(x);
  o[kPopcRef] = __popc(x);
  o[kMin] = static_cast<unsigned>(min_selp(static_cast<int>(x), static_cast<int>(y)));
  unsigned lo, hi;
  add64_cc(x, y, y, x, lo, hi);
  o[kAddLo] = lo;
  o[kAddHi] = hi;
  o[kXor3] = xor3(x, y, x * 31u);
  o[kMulHi] = mulhi_ptx(x, y);
  o[kMulHiRef] = __umulhi(x, y);
}

// CPU models.
static unsigned cpu_bfe(unsigned x, unsigned pos, unsigned len) {
  pos &= 0xff;
  len &= 0xff;
  if (len == 0 || pos >= 32) return 0;
  unsigned v = x >> pos;
  return len >= 32 ? v : (v & ((1u << len) - 1u));
}

static unsigned cpu_prmt(unsigned a, unsigned b, unsigned sel) {
  unsigned long long bytes = (static_cast<unsigned long long>(b) << 32) | a;
  unsigned r = 0;
  for (int k = 0; k < 4; ++k) {
    unsigned s = (sel >> (4 * k)) & 0xf;
    unsigned byte = static_cast<unsigned>((bytes >> (8 * (s & 7))) & 0xff);
    if (s & 8) byte = (byte & 0x80) ? 0xff : 0x00;
    r |= byte << (8 * k);
  }
  return r;
}

static unsigned cpu_brev(unsigned x) {
  unsigned r = 0;
  for (int b = 0; b < 32; ++b) if (x & (1u << b)) r |= 1u << (31 - b);
  return r;
}

static unsigned cpu_popc(unsigned x) {
  unsigned c = 0;
  for (; x; x &= x - 1) ++c;
  return c;
}

static int failures = 0;
static void check(const char* what, int bad, unsigned got = 0, unsigned want = 0) {
  if (bad < 0) std::printf("style_inline_ptx: %s PASS\n", what);
  else {
    std::printf("style_inline_ptx: %s FAIL thread %d got 0x%08x want 0x%08x\n", what, bad, got, want);
    ++failures;
  }
}

int main() {
  const int n = 2048;
  std::vector<unsigned> h(n);
  uint32_t s = 0x12345678u;
  for (int i = 0; i < n; ++i) {
    s = s * 1664525u + 1013904223u;
    h[i] = s ^ (s >> 13);
  }
  h[0] = 0; h[1] = 0xffffffffu; h[2] = 0x80000000u; h[3] = 1;

  unsigned *d_in, *d_out;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&d_out, static_cast<size_t>(n) * kSlots * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
  ptx_kernel<<<n / 128, 128>>>(d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> o(static_cast<size_t>(n) * kSlots);
  CUDA_CHECK(cudaMemcpy(o.data(), d_out, o.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));

  auto at = [&](int i, int slot) { return o[static_cast<size_t>(i) * kSlots + slot]; };
  // Expected ballot per warp.
  std::vector<unsigned> ballot(n / 32, 0);
  for (int i = 0; i < n; ++i) if (h[i] % 3 == 0) ballot[i / 32] |= 1u << (i % 32);

  int bad[kSlots];
  unsigned got[kSlots] = {}, want[kSlots] = {};
  for (int k = 0; k < kSlots; ++k) bad[k] = -1;
  auto expect = [&](int slot, int i, unsigned w) {
    if (bad[slot] < 0 && at(i, slot) != w) { bad[slot] = i; got[slot] = at(i, slot); want[slot] = w; }
  };
  for (int i = 0; i < n; ++i) {
    unsigned x = h[i], y = h[(i * 7 + 3) % n];
    int lane = i % 32;
    expect(kLane, i, at(i, kLaneRef));
    expect(kLaneRef, i, lane);
    expect(kLtMask, i, (1u << lane) - 1u);
    int partner = (i & ~31) | (lane ^ (1 << (i / 32 % 5)));
    expect(kShfl, i, h[partner]);
    expect(kShflRef, i, h[partner]);
    expect(kBfe, i, cpu_bfe(x, y & 31, (y >> 5) % 33));
    expect(kPrmt, i, cpu_prmt(x, y, y & 0xffff));
    expect(kBytePerm, i, cpu_prmt(x, y, y & 0x7777));
    expect(kBytePermRef, i, cpu_prmt(x, y, y & 0x7777));
    expect(kLdNc, i, h[n - 1 - i]);
    expect(kLdg, i, h[n - 1 - i]);
    expect(kBallot, i, ballot[i / 32]);
    expect(kBallotRef, i, ballot[i / 32]);
    expect(kBrev, i, cpu_brev(x));
    expect(kBrevRef, i, cpu_brev(x));
    expect(kPopc, i, cpu_popc(x));
    expect(kPopcRef, i, cpu_popc(x));
    expect(kMin, i, static_cast<unsigned>(static_cast<int>(x) < static_cast<int>(y) ? x : y));
    unsigned long long sum = ((static_cast<unsigned long long>(y) << 32) | x) +
                             ((static_cast<unsigned long long>(x) << 32) | y);
    expect(kAddLo, i, static_cast<unsigned>(sum));
    expect(kAddHi, i, static_cast<unsigned>(sum >> 32));
    expect(kXor3, i, x ^ y ^ (x * 31u));
    unsigned mh = static_cast<unsigned>((static_cast<unsigned long long>(x) * y) >> 32);
    expect(kMulHi, i, mh);
    expect(kMulHiRef, i, mh);
  }
  struct { int slot; const char* name; } names[] = {
      {kLane, "mov %laneid == threadIdx.x mod 32"}, {kLaneRef, "threadIdx.x mod 32"},
      {kLtMask, "mov %lanemask_lt"}, {kShfl, "shfl.sync.bfly.b32"},
      {kShflRef, "__shfl_xor_sync"}, {kBfe, "bfe.u32"}, {kPrmt, "prmt.b32 (sign replicate)"},
      {kBytePerm, "__byte_perm"}, {kBytePermRef, "prmt.b32 == __byte_perm model"},
      {kLdNc, "ld.global.nc.u32"}, {kLdg, "__ldg"}, {kBallot, "vote.sync.ballot.b32"},
      {kBallotRef, "__ballot_sync"}, {kBrev, "brev.b32"}, {kBrevRef, "__brev"},
      {kPopc, "popc.b32"}, {kPopcRef, "__popc"}, {kMin, "setp.lt.s32 + selp.s32 block"},
      {kAddLo, "add.cc.u32 low word"}, {kAddHi, "addc.u32 high word (carry)"},
      {kXor3, "lop3.b32 0x96"}, {kMulHi, "mul.hi.u32"}, {kMulHiRef, "__umulhi"}};
  for (const auto& nm : names) check(nm.name, bad[nm.slot], got[nm.slot], want[nm.slot]);

  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  std::printf("style_inline_ptx: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
