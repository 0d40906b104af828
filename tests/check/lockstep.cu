// Lockstep warps and counters (Loom only: the counters are read through loom/report.h). Expected
// values are the device's as ../shared/HARDWARE_NOTES.md states them (stride patterns, the seed
// transpose), counted by hand from 32-byte sectors (global), or CUDA's semantics (Volta's
// independent thread scheduling lets an intra-warp spin lock complete; a volatile warp-synchronous
// reduction tail computes the sum on the device).
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../cuda/conformance.h"
#include "loom/report.h"

namespace m = loom::metric;

// ---- shared-memory strides: one warp, 32-bit loads of sh[lane * stride] ----
__global__ void strided(float* out, int stride, unsigned activeLanes) {
  __shared__ float sh[32 * 33];
  unsigned t = threadIdx.x;
  for (unsigned i = t; i < 32 * 33; i += 32) sh[i] = float(i);
  __syncthreads();
  if (t < activeLanes) out[t] = sh[t * stride];
}

// ---- a 16-byte struct of 8-byte alignment at an 8-but-not-16-byte boundary ----
// The device moves it with two LDG.64/STG.64 (CUDA's alignment rules; tests/cuda/alignment.cu);
// g++ copies it with one 16-byte access, which Loom must count as two.
struct Pair8 {
  long long key;
  int value;
};
struct Record8 {  // 32 bytes, Pair8 at offset 8: every element's pair is 8 but not 16 bytes aligned
  long long id;
  Pair8 pair;
  long long pad;
};
__global__ void copyPairAt8(const Record8* in, Record8* out) { out[threadIdx.x].pair = in[threadIdx.x].pair; }

// ---- 16-bit atomicCAS on shared memory: nvcc's loop (LDS of the word, ATOMS.CAS until the other
// half stops changing; validate/HARDWARE_NOTES.md). Lanes 4k..4k+3 race for halfword k; halfwords
// 2j and 2j+1 share word j.
__global__ void casHalves(unsigned* out) {
  __shared__ __align__(4) unsigned short h[8];
  unsigned t = threadIdx.x;
  if (t < 8) h[t] = 0;
  __syncwarp();
  out[t] = atomicCAS(&h[t / 4], (unsigned short)0, (unsigned short)(t + 1));
  __syncwarp();
  if (t < 8) out[32 + t] = h[t];
}

// ---- dynamic shared memory declared at namespace scope, a __constant__ index table ----
extern __shared__ float nsDynamic[];
__constant__ unsigned cStride;
__global__ void namespaceShared(float* out) {
  unsigned t = threadIdx.x;
  nsDynamic[t] = float(t);  // 2 stores, conflict-free
  nsDynamic[t + 32] = float(t + 32);
  __syncwarp();
  out[t] = nsDynamic[(t * cStride) % 64];  // 1 load; cStride is a constant-bank read on the device
}

// ---- the seed's transpose tile (kernels/transpose/transpose_shared.cu), one 32x32 block ----
__global__ void transposeTile(const float* A, float* B, int N) {
  __shared__ float S[32][32];
  S[threadIdx.y][threadIdx.x] = A[threadIdx.y * N + threadIdx.x];
  __syncthreads();
  B[threadIdx.y * N + threadIdx.x] = S[threadIdx.x][threadIdx.y];
}
__global__ void transposeTilePadded(const float* A, float* B, int N) {
  __shared__ float S[32][33];
  S[threadIdx.y][threadIdx.x] = A[threadIdx.y * N + threadIdx.x];
  __syncthreads();
  B[threadIdx.y * N + threadIdx.x] = S[threadIdx.x][threadIdx.y];
}

// ---- global coalescing: 4-byte loads, lane i reads x[base + i * stride] ----
__global__ void gather(const float* x, float* y, int stride) {
  unsigned t = threadIdx.x + blockIdx.x * blockDim.x;
  y[t] = x[t * stride];
}

