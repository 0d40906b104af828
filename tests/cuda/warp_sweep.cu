// Warp shuffles swept over every width (1..32), in-range, out-of-range, negative and
// wrap-around source lanes and deltas, for every type CUDA's shuffles accept; and the warp
// intrinsics in a partial warp. Expected values follow the Programming Guide ("Warp Shuffle
// Functions": the source lane is srcLane mod width within the caller's segment; up/down do not
// wrap and return the caller's own value; xor may read an earlier segment but returns the own
// value for a later one) and HARDWARE_NOTES.md (delta uses its low 5 bits, as measured on sm_90).
// Results on exited lanes, which the guide leaves undefined, are printed for the device record.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstring>
#include <string>
#include <vector>

#include "conformance.h"

// As macros: device code cannot read a host constexpr array, so each side has its own copy.
#define WIDTHS {1, 2, 4, 8, 16, 32}
#define SOURCES {-33, -1, 0, 1, 5, 31, 32, 33, 63}
#define DELTAS {0, 1, 2, 5, 16, 31, 32, 33}
#define XOR_MASKS {0, 1, 3, 8, 16, 31}
constexpr int kWidths[] = WIDTHS;
constexpr int kSources[] = SOURCES;
constexpr unsigned kDeltas[] = DELTAS;
constexpr int kXorMasks[] = XOR_MASKS;
constexpr int kPerWidth = 9 + 8 + 8 + 6;

__global__ void sweepKernel(int* out) {
  int lane = threadIdx.x;
  int v = lane * 10 + 7;
  const int widths[] = WIDTHS, sources[] = SOURCES, xorMasks[] = XOR_MASKS;
  const unsigned deltas[] = DELTAS;
  int k = 0;
  for (int w : widths) {
    for (int s : sources) out[(k++) * 32 + lane] = __shfl_sync(0xffffffffu, v, s, w);
    for (unsigned d : deltas) out[(k++) * 32 + lane] = __shfl_up_sync(0xffffffffu, v, d, w);
    for (unsigned d : deltas) out[(k++) * 32 + lane] = __shfl_down_sync(0xffffffffu, v, d, w);
    for (int m : xorMasks) out[(k++) * 32 + lane] = __shfl_xor_sync(0xffffffffu, v, m, w);
  }
}

static int sourceLane(int op, int lane, int w, long long param) {
  int seg = lane & ~(w - 1);
  int src = lane;
  switch (op) {
    case 0: return seg + static_cast<int>(param & (w - 1));
    case 1: src = lane - static_cast<int>(param & 31); return src >= seg ? src : lane;
    case 2: src = lane + static_cast<int>(param & 31); return src <= seg + w - 1 ? src : lane;
    default: src = lane ^ static_cast<int>(param & 31); return src <= seg + w - 1 ? src : lane;
  }
}

static void testSweep() {
  const int slots = 6 * kPerWidth;
  std::vector<int> h(slots * 32, -1);
  int* d;
  CK(cudaMalloc(&d, h.size() * sizeof(int)));
  sweepKernel<<<1, 32>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  int k = 0;
  const char* opNames[] = {"shfl_idx", "shfl_up", "shfl_down", "shfl_xor"};
  for (int w : kWidths) {
    bool ok[4] = {true, true, true, true};
    std::string bad[4];
    auto one = [&](int op, long long param) {
      for (int lane = 0; lane < 32; ++lane) {
        int want = sourceLane(op, lane, w, param) * 10 + 7, got = h[k * 32 + lane];
        if (got != want && ok[op]) {
          ok[op] = false;
          bad[op] = "param " + std::to_string(param) + " lane " + std::to_string(lane) +
                    ": expected " + std::to_string(want) + ", got " + std::to_string(got);
        }
      }
      ++k;
    };
    for (int s : kSources) one(0, s);
    for (unsigned dl : kDeltas) one(1, dl);
    for (unsigned dl : kDeltas) one(2, dl);
    for (int m : kXorMasks) one(3, m);
    for (int op = 0; op < 4; ++op)
      check((std::string(opNames[op]) + "_width" + std::to_string(w)).c_str(), ok[op], "%s",
            bad[op].c_str());
  }
}

// Every type: each lane's bits in, xor-1 and down-3-width-16 shuffles out, compared as bits.
template <class T>
__device__ unsigned long long bitsOf(T x) {
  unsigned long long b = 0;
  memcpy(&b, &x, sizeof(T));
  return b;
}

template <class T>
__global__ void typeKernel(const unsigned long long* in, unsigned long long* out) {
  int lane = threadIdx.x;
  T x;
  memcpy(&x, &in[lane], sizeof(T));
  out[lane] = bitsOf(__shfl_xor_sync(0xffffffffu, x, 1));
  out[32 + lane] = bitsOf(__shfl_down_sync(0xffffffffu, x, 3, 16));
  out[64 + lane] = bitsOf(__shfl_sync(0xffffffffu, x, lane * 7 + 2));
  out[96 + lane] = bitsOf(__shfl_up_sync(0xffffffffu, x, 2, 8));
}

