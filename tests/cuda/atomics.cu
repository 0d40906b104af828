// Conformance test: the atomic functions of the CUDA C++ Programming Guide.
//
// Expected values come from the arithmetic each function is documented to do (read old, store
// op(old, val), return old), applied to every contribution, and from ../shared/HARDWARE_NOTES.md:
//   atomicInc: new = old >= b ? 0 : old + 1;  atomicDec: new = (old == 0 || old > b) ? b : old - 1;
//   float atomicAdd on global memory flushes subnormal inputs and results to zero (the returned old
//   value is not flushed); on shared memory it does not; double keeps subnormals.
// Types: int, unsigned int, unsigned long long, float, double where the guide defines the function.
// Prints one "<check>: PASS" or "<check>: FAIL <expected vs got>" line per check; exit code 0 iff all pass.
#include <cuda_runtime.h>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "conformance.h"

typedef unsigned long long ull;

// A bounded spin: a lock that is never released makes the check fail instead of hanging the test.
#define SPIN_LIMIT (1LL << 24)

// ---------------------------------------------------------------------------------------------
// One slot of every (function, type) pair. All threads taking part apply their contribution to it.
struct Slots {
  int iAdd;
  unsigned uAdd;
  ull ullAdd;
  float fAdd;
  double dAdd;
  int iSub;
  unsigned uSub;
  int iExch;
  unsigned uExch;
  ull ullExch;
  float fExch;
  int iMin, iMax;
  unsigned uMin, uMax;
  ull ullMin, ullMax;
  unsigned uInc, uDec;
  int iAnd, iOr, iXor;
  unsigned uAnd, uOr, uXor;
  ull ullAnd, ullOr, ullXor;
  int iCas;
  unsigned uCas;
  ull ullCas;
};

// Contributions of participant k out of P (host and device use the same formulas).
__host__ __device__ inline int cAddI(unsigned k) { return (int)(k % 7) - 3; }
__host__ __device__ inline unsigned cAddU(unsigned k) { return 0x10000001u * (k % 5 + 1); }  // wraps
__host__ __device__ inline ull cAddULL(unsigned k) { return (1ull << 33) + k; }
__host__ __device__ inline double cAddD(unsigned k) { return k * 0.25; }  // exact in any order
__host__ __device__ inline unsigned cPerm(unsigned k, unsigned P) { return (k * 7919u) % P; }
__host__ __device__ inline int cMinI(unsigned k, unsigned P) { return (int)cPerm(k, P) - (int)(P / 2); }
__host__ __device__ inline unsigned cMinU(unsigned k, unsigned P) { return cPerm(k, P) * 3u + 5u; }
__host__ __device__ inline ull cMinULL(unsigned k, unsigned P) { return ((ull)cPerm(k, P) << 34) | 1ull; }
__host__ __device__ inline unsigned cAndU(unsigned k) { return ~(1u << (k % 29)); }
__host__ __device__ inline ull cAndULL(unsigned k) { return ~(1ull << (k % 61)); }
__host__ __device__ inline unsigned cOrU(unsigned k) { return 1u << ((k * 5) % 23); }
__host__ __device__ inline ull cOrULL(unsigned k) { return 1ull << ((k * 7) % 53 + 5); }
__host__ __device__ inline unsigned cXorU(unsigned k) { return k * 2654435761u; }
__host__ __device__ inline ull cXorULL(unsigned k) { return (ull)(k + 1) * 0x9E3779B97F4A7C15ull; }
#define INC_BOUND 9u
#define DEC_BOUND 9u

static Slots initialSlots() {
  Slots s;
  std::memset(&s, 0, sizeof s);
  s.iAdd = 100;
  s.uAdd = 7;
  s.ullAdd = 5;
  s.fAdd = 1.0f;
  s.dAdd = 2.0;
  s.iSub = 0;
  s.uSub = 0;
  s.iExch = -1;
  s.uExch = 0;
  s.ullExch = 0;
  s.fExch = -1.0f;
  s.iMin = INT_MAX;
  s.iMax = INT_MIN;
  s.uMin = UINT_MAX;
  s.uMax = 0;
  s.ullMin = ULLONG_MAX;
  s.ullMax = 0;
  s.uInc = 0;
  s.uDec = 0;
  s.iAnd = -1;
  s.iOr = 0;
  s.iXor = 0x12345678;
  s.uAnd = 0xffffffffu;
  s.uOr = 0;
  s.uXor = 0x87654321u;
  s.ullAnd = ~0ull;
  s.ullOr = 0;
  s.ullXor = 0x0123456789abcdefull;
  s.iCas = 0;
  s.uCas = 0;
  s.ullCas = 0;
  return s;
}