// ---- shared atomics: all lanes on one word, or each on its own ----
// The addend is a parameter: nvcc makes `atomicAdd(p, 1u);` ATOMS.POPC.INC, whose lanes on one
// word merge (tests/cuda/discarded_atomics.cu); with an addend it cannot see it is ATOMS.ADD.
__global__ void sharedAtomics(unsigned* out, int sameWord, unsigned addend) {
  __shared__ unsigned counters[32];
  unsigned t = threadIdx.x;
  counters[t] = 0;
  __syncwarp();
  atomicAdd(&counters[sameWord ? 0 : t], addend);
  __syncwarp();
  out[t] = counters[t];
}

// ---- reconvergence past the nesting levels lockstep counts (Lane::kRegionLevels = 16) ----
// Each lane loads through 40 nested regions (recursion), then takes a divergent branch: the
// warp must still meet after each branch, one load request per iteration for each line.
__device__ int nested(const int* a, int depth, int i) {
  if (depth == 0) return a[i];
  return nested(a, depth - 1, i);
}
__global__ void deepRegions(const int* a, int* out) {
  int l = threadIdx.x, s = 0;
  for (int k = 0; k < 8; ++k) {
    int v = nested(a, 40, k * 32 + l);
    if (v & 1) continue;
    s += a[(k * 32 + l + 7) % 256];
  }
  out[l] = s;
}

// ---- an intra-warp wait on a flag: lanes 1..31 spin until lane 0, in the other branch, sets it
// after a loop of its own. Lane 0 is then past a loop as deep as the spinners' and they are
// always behind it; only the spin rule (one address loaded at one site again and again) lets
// lane 0 run. ----
__global__ void flagWait(volatile int* flag, int* out) {
  int l = threadIdx.x;
  if (l == 0) {
    for (int k = 32; k < 36; ++k) out[k] = k;
    out[0] = 42;
    __threadfence_block();
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
    out[l] = out[0] + l;
  }
}

// ---- Loom's markers must not make g++ load a value again: s[t], read after the __syncwarp,
// before and after an `if` (a region), and by a condition and the discarded atomicAdd it guards
// (the histogram of tests.cuda.divergent_kernels: one LDS on the H100), is one shared load. ----
__global__ void noReloads(int* out, int* bins, int c) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = t + 1;
  __syncwarp();
  int v = s[t];
  if (c > t) out[t + 32] = 1;
  out[t] = v + s[t];
  if (s[t] != 0) atomicAdd(&bins[t], s[t]);
}

// ---- an intra-warp spin lock: every lane of the warp takes the same lock ----
__global__ void spinLock(int* lock, int* counter) {
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  volatile int* c = counter;
  *c = *c + 1;  // not atomic: only correct under mutual exclusion
  __threadfence();
  atomicExch(lock, 0);
}

// ---- the same lock in shared memory, taken by every lane of every warp of the block ----
__global__ void sharedSpinLock(int* result) {
  __shared__ int lock, count;
  if (threadIdx.x == 0) lock = count = 0;
  __syncthreads();
  while (atomicCAS(&lock, 0, 1) != 0) {
  }
  volatile int* c = &count;
  *c = *c + 1;
  __threadfence_block();
  atomicExch(&lock, 0);
  __syncthreads();
  if (threadIdx.x == 0) *result = count;
}

// ---- divergence: the two halves of a warp store at different sites, two requests ----
__global__ void divergentHalves(float* out) {
  __shared__ float s[16 * 32];
  unsigned t = threadIdx.x;
  if (t < 16)
    s[t * 2] = 1.0f;  // 16 lanes, stride 2 words: 16 banks, 1 wavefront
  else
    s[(t - 16) * 32] = 2.0f;  // 16 lanes, stride 32 words: 16 words in bank 0, 16 wavefronts
  __syncwarp();
  out[t] = s[t];
}