template <class T>
static void testType(const char* name) {
  unsigned long long in[32], out[128];
  for (int l = 0; l < 32; ++l) {
    // Distinct bit patterns in every byte the type has, including NaN and negative-zero shapes.
    unsigned long long b = 0x8000000000000000ull ^ (0x0101010101010101ull * (l * 11 + 3)) ^
                           (static_cast<unsigned long long>(l) << 52);
    if (sizeof(T) < 8) b &= (1ull << (8 * sizeof(T))) - 1;
    in[l] = b;
  }
  unsigned long long *dIn, *dOut;
  CK(cudaMalloc(&dIn, sizeof in));
  CK(cudaMalloc(&dOut, sizeof out));
  CK(cudaMemcpy(dIn, in, sizeof in, cudaMemcpyHostToDevice));
  typeKernel<T><<<1, 32>>>(dIn, dOut);
  CK_LAUNCH();
  CK(cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost));
  CK(cudaFree(dIn));
  CK(cudaFree(dOut));
  bool ok = true;
  for (int l = 0; l < 32; ++l) {
    ok &= out[l] == in[l ^ 1];
    ok &= out[32 + l] == in[sourceLane(2, l, 16, 3)];
    ok &= out[64 + l] == in[(l * 7 + 2) & 31];
    ok &= out[96 + l] == in[sourceLane(1, l, 8, 2)];
  }
  check((std::string("shfl_type_") + name).c_str(), ok);
}

// A partial warp: 40 threads, so the second warp has lanes 0..7 only.
__global__ void partialKernel(unsigned* out) {
  int t = threadIdx.x, lane = t % 32;
  unsigned* o = out + t * 8;
  unsigned mask = t < 32 ? 0xffffffffu : 0xffu;
  o[0] = __activemask();
  o[1] = __ballot_sync(mask, lane % 3 == 0);
  o[2] = __shfl_down_sync(mask, lane * 10 + 7, 3, 8);
  o[3] = __reduce_add_sync(mask, static_cast<unsigned>(lane));
  o[4] = __match_any_sync(mask, lane / 4);
  o[5] = __all_sync(mask, 1);
  o[6] = __shfl_xor_sync(mask, lane * 10 + 7, 5);
  __syncwarp(mask);
}

static void testPartial() {
  unsigned h[40 * 8];
  unsigned* d;
  CK(cudaMalloc(&d, sizeof h));
  partialKernel<<<1, 40>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  bool ok = true;
  for (int t = 0; t < 40; ++t) {
    const unsigned* o = h + t * 8;
    int lane = t % 32, n = t < 32 ? 32 : 8;
    unsigned mask = n == 32 ? 0xffffffffu : 0xffu, third = 0, same = 0, sum = 0;
    for (int l = 0; l < n; ++l) {
      if (l % 3 == 0) third |= 1u << l;
      if (l / 4 == lane / 4) same |= 1u << l;
      sum += l;
    }
    ok &= o[0] == mask && o[1] == third &&
          o[2] == static_cast<unsigned>(sourceLane(2, lane, 8, 3) * 10 + 7) && o[3] == sum &&
          o[4] == same && o[5] == 1 && o[6] == static_cast<unsigned>((lane ^ 5) * 10 + 7);
  }
  check("partial_warp_intrinsics", ok);
}

// Lanes 24..31 exit first: the guide makes non-exited lanes of the mask the participants.
__global__ void exitedKernel(unsigned* out) {
  int lane = threadIdx.x;
  if (lane >= 24) return;
  out[lane] = __ballot_sync(0xffffffffu, 1);
  out[32 + lane] = __all_sync(0xffffffffu, lane < 24);
  out[64 + lane] = __activemask();
}

static void testExited() {
  unsigned h[96];
  std::memset(h, 0, sizeof h);
  unsigned* d;
  CK(cudaMalloc(&d, sizeof h));
  CK(cudaMemset(d, 0, sizeof h));
  exitedKernel<<<1, 32>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  std::printf("exited_lanes: ballot 0x%08x all %u activemask 0x%08x\n", h[0], h[32], h[64]);
}

int main() {
  testSweep();
  testType<int>("int");
  testType<unsigned>("unsigned");
  testType<long>("long");
  testType<unsigned long>("unsigned_long");
  testType<long long>("long_long");
  testType<unsigned long long>("unsigned_long_long");
  testType<float>("float");
  testType<double>("double");
  testType<__half>("half");
  testType<__half2>("half2");
  testType<__nv_bfloat16>("bfloat16");
  testType<__nv_bfloat162>("bfloat162");
  testPartial();
  testExited();
  return finish("warp_sweep");
}