// Applies every contribution in sequence (all operations here commute, so any order gives this).
static Slots expectedSlots(unsigned P) {
  Slots s = initialSlots();
  for (unsigned k = 0; k < P; ++k) {
    s.iAdd += cAddI(k);
    s.uAdd += cAddU(k);
    s.ullAdd += cAddULL(k);
    s.fAdd += 0.5f;
    s.dAdd += cAddD(k);
    s.iSub -= (int)k;
    s.uSub -= 3u;
    s.iMin = std::min(s.iMin, cMinI(k, P));
    s.iMax = std::max(s.iMax, cMinI(k, P));
    s.uMin = std::min(s.uMin, cMinU(k, P));
    s.uMax = std::max(s.uMax, cMinU(k, P));
    s.ullMin = std::min(s.ullMin, cMinULL(k, P));
    s.ullMax = std::max(s.ullMax, cMinULL(k, P));
    s.uInc = s.uInc >= INC_BOUND ? 0 : s.uInc + 1;
    s.uDec = (s.uDec == 0 || s.uDec > DEC_BOUND) ? DEC_BOUND : s.uDec - 1;
    s.iAnd &= (int)cAndU(k);
    s.iOr |= (int)cOrU(k);
    s.iXor ^= (int)cXorU(k);
    s.uAnd &= cAndU(k);
    s.uOr |= cOrU(k);
    s.uXor ^= cXorU(k);
    s.ullAnd &= cAndULL(k);
    s.ullOr |= cOrULL(k);
    s.ullXor ^= cXorULL(k);
    s.iCas += (int)k + 1;
    s.uCas += 3u * k + 1u;
    s.ullCas += ((ull)k << 20) + 1;
  }
  return s;
}

// Every atomic function once per participant, with the scope suffix SFX (empty, _block, _system).
#define DEFINE_OPS(FN, SFX)                                                        \
  __device__ void FN(Slots* s, unsigned k, unsigned P) {                           \
    atomicAdd##SFX(&s->iAdd, cAddI(k));                                            \
    atomicAdd##SFX(&s->uAdd, cAddU(k));                                            \
    atomicAdd##SFX(&s->ullAdd, cAddULL(k));                                        \
    atomicAdd##SFX(&s->fAdd, 0.5f);                                                \
    atomicAdd##SFX(&s->dAdd, cAddD(k));                                            \
    atomicSub##SFX(&s->iSub, (int)k);                                              \
    atomicSub##SFX(&s->uSub, 3u);                                                  \
    atomicExch##SFX(&s->iExch, (int)k + 1);                                        \
    atomicExch##SFX(&s->uExch, k + 1);                                             \
    atomicExch##SFX(&s->ullExch, (ull)k + 1);                                      \
    atomicExch##SFX(&s->fExch, (float)k + 1.0f);                                   \
    atomicMin##SFX(&s->iMin, cMinI(k, P));                                         \
    atomicMax##SFX(&s->iMax, cMinI(k, P));                                         \
    atomicMin##SFX(&s->uMin, cMinU(k, P));                                         \
    atomicMax##SFX(&s->uMax, cMinU(k, P));                                         \
    atomicMin##SFX(&s->ullMin, cMinULL(k, P));                                     \
    atomicMax##SFX(&s->ullMax, cMinULL(k, P));                                     \
    atomicInc##SFX(&s->uInc, INC_BOUND);                                           \
    atomicDec##SFX(&s->uDec, DEC_BOUND);                                           \
    atomicAnd##SFX(&s->iAnd, (int)cAndU(k));                                       \
    atomicOr##SFX(&s->iOr, (int)cOrU(k));                                          \
    atomicXor##SFX(&s->iXor, (int)cXorU(k));                                       \
    atomicAnd##SFX(&s->uAnd, cAndU(k));                                            \
    atomicOr##SFX(&s->uOr, cOrU(k));                                               \
    atomicXor##SFX(&s->uXor, cXorU(k));                                            \
    atomicAnd##SFX(&s->ullAnd, cAndULL(k));                                        \
    atomicOr##SFX(&s->ullOr, cOrULL(k));                                           \
    atomicXor##SFX(&s->ullXor, cXorULL(k));                                        \
    {                                                                              \
      int old = *(volatile int*)&s->iCas, assumed;                                 \
      do {                                                                         \
        assumed = old;                                                             \
        old = atomicCAS##SFX(&s->iCas, assumed, assumed + (int)k + 1);             \
      } while (old != assumed);                                                    \
    }                                                                              \
    {                                                                              \
      unsigned old = *(volatile unsigned*)&s->uCas, assumed;                       \
      do {                                                                         \
        assumed = old;                                                             \
        old = atomicCAS##SFX(&s->uCas, assumed, assumed + 3u * k + 1u);            \
      } while (old != assumed);                                                    \
    }                                                                              \
    {                                                                              \
      ull old = *(volatile ull*)&s->ullCas, assumed;                               \
      do {                                                                         \
        assumed = old;                                                             \
        old = atomicCAS##SFX(&s->ullCas, assumed, assumed + ((ull)k << 20) + 1);   \
      } while (old != assumed);                                                    \
    }                                                                              \
  }

DEFINE_OPS(opsPlain, )
DEFINE_OPS(opsBlock, _block)
DEFINE_OPS(opsSystem, _system)

// Global memory, one slot for the whole grid.
__global__ void globalOpsKernel(Slots* s, int scope) {
  unsigned k = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned P = gridDim.x * blockDim.x;
  if (scope == 0) opsPlain(s, k, P);
  else opsSystem(s, k, P);
}

// Global memory, one slot per block, block scope (and plain, for comparison).
__global__ void globalPerBlockOpsKernel(Slots* s, int scope) {
  if (scope == 0) opsPlain(&s[blockIdx.x], threadIdx.x, blockDim.x);
  else opsBlock(&s[blockIdx.x], threadIdx.x, blockDim.x);
}