// ---- a legacy reduction tail: warp-synchronous, volatile, no __syncwarp ----
__global__ void legacyReduce(const int* in, int* out) {
  extern __shared__ int sdata[];
  unsigned t = threadIdx.x;
  sdata[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (t < s) sdata[t] += sdata[t + s];
    __syncthreads();
  }
  if (t < 32) {
    volatile int* v = sdata;
    v[t] = v[t] + v[t + 32];
    v[t] = v[t] + v[t + 16];
    v[t] = v[t] + v[t + 8];
    v[t] = v[t] + v[t + 4];
    v[t] = v[t] + v[t + 2];
    v[t] = v[t] + v[t + 1];
  }
  if (t == 0) out[blockIdx.x] = sdata[0];
}

// ---- __activemask in a divergent branch: the lanes that took it ----
__global__ void activeMaskOfBranch(unsigned* out) {
  unsigned t = threadIdx.x;
  unsigned mask = 0;
  if (t % 3 == 0) mask = __activemask();
  out[t] = mask;
}

// The volatile tail computes the device's sum (blocks of 256; values up to 1000).
static void legacyReductionCheck() {
  const int blocks = 64, block = 256;
  std::vector<int> hin(blocks * block);
  for (size_t i = 0; i < hin.size(); ++i) hin[i] = int((i * 7919) % 1000);
  int *din, *dsum;
  CK(cudaMalloc(&din, hin.size() * sizeof(int)));
  CK(cudaMalloc(&dsum, blocks * sizeof(int)));
  CK(cudaMemcpy(din, hin.data(), hin.size() * sizeof(int), cudaMemcpyHostToDevice));
  legacyReduce<<<blocks, block, block * sizeof(int)>>>(din, dsum);
  CK_LAUNCH();
  std::vector<int> hsum(blocks);
  CK(cudaMemcpy(hsum.data(), dsum, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) {
    int want = 0;
    for (int i = 0; i < block; ++i) want += hin[b * block + i];
    wrong += hsum[b] != want;
  }
  check("legacy_volatile_reduction", wrong == 0, "%d of %d block sums wrong", wrong, blocks);
}

static loom::LaunchReport last() {
  std::vector<loom::LaunchReport> r = loom::launchReports();
  return r.empty() ? loom::LaunchReport{} : r.back();
}

int main(int argc, char** argv) {
  // `legacy`: only the volatile reduction, with lockstep turned on by the environment
  // (LOOM_LOCKSTEP=1) instead of the API.
  if (argc > 1 && std::strcmp(argv[1], "legacy") == 0) {
    legacyReductionCheck();
    return finish("lockstep legacy");
  }
  loom::setCountersEnabled(true);
  float *out, *A, *B;
  CK(cudaMalloc(&out, 32 * 33 * sizeof(float)));
  CK(cudaMalloc(&A, 32 * 32 * sizeof(float)));
  CK(cudaMalloc(&B, 32 * 32 * sizeof(float)));

  // HARDWARE_NOTES.md: stride 1/2/32/33 -> 1/2/32/1 wavefronts; 16 active lanes at 32 -> 16.
  struct Stride { int stride; unsigned lanes; unsigned long long wavefronts; };
  for (Stride s : {Stride{1, 32, 1}, Stride{2, 32, 2}, Stride{32, 32, 32}, Stride{33, 32, 1},
                   Stride{32, 16, 16}}) {
    strided<<<1, 32>>>(out, s.stride, s.lanes);
    CK_LAUNCH();
    loom::LaunchReport r = last();
    char name[64];
    std::snprintf(name, sizeof name, "shared_stride_%d_lanes_%u", s.stride, s.lanes);
    // The loads: one instruction; the stores of the fill loop: 33 conflict-free instructions.
    check(name,
          r.metric(m::sharedLoadWavefronts) == s.wavefronts &&
              r.metric(m::sharedLoadBankConflicts) == s.wavefronts - 1 &&
              r.metric(m::sharedLoadInstructions) == 1 && r.metric(m::sharedStoreWavefronts) == 33 &&
              r.metric(m::sharedStoreBankConflicts) == 0,
          "ld wavefronts %llu conflicts %llu inst %llu, st wavefronts %llu conflicts %llu",
          (unsigned long long)r.metric(m::sharedLoadWavefronts),
          (unsigned long long)r.metric(m::sharedLoadBankConflicts),
          (unsigned long long)r.metric(m::sharedLoadInstructions),
          (unsigned long long)r.metric(m::sharedStoreWavefronts),
          (unsigned long long)r.metric(m::sharedStoreBankConflicts));
  }

  // HARDWARE_NOTES.md: the 32x32 tile, one block: 992 load conflicts unpadded, 0 padded; stores 0.
  for (int padded = 0; padded < 2; ++padded) {
    if (padded)
      transposeTilePadded<<<1, dim3(32, 32)>>>(A, B, 32);
    else
      transposeTile<<<1, dim3(32, 32)>>>(A, B, 32);
    CK_LAUNCH();
    loom::LaunchReport r = last();
    unsigned long long want = padded ? 0 : 992;
    // The conflicts sit on one source line, the tile read.
    unsigned long long worstLine = 0;
    for (const loom::LineReport& l : r.lines)
      if (l.metric(m::sharedLoadBankConflicts) > worstLine) worstLine = l.metric(m::sharedLoadBankConflicts);
    check(padded ? "transpose_tile_padded" : "transpose_tile_unpadded",
          r.metric(m::sharedLoadBankConflicts) == want && worstLine == want &&
              r.metric(m::sharedStoreBankConflicts) == 0 &&
              r.metric(m::sharedLoadInstructions) == 32 && r.metric(m::sharedStoreInstructions) == 32,
          "ld conflicts %llu (worst line %llu), st conflicts %llu, inst ld %llu st %llu",
          (unsigned long long)r.metric(m::sharedLoadBankConflicts), worstLine,
          (unsigned long long)r.metric(m::sharedStoreBankConflicts),
          (unsigned long long)r.metric(m::sharedLoadInstructions),
          (unsigned long long)r.metric(m::sharedStoreInstructions));
  }

  // Neither the thread-local pointer behind a namespace-scope extern __shared__ nor a __constant__
  // read is a shared or global access: exactly the kernel's two stores, one load and one global
  // store are counted. Stride 32 over 64 floats: words 0 and 32, both bank 0: 2 wavefronts.
  {
    unsigned stride = 32;
    CK(cudaMemcpyToSymbol(cStride, &stride, sizeof stride));
    namespaceShared<<<1, 32, 64 * sizeof(float)>>>(out);
    CK_LAUNCH();
    loom::LaunchReport r = last();
    float h[32];
    CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    check("namespace_extern_shared_and_constant",
          h[1] == 32.0f && h[2] == 0.0f && r.metric(m::sharedStoreInstructions) == 2 &&
              r.metric(m::sharedLoadInstructions) == 1 && r.metric(m::sharedLoadWavefronts) == 2 &&
              r.metric(m::globalLoadRequests) == 0 && r.metric(m::globalStoreRequests) == 1,
          "out[1] %g, st inst %llu, ld inst %llu wavefronts %llu, global ld %llu st %llu", h[1],
          (unsigned long long)r.metric(m::sharedStoreInstructions),
          (unsigned long long)r.metric(m::sharedLoadInstructions),
          (unsigned long long)r.metric(m::sharedLoadWavefronts),
          (unsigned long long)r.metric(m::globalLoadRequests),
          (unsigned long long)r.metric(m::globalStoreRequests));
  }

  // Global: 4 warps; cudaMalloc is 256-byte aligned, sectors are 32 bytes. A warp's 32 floats
  // at stride 1 are 4 sectors; stride 2: 8; stride 8 or more: 32 (one per lane). The store of
  // y[t] is 4 sectors per warp in every case.
  float* big;
  CK(cudaMalloc(&big, 128 * 64 * sizeof(float)));
  for (int stride : {1, 2, 8, 64}) {
    gather<<<2, 64>>>(big, out, stride);
    CK_LAUNCH();
    loom::LaunchReport r = last();
    unsigned long long perWarp = stride == 1 ? 4 : stride == 2 ? 8 : 32;
    char name[64];
    std::snprintf(name, sizeof name, "global_stride_%d", stride);
    check(name,
          r.metric(m::globalLoadRequests) == 4 && r.metric(m::globalLoadSectors) == 4 * perWarp &&
              r.metric(m::globalStoreRequests) == 4 && r.metric(m::globalStoreSectors) == 16,
          "ld requests %llu sectors %llu, st requests %llu sectors %llu",
          (unsigned long long)r.metric(m::globalLoadRequests),
          (unsigned long long)r.metric(m::globalLoadSectors),
          (unsigned long long)r.metric(m::globalStoreRequests),
          (unsigned long long)r.metric(m::globalStoreSectors));
  }

  // Shared atomics form warp requests too: 32 lanes on one word serialize (32 wavefronts,
  // HARDWARE_NOTES.md); 32 lanes on 32 consecutive words are one wavefront.
  unsigned* counts;
  CK(cudaMalloc(&counts, 32 * sizeof(unsigned)));
  for (int same = 0; same < 2; ++same) {
    sharedAtomics<<<1, 32>>>(counts, same, 1u);
    CK_LAUNCH();
    loom::LaunchReport r = last();
    unsigned h[32];
    CK(cudaMemcpy(h, counts, sizeof h, cudaMemcpyDeviceToHost));
    bool values = same ? h[0] == 32 : h[5] == 1;
    check(same ? "shared_atomic_same_word" : "shared_atomic_distinct_words",
          values && r.metric(m::sharedAtomicInstructions) == 1 &&
              r.metric(m::sharedAtomicWavefronts) == (same ? 32u : 1u),
          "inst %llu wavefronts %llu value %u", (unsigned long long)r.metric(m::sharedAtomicInstructions),
          (unsigned long long)r.metric(m::sharedAtomicWavefronts), same ? h[0] : h[5]);
  }

  // Volta+: an intra-warp spin lock completes, every lane enters the critical section once.
  int *lock, *counter;
  CK(cudaMalloc(&lock, sizeof(int)));
  CK(cudaMalloc(&counter, sizeof(int)));
  CK(cudaMemset(lock, 0, sizeof(int)));
  CK(cudaMemset(counter, 0, sizeof(int)));
  spinLock<<<2, 64>>>(lock, counter);
  CK_LAUNCH();
  int hc = 0;
  CK(cudaMemcpy(&hc, counter, sizeof hc, cudaMemcpyDeviceToHost));
  check("intra_warp_spin_lock", hc == 128, "counter %d, want 128", hc);

  int* hres;
  CK(cudaMalloc(&hres, sizeof(int)));
  sharedSpinLock<<<1, 96>>>(hres);
  CK_LAUNCH();
  CK(cudaMemcpy(&hc, hres, sizeof hc, cudaMemcpyDeviceToHost));
  check("intra_warp_spin_lock_shared", hc == 96, "count %d, want 96", hc);

  {
    int* flag;
    CK(cudaMalloc(&flag, sizeof(int)));
    CK(cudaMemset(flag, 0, sizeof(int)));
    int* o = reinterpret_cast<int*>(out);
    flagWait<<<1, 32>>>(flag, o);
    CK_LAUNCH();
    int h[32];
    CK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
    bool ok = h[0] == 42;
    for (int l = 1; l < 32; ++l) ok = ok && h[l] == 42 + l;
    // The spinners load the flag kSpinRepeats + 1 times before each of lane 0's six accesses (a
    // spin lets lane 0 run one access): about 30 requests, where the last-resort bound alone
    // would let them spin 16384 times.
    auto loads = last().metric(m::globalLoadRequests);
    check("intra_warp_flag_wait", ok && loads < 64, "out[0] %d out[31] %d, %llu load requests", h[0], h[31],
          (unsigned long long)loads);
    CK(cudaFree(flag));
  }

  {
    int* bins;
    CK(cudaMalloc(&bins, 32 * sizeof(int)));
    noReloads<<<1, 32>>>(reinterpret_cast<int*>(out), bins, 5);
    CK_LAUNCH();
    auto loads = last().metric(m::sharedLoadInstructions);
    check("markers_add_no_loads", loads == 1, "%llu shared load instructions, want 1", (unsigned long long)loads);
    CK(cudaFree(bins));
  }

  // 40 nested regions, a `continue` in a loop: 8 requests on each load line, 16 in all; the
  // nested load reads one 128-byte line (4 sectors), the branch's 16 lanes bytes 28..151 (5).
  {
    int host[256], *a;
    for (int i = 0; i < 256; ++i) host[i] = i;
    CK(cudaMalloc(&a, sizeof host));
    CK(cudaMemcpy(a, host, sizeof host, cudaMemcpyHostToDevice));
    deepRegions<<<1, 32>>>(a, reinterpret_cast<int*>(out));
    CK_LAUNCH();
    loom::LaunchReport r = last();
    check("deep_regions_reconverge", r.metric(m::globalLoadRequests) == 16 && r.metric(m::globalLoadSectors) == 8 * 4 + 8 * 5,
          "load requests %llu sectors %llu", (unsigned long long)r.metric(m::globalLoadRequests),
          (unsigned long long)r.metric(m::globalLoadSectors));
    CK(cudaFree(a));
  }

  // A divergent branch: each side is its own request with only its own lanes (HARDWARE_NOTES.md:
  // 16 active lanes at stride 32 are 16 wavefronts).
  divergentHalves<<<1, 32>>>(out);
  CK_LAUNCH();
  {
    loom::LaunchReport r = last();
    check("divergent_branch_requests",
          r.metric(m::sharedStoreInstructions) == 2 && r.metric(m::sharedStoreWavefronts) == 1 + 16 &&
              r.metric(m::sharedStoreBankConflicts) == 15,
          "st inst %llu wavefronts %llu conflicts %llu",
          (unsigned long long)r.metric(m::sharedStoreInstructions),
          (unsigned long long)r.metric(m::sharedStoreWavefronts),
          (unsigned long long)r.metric(m::sharedStoreBankConflicts));
  }

  legacyReductionCheck();

  // One warp copies the Pair8 of 32 Record8 into another Record8 array (32-byte stride, at
  // offset 8, so every source and destination is 8 but not 16 bytes aligned): two 8-byte load
  // requests and two 8-byte store requests, as the device's two LDG.64 and two STG.64.
  {
    Record8 *rin, *rout;
    CK(cudaMalloc(&rin, 32 * sizeof(Record8)));
    CK(cudaMalloc(&rout, 32 * sizeof(Record8)));
    CK(cudaMemset(rin, 0, 32 * sizeof(Record8)));
    copyPairAt8<<<1, 32>>>(rin, rout);
    CK_LAUNCH();
    loom::LaunchReport r = last();
    check("struct16_at_8_byte_boundary_two_accesses",
          r.metric(m::globalLoadRequests) == 2 && r.metric(m::globalStoreRequests) == 2 &&
              r.metric(m::globalLoadSectors) == 64 && r.metric(m::globalStoreSectors) == 64,
          "ld requests %llu sectors %llu, st requests %llu sectors %llu",
          (unsigned long long)r.metric(m::globalLoadRequests), (unsigned long long)r.metric(m::globalLoadSectors),
          (unsigned long long)r.metric(m::globalStoreRequests), (unsigned long long)r.metric(m::globalStoreSectors));
    CK(cudaFree(rin));
    CK(cudaFree(rout));
  }

  // CUDA's semantics: in each halfword one lane swaps 0 for its value, the other three see that
  // value. The device's loop, followed by hand: all 32 lanes CAS once (one LDS before); lane 8j
  // wins word j's low half and the high half's lanes 8j+4..8j+7 fail only because the low half
  // changed, so they retry (second ATOMS.CAS), where lane 8j+4 wins: 1 load, 2 atomic instructions.
  {
    unsigned* olds;
    CK(cudaMalloc(&olds, 40 * sizeof(unsigned)));
    casHalves<<<1, 32>>>(olds);
    CK_LAUNCH();
    loom::LaunchReport r = last();
    unsigned got[40];
    CK(cudaMemcpy(got, olds, sizeof got, cudaMemcpyDeviceToHost));
    CK(cudaFree(olds));
    bool values = true;
    for (unsigned t = 0; t < 32; ++t) values &= got[t] == (t % 4 == 0 ? 0u : (t & ~3u) + 1);
    for (unsigned k = 0; k < 8; ++k) values &= got[32 + k] == 4 * k + 1;
    unsigned long long casLoads = 0, casAtomics = 0;
    for (const loom::LineReport& l : r.lines)
      if (l.metric(m::sharedAtomicInstructions) != 0) {
        casLoads = l.metric(m::sharedLoadInstructions);
        casAtomics = l.metric(m::sharedAtomicInstructions);
      }
    check("cas16_shared_loop", values && casLoads == 1 && casAtomics == 2,
          "lane 1 old %u, lane 4 old %u, halfword 1 %u; CAS line: %llu loads, %llu atomics", got[1], got[4],
          got[33], casLoads, casAtomics);
  }

  // __activemask() in a branch taken by every third lane names exactly those lanes.
  CK(cudaMemset(counts, 0xff, 32 * sizeof(unsigned)));
  activeMaskOfBranch<<<1, 32>>>(counts);
  CK_LAUNCH();
  unsigned hm[32];
  CK(cudaMemcpy(hm, counts, sizeof hm, cudaMemcpyDeviceToHost));
  unsigned every3 = 0;
  for (int l = 0; l < 32; l += 3) every3 |= 1u << l;
  check("activemask_divergent_branch", hm[0] == every3 && hm[3] == every3 && hm[1] == 0,
        "lane 0 %#x lane 3 %#x lane 1 %#x, want %#x", hm[0], hm[3], hm[1], every3);

  // The JSON report: one entry per launch, in launch order, with ncu's metric names (13 counters
  // and their 5 SASS-attributed twins, emu/check/counters/metrics.h).
  size_t launches = loom::launchReports().size();
  nlohmann::json j = nlohmann::json::parse(loom::reportJson());
  bool shape = j["launches"].size() == launches && launches == 24;
  const nlohmann::json& t = j["launches"][5];  // strides 0-4, then the tile
  shape = shape && t["kernel"] == "transposeTile(float const*, float*, int)" &&
          t["grid"] == nlohmann::json::array({1, 1, 1}) &&
          t["block"] == nlohmann::json::array({32, 32, 1}) && t["metrics"].size() == 18 &&
          t["metrics"][m::sharedLoadBankConflicts] == 992 && !t["lines"].empty();
  for (const auto& l : t["lines"])
    shape = shape && l["file"].get<std::string>().find("lockstep.cu") != std::string::npos &&
            l["line"].get<int>() > 0 && l["metrics"].size() == 18;
  check("report_json_shape", shape, "%zu launches; launch 5: %s", launches, t.dump().substr(0, 300).c_str());

  // Counters off: launches run in fast mode and are not recorded.
  loom::setCountersEnabled(false);
  strided<<<1, 32>>>(out, 1, 32);
  CK_LAUNCH();
  check("counters_off_not_recorded", loom::launchReports().size() == launches, "");
  return finish("lockstep");
}
