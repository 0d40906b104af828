// The bank/coalescing sweep's probe: each pattern of patterns.h is one launch of one warp that
// performs exactly one memory instruction (lanes outside the pattern's mask skip it), so Nsight
// Compute's per-launch counters are that instruction's cost.
//   bank_sweep list                 print the patterns (index, name, tier)
//   bank_sweep run FIRST COUNT      launch patterns FIRST .. FIRST+COUNT-1 in order
//   bank_sweep runidx I J K ...     launch the patterns with these indices, in this order
// Built by nvcc, the accesses are inline PTX so that each is one SASS instruction that nvcc cannot
// merge, split, drop or aggregate (the recorded SASS shows it); the C* atomics are CUDA C++ on
// purpose. Built by loom-cc, the same accesses are plain C++ (Loom forms the warp requests itself).
// The pattern's mask and offsets come from __constant__ memory, so the probe makes no global or
// shared access other than the one measured (atomic probes zero their window first with stores).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

#include "patterns.h"

using loom_sweep::Access;
using loom_sweep::Pattern;
using loom_sweep::Space;

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t err_ = (call);                                                       \
    if (err_ != cudaSuccess) {                                                       \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));  \
      exit(2);                                                                       \
    }                                                                                \
  } while (0)

__constant__ unsigned c_mask;
__constant__ unsigned c_off[32];
__constant__ unsigned c_magic;
__constant__ unsigned* c_sink;

template <unsigned W> struct Word;
template <> struct Word<1> { typedef unsigned char T; };
template <> struct Word<2> { typedef unsigned short T; };
template <> struct Word<4> { typedef unsigned T; };
template <> struct Word<8> { typedef unsigned long long T; };
template <> struct Word<16> { typedef uint4 T; };