// Shared memory, one slot per block.
__global__ void sharedOpsKernel(const Slots* init, Slots* out, int scope) {
  __shared__ Slots s;
  if (threadIdx.x == 0) s = *init;
  __syncthreads();
  if (scope == 0) opsPlain(&s, threadIdx.x, blockDim.x);
  else if (scope == 1) opsBlock(&s, threadIdx.x, blockDim.x);
  else opsSystem(&s, threadIdx.x, blockDim.x);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = s;
}

// Compares slots (one per block) with the expected one, field by field: one check line per field,
// naming the first block that differs. Exch fields must hold one of the exchanged values 1..P.
static void compareSlots(const char* prefix, const std::vector<Slots>& got, const Slots& want, unsigned P) {
  char name[128];
#define CMP_INT(field, fmt)                                                                           \
  {                                                                                                   \
    std::snprintf(name, sizeof name, "%s_%s", prefix, #field);                                        \
    size_t bad = got.size();                                                                          \
    for (size_t b = 0; b < got.size(); ++b)                                                           \
      if (!(got[b].field == want.field)) { bad = b; break; }                                          \
    if (bad == got.size()) check(name, true);                                                         \
    else check(name, false, "block %zu expected " fmt " got " fmt, bad, want.field, got[bad].field); \
  }
#define CMP_EXCH(field, fmt, cast)                                                                    \
  {                                                                                                   \
    std::snprintf(name, sizeof name, "%s_%s", prefix, #field);                                        \
    size_t bad = got.size();                                                                          \
    for (size_t b = 0; b < got.size(); ++b) {                                                         \
      cast v = (cast)got[b].field;                                                                    \
      if (!(v >= 1 && v <= (cast)P && v == got[b].field)) { bad = b; break; }                         \
    }                                                                                                 \
    if (bad == got.size()) check(name, true);                                                         \
    else check(name, false, "block %zu expected one of the exchanged values 1..%u got " fmt, bad, P,  \
               got[bad].field);                                                                       \
  }
  CMP_INT(iAdd, "%d")
  CMP_INT(uAdd, "%u")
  CMP_INT(ullAdd, "%llu")
  CMP_INT(fAdd, "%.9g")
  CMP_INT(dAdd, "%.17g")
  CMP_INT(iSub, "%d")
  CMP_INT(uSub, "%u")
  CMP_EXCH(iExch, "%d", long long)
  CMP_EXCH(uExch, "%u", long long)
  CMP_EXCH(ullExch, "%llu", ull)
  CMP_EXCH(fExch, "%g", long long)
  CMP_INT(iMin, "%d")
  CMP_INT(iMax, "%d")
  CMP_INT(uMin, "%u")
  CMP_INT(uMax, "%u")
  CMP_INT(ullMin, "%llu")
  CMP_INT(ullMax, "%llu")
  CMP_INT(uInc, "%u")
  CMP_INT(uDec, "%u")
  CMP_INT(iAnd, "%d")
  CMP_INT(iOr, "%d")
  CMP_INT(iXor, "%d")
  CMP_INT(uAnd, "%u")
  CMP_INT(uOr, "%u")
  CMP_INT(uXor, "%u")
  CMP_INT(ullAnd, "%llu")
  CMP_INT(ullOr, "%llu")
  CMP_INT(ullXor, "%llu")
  CMP_INT(iCas, "%d")
  CMP_INT(uCas, "%u")
  CMP_INT(ullCas, "%llu")
#undef CMP_INT
#undef CMP_EXCH
}

static void testAllFunctions() {
  const Slots init = initialSlots();
  Slots* d;
  const int grid = 32, block = 256;
  CK(cudaMalloc(&d, grid * sizeof(Slots)));

  // Whole grid on one global slot: plain and _system.
  for (int scope = 0; scope < 2; ++scope) {
    CK(cudaMemcpy(d, &init, sizeof init, cudaMemcpyHostToDevice));
    globalOpsKernel<<<grid, block>>>(d, scope);
    CK_LAUNCH();
    std::vector<Slots> got(1);
    CK(cudaMemcpy(got.data(), d, sizeof(Slots), cudaMemcpyDeviceToHost));
    compareSlots(scope == 0 ? "global_grid" : "global_grid_system", got, expectedSlots(grid * block),
                 grid * block);
  }

  // One global slot per block: plain and _block.
  const int pbGrid = 6, pbBlock = 192;
  std::vector<Slots> inits(pbGrid, init), got(pbGrid);
  const Slots want = expectedSlots(pbBlock);
  for (int scope = 0; scope < 2; ++scope) {
    CK(cudaMemcpy(d, inits.data(), pbGrid * sizeof(Slots), cudaMemcpyHostToDevice));
    globalPerBlockOpsKernel<<<pbGrid, pbBlock>>>(d, scope);
    CK_LAUNCH();
    CK(cudaMemcpy(got.data(), d, pbGrid * sizeof(Slots), cudaMemcpyDeviceToHost));
    compareSlots(scope == 0 ? "global_per_block" : "global_per_block_block_scope", got, want, pbBlock);
  }

  // Shared memory: plain, _block, _system.
  Slots* dInit;
  CK(cudaMalloc(&dInit, sizeof(Slots)));
  CK(cudaMemcpy(dInit, &init, sizeof init, cudaMemcpyHostToDevice));
  const int shGrid = 3, shBlock = 256;
  const Slots shWant = expectedSlots(shBlock);
  for (int scope = 0; scope < 3; ++scope) {
    CK(cudaMemset(d, 0, shGrid * sizeof(Slots)));
    sharedOpsKernel<<<shGrid, shBlock>>>(dInit, d, scope);
    CK_LAUNCH();
    std::vector<Slots> sg(shGrid);
    CK(cudaMemcpy(sg.data(), d, shGrid * sizeof(Slots), cudaMemcpyDeviceToHost));
    static const char* names[3] = {"shared", "shared_block_scope", "shared_system_scope"};
    compareSlots(names[scope], sg, shWant, shBlock);
  }
  CK(cudaFree(dInit));
  CK(cudaFree(d));
}

// ---------------------------------------------------------------------------------------------
// Returned old values: tickets from atomicAdd are a permutation, exactly one atomicCAS wins, and the
// values returned by atomicExch plus the final value are the initial value plus every exchanged one.
__global__ void ticketKernel(unsigned* ctr, ull* ctr64, unsigned* tickets, ull* tickets64, int* casFlag,
                             int* winners, int* exI, int* exOldI, float* exF, float* exOldF, ull* exU,
                             ull* exOldU) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  tickets[g] = atomicAdd(ctr, 1u);
  tickets64[g] = atomicAdd(ctr64, 1ull << 32);
  winners[g] = atomicCAS(casFlag, 0, (int)g + 1) == 0;
  exOldI[g] = atomicExch(exI, (int)g + 1);
  exOldF[g] = atomicExch(exF, (float)g + 1.0f);
  exOldU[g] = atomicExch(exU, ((ull)g << 32) | 7ull);
}

static void testReturnedValues() {
  const int grid = 40, block = 128, N = grid * block;
  unsigned *ctr, *tickets;
  ull *ctr64, *tickets64, *exU, *exOldU;
  int *casFlag, *winners, *exI, *exOldI;
  float *exF, *exOldF;
  CK(cudaMalloc(&ctr, sizeof(unsigned)));
  CK(cudaMalloc(&ctr64, sizeof(ull)));
  CK(cudaMalloc(&tickets, N * sizeof(unsigned)));
  CK(cudaMalloc(&tickets64, N * sizeof(ull)));
  CK(cudaMalloc(&casFlag, sizeof(int)));
  CK(cudaMalloc(&winners, N * sizeof(int)));
  CK(cudaMalloc(&exI, sizeof(int)));
  CK(cudaMalloc(&exOldI, N * sizeof(int)));
  CK(cudaMalloc(&exF, sizeof(float)));
  CK(cudaMalloc(&exOldF, N * sizeof(float)));
  CK(cudaMalloc(&exU, sizeof(ull)));
  CK(cudaMalloc(&exOldU, N * sizeof(ull)));
  CK(cudaMemset(ctr, 0, sizeof(unsigned)));
  CK(cudaMemset(ctr64, 0, sizeof(ull)));
  CK(cudaMemset(casFlag, 0, sizeof(int)));
  const int initI = -5;
  const float initF = -2.5f;
  const ull initU = 3;
  CK(cudaMemcpy(exI, &initI, sizeof initI, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(exF, &initF, sizeof initF, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(exU, &initU, sizeof initU, cudaMemcpyHostToDevice));
  ticketKernel<<<grid, block>>>(ctr, ctr64, tickets, tickets64, casFlag, winners, exI, exOldI, exF, exOldF, exU,
                                exOldU);
  CK_LAUNCH();

  std::vector<unsigned> t(N);
  std::vector<ull> t64(N), oU(N);
  std::vector<int> w(N), oI(N);
  std::vector<float> oF(N);
  unsigned hctr;
  ull hctr64, fU;
  int flag, fI;
  float fF;
  CK(cudaMemcpy(t.data(), tickets, N * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(t64.data(), tickets64, N * sizeof(ull), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(w.data(), winners, N * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(oI.data(), exOldI, N * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(oF.data(), exOldF, N * sizeof(float), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(oU.data(), exOldU, N * sizeof(ull), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&hctr, ctr, sizeof hctr, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&hctr64, ctr64, sizeof hctr64, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&flag, casFlag, sizeof flag, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&fI, exI, sizeof fI, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&fF, exF, sizeof fF, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&fU, exU, sizeof fU, cudaMemcpyDeviceToHost));

  std::vector<unsigned> ts(t);
  std::sort(ts.begin(), ts.end());
  bool perm = true;
  for (int i = 0; i < N; ++i) perm = perm && ts[i] == (unsigned)i;
  check("atomicAdd_u32_tickets_unique", perm && hctr == (unsigned)N, "expected a permutation of 0..%d and final %d, got %s and final %u",
        N - 1, N, perm ? "a permutation" : "duplicates/gaps", hctr);

  std::vector<ull> ts64(t64);
  std::sort(ts64.begin(), ts64.end());
  perm = true;
  for (int i = 0; i < N; ++i) perm = perm && ts64[i] == ((ull)i << 32);
  check("atomicAdd_u64_tickets_unique", perm && hctr64 == ((ull)N << 32),
        "expected multiples of 2^32 0..%d and final %llu, got %s and final %llu", N - 1, (ull)N << 32,
        perm ? "a permutation" : "duplicates/gaps", hctr64);

  int nWin = 0, winner = -1;
  for (int i = 0; i < N; ++i)
    if (w[i]) { ++nWin; winner = i; }
  check("atomicCAS_single_winner", nWin == 1 && flag == winner + 1,
        "expected exactly 1 winner whose id+1 is stored, got %d winners, stored %d, last winner %d", nWin, flag, winner);

  // atomicExch: multiset {returned olds} + {final} == {init} + {exchanged values}
  std::vector<long long> gotI(oI.begin(), oI.end()), wantI;
  gotI.push_back(fI);
  wantI.push_back(initI);
  for (int g = 0; g < N; ++g) wantI.push_back(g + 1);
  std::sort(gotI.begin(), gotI.end());
  std::sort(wantI.begin(), wantI.end());
  check("atomicExch_int_returns_every_value_once", gotI == wantI, "returned values + final != initial + exchanged values");

  std::vector<float> gotF(oF), wantF;
  gotF.push_back(fF);
  wantF.push_back(initF);
  for (int g = 0; g < N; ++g) wantF.push_back((float)g + 1.0f);
  std::sort(gotF.begin(), gotF.end());
  std::sort(wantF.begin(), wantF.end());
  check("atomicExch_float_returns_every_value_once", gotF == wantF, "returned values + final != initial + exchanged values");

  std::vector<ull> gotU(oU), wantU;
  gotU.push_back(fU);
  wantU.push_back(initU);
  for (int g = 0; g < N; ++g) wantU.push_back(((ull)g << 32) | 7ull);
  std::sort(gotU.begin(), gotU.end());
  std::sort(wantU.begin(), wantU.end());
  check("atomicExch_u64_returns_every_value_once", gotU == wantU, "returned values + final != initial + exchanged values");

  CK(cudaFree(ctr));
  CK(cudaFree(ctr64));
  CK(cudaFree(tickets));
  CK(cudaFree(tickets64));
  CK(cudaFree(casFlag));
  CK(cudaFree(winners));
  CK(cudaFree(exI));
  CK(cudaFree(exOldI));
  CK(cudaFree(exF));
  CK(cudaFree(exOldF));
  CK(cudaFree(exU));
  CK(cudaFree(exOldU));
}

// ---------------------------------------------------------------------------------------------
// Many threads on different addresses.
__global__ void spreadKernel(int* ci, float* cf, double* cd, unsigned* cmax, ull* cor) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&ci[g % 37], (int)g);
  atomicAdd(&cf[g % 13], 1.0f);
  atomicAdd(&cd[g % 11], 0.5);
  atomicMax(&cmax[g % 17], g * 3u);
  atomicOr(&cor[g % 64], 1ull << (g / 64 % 64));
}

static void testSpread() {
  const int grid = 24, block = 256, N = grid * block;
  int* ci;
  float* cf;
  double* cd;
  unsigned* cmax;
  ull* cor;
  CK(cudaMalloc(&ci, 37 * sizeof(int)));
  CK(cudaMalloc(&cf, 13 * sizeof(float)));
  CK(cudaMalloc(&cd, 11 * sizeof(double)));
  CK(cudaMalloc(&cmax, 17 * sizeof(unsigned)));
  CK(cudaMalloc(&cor, 64 * sizeof(ull)));
  CK(cudaMemset(ci, 0, 37 * sizeof(int)));
  CK(cudaMemset(cf, 0, 13 * sizeof(float)));
  CK(cudaMemset(cd, 0, 11 * sizeof(double)));
  CK(cudaMemset(cmax, 0, 17 * sizeof(unsigned)));
  CK(cudaMemset(cor, 0, 64 * sizeof(ull)));
  spreadKernel<<<grid, block>>>(ci, cf, cd, cmax, cor);
  CK_LAUNCH();
  std::vector<int> hi(37), wi(37, 0);
  std::vector<float> hf(13), wf(13, 0.0f);
  std::vector<double> hd(11), wd(11, 0.0);
  std::vector<unsigned> hm(17), wm(17, 0);
  std::vector<ull> ho(64), wo(64, 0);
  CK(cudaMemcpy(hi.data(), ci, 37 * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hf.data(), cf, 13 * sizeof(float), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hd.data(), cd, 11 * sizeof(double), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hm.data(), cmax, 17 * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(ho.data(), cor, 64 * sizeof(ull), cudaMemcpyDeviceToHost));
  for (unsigned g = 0; g < (unsigned)N; ++g) {
    wi[g % 37] += (int)g;
    wf[g % 13] += 1.0f;
    wd[g % 11] += 0.5;
    wm[g % 17] = std::max(wm[g % 17], g * 3u);
    wo[g % 64] |= 1ull << (g / 64 % 64);
  }
  int bad = -1;
  for (int i = 0; i < 37; ++i) if (hi[i] != wi[i]) { bad = i; break; }
  check("spread_atomicAdd_int", bad < 0, "counter %d expected %d got %d", bad, bad < 0 ? 0 : wi[bad], bad < 0 ? 0 : hi[bad]);
  bad = -1;
  for (int i = 0; i < 13; ++i) if (hf[i] != wf[i]) { bad = i; break; }
  check("spread_atomicAdd_float", bad < 0, "counter %d expected %g got %g", bad, bad < 0 ? 0.0 : wf[bad], bad < 0 ? 0.0 : hf[bad]);
  bad = -1;
  for (int i = 0; i < 11; ++i) if (hd[i] != wd[i]) { bad = i; break; }
  check("spread_atomicAdd_double", bad < 0, "counter %d expected %g got %g", bad, bad < 0 ? 0.0 : wd[bad], bad < 0 ? 0.0 : hd[bad]);
  bad = -1;
  for (int i = 0; i < 17; ++i) if (hm[i] != wm[i]) { bad = i; break; }
  check("spread_atomicMax_unsigned", bad < 0, "counter %d expected %u got %u", bad, bad < 0 ? 0u : wm[bad], bad < 0 ? 0u : hm[bad]);
  bad = -1;
  for (int i = 0; i < 64; ++i) if (ho[i] != wo[i]) { bad = i; break; }
  check("spread_atomicOr_u64", bad < 0, "word %d expected %llx got %llx", bad, bad < 0 ? 0ull : wo[bad], bad < 0 ? 0ull : ho[bad]);
  CK(cudaFree(ci));
  CK(cudaFree(cf));
  CK(cudaFree(cd));
  CK(cudaFree(cmax));
  CK(cudaFree(cor));
}

// ---------------------------------------------------------------------------------------------
// atomicInc / atomicDec wrap rules, one thread, exact sequences.
// where: 0 global plain, 1 global _block, 2 global _system, 3 shared plain
__global__ void incDecSeqKernel(unsigned* slots, const unsigned* bounds, int nCases, int steps, int dec, int where,
                                unsigned* olds, unsigned* finals) {
  __shared__ unsigned sh[32];
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  for (int c = 0; c < nCases; ++c) {
    unsigned* p = slots + c;
    if (where == 3) {
      sh[c] = slots[c];
      p = &sh[c];
    }
    for (int i = 0; i < steps; ++i) {
      unsigned o;
      if (!dec) {
        if (where == 1) o = atomicInc_block(p, bounds[c]);
        else if (where == 2) o = atomicInc_system(p, bounds[c]);
        else o = atomicInc(p, bounds[c]);
      } else {
        if (where == 1) o = atomicDec_block(p, bounds[c]);
        else if (where == 2) o = atomicDec_system(p, bounds[c]);
        else o = atomicDec(p, bounds[c]);
      }
      olds[c * steps + i] = o;
    }
    finals[c] = *p;
  }
}

static void testIncDecSequences() {
  const unsigned starts[] = {0, 5, 3, 0, 7, 0xfffffffeu, 0xffffffffu, 10, 100, 0x80000000u, 1, 0xffffffffu};
  const unsigned bounds[] = {3, 3, 3, 0, 0, 0xffffffffu, 0xffffffffu, 100, 10, 5, 1, 0};
  const int nCases = sizeof(starts) / sizeof(starts[0]);
  const int steps = 12;
  unsigned *dSlots, *dBounds, *dOlds, *dFinals;
  CK(cudaMalloc(&dSlots, nCases * sizeof(unsigned)));
  CK(cudaMalloc(&dBounds, nCases * sizeof(unsigned)));
  CK(cudaMalloc(&dOlds, nCases * steps * sizeof(unsigned)));
  CK(cudaMalloc(&dFinals, nCases * sizeof(unsigned)));
  CK(cudaMemcpy(dBounds, bounds, sizeof bounds, cudaMemcpyHostToDevice));
  static const char* whereNames[4] = {"global", "global_block_scope", "global_system_scope", "shared"};
  for (int dec = 0; dec < 2; ++dec)
    for (int where = 0; where < 4; ++where) {
      CK(cudaMemcpy(dSlots, starts, sizeof starts, cudaMemcpyHostToDevice));
      incDecSeqKernel<<<1, 32>>>(dSlots, dBounds, nCases, steps, dec, where, dOlds, dFinals);
      CK_LAUNCH();
      std::vector<unsigned> olds(nCases * steps), finals(nCases);
      CK(cudaMemcpy(olds.data(), dOlds, olds.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
      CK(cudaMemcpy(finals.data(), dFinals, finals.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
      for (int c = 0; c < nCases; ++c) {
        char name[128];
        std::snprintf(name, sizeof name, "%s_%s_start%u_bound%u", dec ? "atomicDec" : "atomicInc", whereNames[where],
                      starts[c], bounds[c]);
        unsigned v = starts[c], b = bounds[c];
        int bad = -1;
        unsigned wantOld = 0;
        for (int i = 0; i < steps; ++i) {
          if (olds[c * steps + i] != v && bad < 0) { bad = i; wantOld = v; }
          v = dec ? ((v == 0 || v > b) ? b : v - 1) : (v >= b ? 0 : v + 1);
        }
        if (bad >= 0) check(name, false, "step %d returned old expected %u got %u", bad, wantOld, olds[c * steps + bad]);
        else if (finals[c] != v) check(name, false, "final value expected %u got %u", v, finals[c]);
        else check(name, true);
      }
    }
  CK(cudaFree(dSlots));
  CK(cudaFree(dBounds));
  CK(cudaFree(dOlds));
  CK(cudaFree(dFinals));
}

// Many threads: the returned old values of atomicInc(bound 99) starting at 0 are k mod 100 for k < N,
// those of atomicDec(bound 99) starting at 0 are (-k) mod 100.
__global__ void incDecManyKernel(unsigned* inc, unsigned* dec, unsigned* incOlds, unsigned* decOlds) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  incOlds[g] = atomicInc(inc, 99u);
  decOlds[g] = atomicDec(dec, 99u);
}

static void testIncDecMany() {
  const int grid = 16, block = 250, N = grid * block;
  unsigned *inc, *dec, *io, *doo;
  CK(cudaMalloc(&inc, sizeof(unsigned)));
  CK(cudaMalloc(&dec, sizeof(unsigned)));
  CK(cudaMalloc(&io, N * sizeof(unsigned)));
  CK(cudaMalloc(&doo, N * sizeof(unsigned)));
  CK(cudaMemset(inc, 0, sizeof(unsigned)));
  CK(cudaMemset(dec, 0, sizeof(unsigned)));
  incDecManyKernel<<<grid, block>>>(inc, dec, io, doo);
  CK_LAUNCH();
  std::vector<unsigned> hio(N), hdo(N);
  unsigned fi, fd;
  CK(cudaMemcpy(hio.data(), io, N * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hdo.data(), doo, N * sizeof(unsigned), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&fi, inc, sizeof fi, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&fd, dec, sizeof fd, cudaMemcpyDeviceToHost));
  std::vector<unsigned> wi, wd;
  for (int k = 0; k < N; ++k) {
    wi.push_back(k % 100);
    wd.push_back((100 - k % 100) % 100);
  }
  std::sort(hio.begin(), hio.end());
  std::sort(hdo.begin(), hdo.end());
  std::sort(wi.begin(), wi.end());
  std::sort(wd.begin(), wd.end());
  check("atomicInc_many_threads", hio == wi && fi == N % 100u, "final expected %u got %u, olds %s", N % 100u, fi,
        hio == wi ? "match" : "differ from k mod 100");
  check("atomicDec_many_threads", hdo == wd && fd == (100u - N % 100u) % 100u, "final expected %u got %u, olds %s",
        (100u - N % 100u) % 100u, fd, hdo == wd ? "match" : "differ from (-k) mod 100");
  CK(cudaFree(inc));
  CK(cudaFree(dec));
  CK(cudaFree(io));
  CK(cudaFree(doo));
}

// ---------------------------------------------------------------------------------------------
// A global spin lock: thread 0 of every block takes it (atomicCAS) and releases it (atomicExch)
// around a non-atomic read-modify-write of a counter.
__global__ void globalLockKernel(int* lock, int* counter, int iters, int* timeouts) {
  if (threadIdx.x != 0) return;
  for (int i = 0; i < iters; ++i) {
    long long spins = 0;
    while (atomicCAS(lock, 0, 1) != 0) {
      if (++spins > SPIN_LIMIT) {
        atomicAdd(timeouts, 1);
        return;
      }
    }
    __threadfence();
    volatile int* c = counter;
    *c = *c + 1;
    __threadfence();
    atomicExch(lock, 0);
  }
}

// An intra-block (and intra-warp) lock: threads 0 and 1 of the same block contend for the block's
// lock; each adds (1 + threadIdx.x) to the block's counter per iteration. Independent thread
// scheduling (sm_70+) guarantees that the lane holding the lock makes progress.
__global__ void intraBlockLockKernel(int* locks, int* counters, int iters, int* timeouts) {
  if (threadIdx.x >= 2) return;
  int* lock = &locks[blockIdx.x];
  volatile int* c = &counters[blockIdx.x];
  for (int i = 0; i < iters; ++i) {
    long long spins = 0;
    while (atomicCAS(lock, 0, 1) != 0) {
      if (++spins > SPIN_LIMIT) {
        atomicAdd(timeouts, 1);
        return;
      }
    }
    __threadfence();
    *c = *c + 1 + (int)threadIdx.x;
    __threadfence();
    atomicExch(lock, 0);
  }
}

static void testLocks() {
  int *lock, *counter, *timeouts;
  const int grid = 64, iters = 20;
  CK(cudaMalloc(&lock, 8 * sizeof(int)));
  CK(cudaMalloc(&counter, 8 * sizeof(int)));
  CK(cudaMalloc(&timeouts, sizeof(int)));
  CK(cudaMemset(lock, 0, 8 * sizeof(int)));
  CK(cudaMemset(counter, 0, 8 * sizeof(int)));
  CK(cudaMemset(timeouts, 0, sizeof(int)));
  globalLockKernel<<<grid, 64>>>(lock, counter, iters, timeouts);
  CK_LAUNCH();
  int c, to;
  CK(cudaMemcpy(&c, counter, sizeof c, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&to, timeouts, sizeof to, cudaMemcpyDeviceToHost));
  check("global_spin_lock", c == grid * iters && to == 0, "counter expected %d got %d (spin timeouts %d)", grid * iters, c, to);

  const int blocks = 4, iters2 = 100;
  CK(cudaMemset(lock, 0, 8 * sizeof(int)));
  CK(cudaMemset(counter, 0, 8 * sizeof(int)));
  CK(cudaMemset(timeouts, 0, sizeof(int)));
  intraBlockLockKernel<<<blocks, 32>>>(lock, counter, iters2, timeouts);
  CK_LAUNCH();
  std::vector<int> cs(blocks);
  CK(cudaMemcpy(cs.data(), counter, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&to, timeouts, sizeof to, cudaMemcpyDeviceToHost));
  int bad = -1;
  for (int b = 0; b < blocks; ++b) if (cs[b] != iters2 * 3) { bad = b; break; }
  check("intra_block_lock_two_lanes", bad < 0 && to == 0, "block %d counter expected %d got %d (spin timeouts %d)",
        bad < 0 ? 0 : bad, iters2 * 3, bad < 0 ? iters2 * 3 : cs[bad], to);
  CK(cudaFree(lock));
  CK(cudaFree(counter));
  CK(cudaFree(timeouts));
}

// ---------------------------------------------------------------------------------------------
// Subnormals and float atomicAdd (HARDWARE_NOTES.md): global memory flushes subnormal inputs and
// results to zero, shared memory does not; double keeps subnormals.
__global__ void subnormalKernel(float* g, float* gOld, const float* a, const float* b, int n, float* sRes,
                                float* sOld, double* gd, double vd, double* gdOld) {
  __shared__ float s[8];
  if (threadIdx.x != 0) return;
  for (int i = 0; i < n; ++i) {
    gOld[i] = atomicAdd(&g[i], b[i]);  // g[i] holds a[i] (from the host)
    s[i] = a[i];
    sOld[i] = atomicAdd(&s[i], b[i]);
    sRes[i] = s[i];
  }
  gdOld[0] = atomicAdd(gd, vd);
}

static unsigned bitsOf(float f) {
  unsigned u;
  std::memcpy(&u, &f, 4);
  return u;
}

static void testSubnormals() {
  // case 0: 1e-39 + 1e-39 (both inputs and the result subnormal)
  // case 1: normal 2^-125 + normal -1.5*2^-126 = 2^-127 (subnormal result of normal inputs)
  // case 2: FLT_MIN + 2^-130 (subnormal input to a normal result)
  const int n = 3;
  float a[n] = {1e-39f, std::ldexp(1.0f, -125), FLT_MIN};
  float b[n] = {1e-39f, -1.5f * std::ldexp(1.0f, -126), std::ldexp(1.0f, -130)};
  float exact[n], flushed[n];
  for (int i = 0; i < n; ++i) exact[i] = a[i] + b[i];  // the host does not flush
  flushed[0] = 0.0f;
  flushed[1] = 0.0f;
  flushed[2] = FLT_MIN;
  float *g, *gOld, *da, *db, *sRes, *sOld;
  double *gd, *gdOld;
  CK(cudaMalloc(&g, n * sizeof(float)));
  CK(cudaMalloc(&gOld, n * sizeof(float)));
  CK(cudaMalloc(&da, n * sizeof(float)));
  CK(cudaMalloc(&db, n * sizeof(float)));
  CK(cudaMalloc(&sRes, n * sizeof(float)));
  CK(cudaMalloc(&sOld, n * sizeof(float)));
  CK(cudaMalloc(&gd, sizeof(double)));
  CK(cudaMalloc(&gdOld, sizeof(double)));
  CK(cudaMemcpy(g, a, sizeof a, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice));
  const double d0 = 1e-310;
  CK(cudaMemcpy(gd, &d0, sizeof d0, cudaMemcpyHostToDevice));
  subnormalKernel<<<1, 32>>>(g, gOld, da, db, n, sRes, sOld, gd, d0, gdOld);
  CK_LAUNCH();
  float hg[n], hgOld[n], hsRes[n], hsOld[n];
  double hd, hdOld;
  CK(cudaMemcpy(hg, g, sizeof hg, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hgOld, gOld, sizeof hgOld, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hsRes, sRes, sizeof hsRes, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hsOld, sOld, sizeof hsOld, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&hd, gd, sizeof hd, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&hdOld, gdOld, sizeof hdOld, cudaMemcpyDeviceToHost));

  check("float_atomicAdd_global_ftz", bitsOf(hg[0]) == bitsOf(flushed[0]),
        "1e-39f + 1e-39f stored on global: expected %a (flushed) got %a", flushed[0], hg[0]);
  check("float_atomicAdd_global_ftz_old_not_flushed", bitsOf(hgOld[0]) == bitsOf(a[0]),
        "returned old expected %a got %a", a[0], hgOld[0]);
  check("float_atomicAdd_global_ftz_subnormal_result", bitsOf(hg[1]) == bitsOf(flushed[1]),
        "2^-125 + -1.5*2^-126 stored on global: expected %a (flushed) got %a", flushed[1], hg[1]);
  check("float_atomicAdd_global_ftz_subnormal_input", bitsOf(hg[2]) == bitsOf(flushed[2]),
        "FLT_MIN + 2^-130 stored on global: expected %a (input flushed) got %a", flushed[2], hg[2]);
  for (int i = 0; i < n; ++i) {
    char name[96];
    std::snprintf(name, sizeof name, "float_atomicAdd_shared_no_ftz_case%d", i);
    check(name, bitsOf(hsRes[i]) == bitsOf(exact[i]) && bitsOf(hsOld[i]) == bitsOf(a[i]),
          "%a + %a on shared: expected %a (old %a) got %a (old %a)", a[i], b[i], exact[i], a[i], hsRes[i], hsOld[i]);
  }
  check("double_atomicAdd_global_subnormal_kept", hd == d0 + d0 && hdOld == d0,
        "1e-310 + 1e-310 on global: expected %a (old %a) got %a (old %a)", d0 + d0, d0, hd, hdOld);
  CK(cudaFree(g));
  CK(cudaFree(gOld));
  CK(cudaFree(da));
  CK(cudaFree(db));
  CK(cudaFree(sRes));
  CK(cudaFree(sOld));
  CK(cudaFree(gd));
  CK(cudaFree(gdOld));
}

int main() {
  testAllFunctions();
  testReturnedValues();
  testSpread();
  testIncDecSequences();
  testIncDecMany();
  testLocks();
  testSubnormals();
  return finish("atomics");
}