#if defined(LOOM_EMULATED_ARCH)
// Loom: plain C++ accesses; the empty asm keeps a loaded value alive.
template <unsigned W> __device__ void sink(const typename Word<W>::T& v) {
  asm volatile("" : : "r"((unsigned)sizeof v), "m"(v) : "memory");
}
template <unsigned W> __device__ void loadAt(void* p) {
  typename Word<W>::T v = *static_cast<typename Word<W>::T*>(p);
  sink<W>(v);
}
template <unsigned W> __device__ void storeAt(void* p, unsigned lane) {
  typename Word<W>::T v;
  memset(&v, 0, sizeof v);
  memcpy(&v, &lane, sizeof v < 4 ? sizeof v : 4);
  *static_cast<typename Word<W>::T*>(p) = v;
}
template <Access A, unsigned W> __device__ void sharedAccess(unsigned char* p, unsigned lane) {
  if (A == Access::Load) loadAt<W>(p);
  else if (A == Access::Store) storeAt<W>(p, lane);
  else if (A == Access::AtomAdd) {
    if (W == 4) atomicAdd((unsigned*)p, lane + 1);
    else atomicAdd((unsigned long long*)p, (unsigned long long)lane + 1);
  } else if (A == Access::AtomExch) {
    if (W == 4) atomicExch((unsigned*)p, lane + 1);
    else atomicExch((unsigned long long*)p, (unsigned long long)lane + 1);
  } else if (A == Access::AtomCas) {
    if (W == 2) atomicCAS((unsigned short*)p, (unsigned short)0, (unsigned short)(lane + 1));
    else if (W == 4) atomicCAS((unsigned*)p, 0u, lane + 1);
    else atomicCAS((unsigned long long*)p, 0ull, (unsigned long long)lane + 1);
  } else if (A == Access::CAtomicAddF) {
    if (W == 4) atomicAdd((float*)p, 1.0f);
    else atomicAdd((double*)p, 1.0);
  } else {
    atomicAdd((int*)p, 1);
  }
}
template <unsigned W, bool Store> __device__ void globalAccess(unsigned char* p, unsigned lane) {
  if (Store) storeAt<W>(p, lane);
  else loadAt<W>(p);
}
#else
// nvcc: one PTX instruction per access. ptxas drops a load whose value is dead, and sinks it into
// a branch that alone uses it, so every loaded value is compared with c_magic, a value no probe
// loads (global memory is zeroed; 8/16-bit values cannot reach it), and a match would store to
// c_sink (the global buffer): the load always runs, the store never does.
__device__ __forceinline__ void keep(unsigned v, unsigned lane) {
  if (v == c_magic) c_sink[lane] = v;
}
template <Access A, unsigned W> __device__ void sharedPtx(unsigned a, unsigned lane);
template <> __device__ void sharedPtx<Access::Load, 1>(unsigned a, unsigned lane) {
  unsigned short v;
  asm volatile("ld.shared.u8 %0, [%1];" : "=h"(v) : "r"(a) : "memory");
  keep(v, lane);
}
template <> __device__ void sharedPtx<Access::Store, 1>(unsigned a, unsigned lane) {
  unsigned short v = (unsigned short)lane;
  asm volatile("st.shared.u8 [%0], %1;" : : "r"(a), "h"(v) : "memory");
}
template <> __device__ void sharedPtx<Access::Load, 2>(unsigned a, unsigned lane) {
  unsigned short v;
  asm volatile("ld.shared.u16 %0, [%1];" : "=h"(v) : "r"(a) : "memory");
  keep(v, lane);
}
template <> __device__ void sharedPtx<Access::Store, 2>(unsigned a, unsigned lane) {
  unsigned short v = (unsigned short)lane;
  asm volatile("st.shared.u16 [%0], %1;" : : "r"(a), "h"(v) : "memory");
}
template <> __device__ void sharedPtx<Access::Load, 4>(unsigned a, unsigned lane) {
  unsigned v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
  keep(v, lane);
}
template <> __device__ void sharedPtx<Access::Store, 4>(unsigned a, unsigned lane) {
  asm volatile("st.shared.u32 [%0], %1;" : : "r"(a), "r"(lane) : "memory");
}
template <> __device__ void sharedPtx<Access::Load, 8>(unsigned a, unsigned lane) {
  unsigned long long v;
  asm volatile("ld.shared.u64 %0, [%1];" : "=l"(v) : "r"(a) : "memory");
  keep((unsigned)v ^ (unsigned)(v >> 32), lane);
}
template <> __device__ void sharedPtx<Access::Store, 8>(unsigned a, unsigned lane) {
  unsigned long long v = lane;
  asm volatile("st.shared.u64 [%0], %1;" : : "r"(a), "l"(v) : "memory");
}
template <> __device__ void sharedPtx<Access::Load, 16>(unsigned a, unsigned lane) {
  unsigned x, y, z, w;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "r"(a) : "memory");
  keep(x ^ y ^ z ^ w, lane);
}
template <> __device__ void sharedPtx<Access::Store, 16>(unsigned a, unsigned lane) {
  asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" : : "r"(a), "r"(lane), "r"(lane + 1), "r"(lane + 2), "r"(lane + 3) : "memory");
}
template <> __device__ void sharedPtx<Access::AtomAdd, 4>(unsigned a, unsigned lane) {
  unsigned v;
  asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(v) : "r"(a), "r"(lane + 1) : "memory");
}
template <> __device__ void sharedPtx<Access::AtomAdd, 8>(unsigned a, unsigned lane) {
  unsigned long long v, x = lane + 1;
  asm volatile("atom.shared.add.u64 %0, [%1], %2;" : "=l"(v) : "r"(a), "l"(x) : "memory");
}
template <> __device__ void sharedPtx<Access::AtomExch, 4>(unsigned a, unsigned lane) {
  unsigned v;
  asm volatile("atom.shared.exch.b32 %0, [%1], %2;" : "=r"(v) : "r"(a), "r"(lane + 1) : "memory");
}
template <> __device__ void sharedPtx<Access::AtomExch, 8>(unsigned a, unsigned lane) {
  unsigned long long v, x = lane + 1;
  asm volatile("atom.shared.exch.b64 %0, [%1], %2;" : "=l"(v) : "r"(a), "l"(x) : "memory");
}
template <> __device__ void sharedPtx<Access::AtomCas, 2>(unsigned a, unsigned lane) {
  unsigned short v, c = 0, x = (unsigned short)(lane + 1);
  asm volatile("atom.shared.cas.b16 %0, [%1], %2, %3;" : "=h"(v) : "r"(a), "h"(c), "h"(x) : "memory");
}
template <> __device__ void sharedPtx<Access::AtomCas, 4>(unsigned a, unsigned lane) {
  unsigned v;
  asm volatile("atom.shared.cas.b32 %0, [%1], %2, %3;" : "=r"(v) : "r"(a), "r"(0u), "r"(lane + 1) : "memory");
}
template <> __device__ void sharedPtx<Access::AtomCas, 8>(unsigned a, unsigned lane) {
  unsigned long long v, c = 0, x = lane + 1;
  asm volatile("atom.shared.cas.b64 %0, [%1], %2, %3;" : "=l"(v) : "r"(a), "l"(c), "l"(x) : "memory");
}
template <Access A, unsigned W> __device__ void sharedAccess(unsigned char* p, unsigned lane) {
  if (A == Access::CAtomicAddF) {
    if (W == 4) atomicAdd((float*)p, 1.0f);
    else atomicAdd((double*)p, 1.0);
  } else if (A == Access::CAtomicInc || A == Access::CAtomicIncUniform) {
    atomicAdd((int*)p, 1);
  } else {
    sharedPtx<A, W>((unsigned)__cvta_generic_to_shared(p), lane);
  }
}
template <unsigned W, bool Store> __device__ void globalPtx(unsigned char* p, unsigned lane);
template <> __device__ void globalPtx<1, false>(unsigned char* p, unsigned lane) {
  unsigned short v;
  asm volatile("ld.global.u8 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
  keep(v, lane);
}
template <> __device__ void globalPtx<2, false>(unsigned char* p, unsigned lane) {
  unsigned short v;
  asm volatile("ld.global.u16 %0, [%1];" : "=h"(v) : "l"(p) : "memory");
  keep(v, lane);
}
template <> __device__ void globalPtx<4, false>(unsigned char* p, unsigned lane) {
  unsigned v;
  asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  keep(v, lane);
}
template <> __device__ void globalPtx<8, false>(unsigned char* p, unsigned lane) {
  unsigned long long v;
  asm volatile("ld.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  keep((unsigned)v ^ (unsigned)(v >> 32), lane);
}
template <> __device__ void globalPtx<16, false>(unsigned char* p, unsigned lane) {
  unsigned x, y, z, w;
  asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "l"(p) : "memory");
  keep(x ^ y ^ z ^ w, lane);
}
template <> __device__ void globalPtx<1, true>(unsigned char* p, unsigned lane) {
  unsigned short v = (unsigned short)lane;
  asm volatile("st.global.u8 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
template <> __device__ void globalPtx<2, true>(unsigned char* p, unsigned lane) {
  unsigned short v = (unsigned short)lane;
  asm volatile("st.global.u16 [%0], %1;" : : "l"(p), "h"(v) : "memory");
}
template <> __device__ void globalPtx<4, true>(unsigned char* p, unsigned lane) {
  asm volatile("st.global.u32 [%0], %1;" : : "l"(p), "r"(lane) : "memory");
}
template <> __device__ void globalPtx<8, true>(unsigned char* p, unsigned lane) {
  unsigned long long v = lane;
  asm volatile("st.global.u64 [%0], %1;" : : "l"(p), "l"(v) : "memory");
}
template <> __device__ void globalPtx<16, true>(unsigned char* p, unsigned lane) {
  asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" : : "l"(p), "r"(lane), "r"(lane + 1), "r"(lane + 2), "r"(lane + 3) : "memory");
}
template <unsigned W, bool Store> __device__ void globalAccess(unsigned char* p, unsigned lane) {
  globalPtx<W, Store>(p, lane);
}
#endif

extern __shared__ uint4 sweep_window[];

template <Access A, unsigned W> __global__ void shared_probe() {
  unsigned char* window = reinterpret_cast<unsigned char*>(sweep_window);
  const unsigned lane = threadIdx.x;
  if (A != Access::Load && A != Access::Store) {
    // Atomics start from a zeroed window (CAS compares with 0): stores only, before the barrier.
    for (unsigned i = lane; i < loom_sweep::kSharedWindow / 16; i += 32) sweep_window[i] = make_uint4(0, 0, 0, 0);
    __syncthreads();
  }
  if ((c_mask >> lane) & 1u) {
    const unsigned off = (A == Access::CAtomicIncUniform) ? c_off[0] : c_off[lane];
    sharedAccess<A, W>(window + off, lane);
  }
}

template <unsigned W, bool Store> __global__ void global_probe(unsigned char* buffer) {
  const unsigned lane = threadIdx.x;
  if ((c_mask >> lane) & 1u) globalAccess<W, Store>(buffer + c_off[lane], lane);
}

template <Access A, unsigned W> static void launchShared() {
  shared_probe<A, W><<<1, 32, loom_sweep::kSharedWindow>>>();
}
template <unsigned W, bool Store> static void launchGlobal(unsigned char* buffer) {
  global_probe<W, Store><<<1, 32>>>(buffer);
}

// Every (space, access, width) the pattern list uses has one kernel; anything else is an error.
static bool launch(const Pattern& p, unsigned char* buffer) {
  if (p.space == Space::Global) {
    const bool st = p.access == Access::Store;
    switch (p.width) {
      case 1: st ? launchGlobal<1, true>(buffer) : launchGlobal<1, false>(buffer); return true;
      case 2: st ? launchGlobal<2, true>(buffer) : launchGlobal<2, false>(buffer); return true;
      case 4: st ? launchGlobal<4, true>(buffer) : launchGlobal<4, false>(buffer); return true;
      case 8: st ? launchGlobal<8, true>(buffer) : launchGlobal<8, false>(buffer); return true;
      case 16: st ? launchGlobal<16, true>(buffer) : launchGlobal<16, false>(buffer); return true;
    }
    return false;
  }
#define LOOM_CASE(A, W) \
  if (p.access == A && p.width == W) { launchShared<A, W>(); return true; }
  LOOM_CASE(Access::Load, 1) LOOM_CASE(Access::Load, 2) LOOM_CASE(Access::Load, 4)
  LOOM_CASE(Access::Load, 8) LOOM_CASE(Access::Load, 16)
  LOOM_CASE(Access::Store, 1) LOOM_CASE(Access::Store, 2) LOOM_CASE(Access::Store, 4)
  LOOM_CASE(Access::Store, 8) LOOM_CASE(Access::Store, 16)
  LOOM_CASE(Access::AtomAdd, 4) LOOM_CASE(Access::AtomAdd, 8)
  LOOM_CASE(Access::AtomExch, 4) LOOM_CASE(Access::AtomExch, 8)
  LOOM_CASE(Access::AtomCas, 2) LOOM_CASE(Access::AtomCas, 4) LOOM_CASE(Access::AtomCas, 8)
  LOOM_CASE(Access::CAtomicAddF, 4) LOOM_CASE(Access::CAtomicAddF, 8)
  LOOM_CASE(Access::CAtomicInc, 4) LOOM_CASE(Access::CAtomicIncUniform, 4)
#undef LOOM_CASE
  return false;
}

int main(int argc, char** argv) {
  const std::vector<Pattern> patterns = loom_sweep::bankSweepPatterns();
  if (argc >= 2 && strcmp(argv[1], "list") == 0) {
    for (size_t i = 0; i < patterns.size(); ++i) printf("%zu %s %d\n", i, patterns[i].name.c_str(), patterns[i].tier);
    return 0;
  }
  std::vector<size_t> indices;
  if (argc >= 2 && strcmp(argv[1], "runidx") == 0) {
    for (int a = 2; a < argc; ++a) indices.push_back(strtoul(argv[a], nullptr, 10));
  } else if (argc == 4 && strcmp(argv[1], "run") == 0) {
    const size_t first = strtoul(argv[2], nullptr, 10);
    const size_t count = strtoul(argv[3], nullptr, 10);
    for (size_t i = first; i < first + count && i < patterns.size(); ++i) indices.push_back(i);
  } else {
    fprintf(stderr, "usage: %s list | run FIRST COUNT | runidx I...\n", argv[0]);
    return 1;
  }
  unsigned char* buffer = nullptr;
  CHECK(cudaMalloc(&buffer, loom_sweep::kGlobalBuffer));
  CHECK(cudaMemset(buffer, 0, loom_sweep::kGlobalBuffer));
  const unsigned magic = 0x9e3779b9u;
  unsigned* sinkTarget = reinterpret_cast<unsigned*>(buffer);
  CHECK(cudaMemcpyToSymbol(c_magic, &magic, sizeof magic));
  CHECK(cudaMemcpyToSymbol(c_sink, &sinkTarget, sizeof sinkTarget));
  for (size_t i : indices) {
    if (i >= patterns.size()) {
      fprintf(stderr, "no pattern %zu\n", i);
      return 1;
    }
    const Pattern& p = patterns[i];
    CHECK(cudaMemcpyToSymbol(c_mask, &p.mask, sizeof p.mask));
    CHECK(cudaMemcpyToSymbol(c_off, p.offset, sizeof p.offset));
    if (!launch(p, buffer)) {
      fprintf(stderr, "pattern %zu (%s): no probe kernel for it\n", i, p.name.c_str());
      return 1;
    }
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    printf("%zu %s\n", i, p.name.c_str());
  }
  CHECK(cudaFree(buffer));
  return 0;
}
