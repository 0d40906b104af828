// Warp-level primitives against the Programming Guide's definitions ("Warp Shuffle Functions",
// "Warp Vote Functions", "Warp Match Functions", "Warp Reduce Functions"), computed on the host
// for every lane. Cases the guide leaves undefined (a source lane outside the mask) are printed,
// not checked, so the device record decides (validate/).
#include "conformance.h"

#include <cstdint>
#include <cstring>

constexpr int kLanes = 32;

// One record per lane for each case, written by the kernel.
struct Out {
  int idx, idxW8, idxNeg, up3, up3W16, down5, down5W8, xor1, xor20W16, upBig;
  float f;
  double d;
  long long ll;
  unsigned ballot, any, all, anyNone, allSome, matchAny, matchAll, matchAllPred, matchAllDiff,
      matchAllDiffPred;
  unsigned rAdd, rMinU, rMaxU, rAnd, rOr, rXor;
  int rMinS, rMaxS, reduceViaShfl;
  int halfMaskShfl;  // lanes 0..15 only, mask 0x0000ffff
};

__global__ void warpKernel(Out* out) {
  int lane = threadIdx.x % 32;
  Out o{};
  unsigned full = 0xffffffffu;
  int v = lane * 10 + 7;
  o.idx = __shfl_sync(full, v, 5);
  o.idxW8 = __shfl_sync(full, v, 3, 8);
  o.idxNeg = __shfl_sync(full, v, -1);            // srcLane mod 32 = 31
  o.up3 = __shfl_up_sync(full, v, 3);
  o.up3W16 = __shfl_up_sync(full, v, 3, 16);
  o.down5 = __shfl_down_sync(full, v, 5);
  o.down5W8 = __shfl_down_sync(full, v, 5, 8);
  o.xor1 = __shfl_xor_sync(full, v, 1);
  o.xor20W16 = __shfl_xor_sync(full, v, 20, 16);   // may name an earlier or later segment
  o.upBig = __shfl_up_sync(full, v, 33);           // low 5 bits of delta: 1
  o.f = __shfl_sync(full, lane * 0.5f, (lane + 1) % 32);
  o.d = __shfl_down_sync(full, lane * 1.25, 1);
  o.ll = __shfl_xor_sync(full, (long long)lane << 40 | lane, 3);
  o.ballot = __ballot_sync(full, lane % 3 == 0);
  o.any = __any_sync(full, lane == 17);
  o.all = __all_sync(full, lane < 32);
  o.anyNone = __any_sync(full, 0);
  o.allSome = __all_sync(full, lane != 4);
  o.matchAny = __match_any_sync(full, lane % 4);
  int pred = -1;
  o.matchAll = __match_all_sync(full, 42, &pred);
  o.matchAllPred = pred;
  pred = -1;
  o.matchAllDiff = __match_all_sync(full, lane / 16, &pred);
  o.matchAllDiffPred = pred;
  o.rAdd = __reduce_add_sync(full, (unsigned)lane);
  o.rMinU = __reduce_min_sync(full, (unsigned)(lane + 3));
  o.rMaxU = __reduce_max_sync(full, (unsigned)(lane * 2));
  o.rAnd = __reduce_and_sync(full, (unsigned)(0xff00u | lane));
  o.rOr = __reduce_or_sync(full, 1u << lane);
  o.rXor = __reduce_xor_sync(full, (unsigned)lane);
  o.rMinS = __reduce_min_sync(full, lane - 16);
  o.rMaxS = __reduce_max_sync(full, 5 - lane);
  int sum = lane + 1;
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(full, sum, offset);
  o.reduceViaShfl = __shfl_sync(full, sum, 0);
  o.halfMaskShfl = -1;
  if (lane < 16) o.halfMaskShfl = __shfl_down_sync(0x0000ffffu, v, 2, 16);
  out[blockIdx.x * blockDim.x + threadIdx.x] = o;
}

// Reads from a lane outside the mask: undefined by the guide, recorded from the device.
__global__ void outsideMaskKernel(int* out) {
  int lane = threadIdx.x;
  int r = -1;
  if (lane < 8) r = __shfl_sync(0xffu, lane + 100, 12);
  out[lane] = r;
}

// A block-wide sum with warp shuffles and shared memory, the common pattern.
__global__ void blockSum(const int* in, int* out) {
  __shared__ int partial[32];
  int t = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + t];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  if (t % 32 == 0) partial[t / 32] = v;
  __syncthreads();
  if (t < 32) {
    v = t < blockDim.x / 32 ? partial[t] : 0;
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if (t == 0) out[blockIdx.x] = v;
  }
}

static int hostShfl(int lane, int srcLane, int width, int base) {
  int minLane = lane & ~(width - 1);
  return (minLane + (srcLane & (width - 1))) * 10 + base;
}

int main() {
  const int warps = 2;
  Out* d;
  CK(cudaMalloc(&d, warps * kLanes * sizeof(Out)));
  warpKernel<<<1, warps * kLanes>>>(d);
  CK_LAUNCH();
  Out h[warps * kLanes];
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));

  bool ok[40] = {};
  for (auto& b : ok) b = true;
  for (int t = 0; t < warps * kLanes; ++t) {
    const Out& o = h[t];
    int lane = t % 32;
    auto val = [](int l) { return l * 10 + 7; };
    ok[0] &= o.idx == val(5);
    ok[1] &= o.idxW8 == hostShfl(lane, 3, 8, 7);
    ok[2] &= o.idxNeg == val(31);
    int segStart16 = lane & ~15, segStart8 = lane & ~7;
    ok[3] &= o.up3 == (lane >= 3 ? val(lane - 3) : val(lane));
    ok[4] &= o.up3W16 == (lane - 3 >= segStart16 ? val(lane - 3) : val(lane));
    ok[5] &= o.down5 == (lane + 5 <= 31 ? val(lane + 5) : val(lane));
    ok[6] &= o.down5W8 == (lane + 5 <= segStart8 + 7 ? val(lane + 5) : val(lane));
    ok[7] &= o.xor1 == val(lane ^ 1);
    int x = lane ^ 20;
    ok[8] &= o.xor20W16 == (x <= segStart16 + 15 ? val(x) : val(lane));
    ok[9] &= o.upBig == (lane >= 1 ? val(lane - 1) : val(lane));
    ok[10] &= o.f == ((lane + 1) % 32) * 0.5f;
    ok[11] &= o.d == (lane + 1 <= 31 ? (lane + 1) * 1.25 : lane * 1.25);
    long long src = lane ^ 3;
    ok[12] &= o.ll == (src << 40 | src);
    unsigned ballot = 0;
    for (int l = 0; l < 32; ++l) ballot |= (l % 3 == 0) ? 1u << l : 0u;
    ok[13] &= o.ballot == ballot;
    ok[14] &= o.any == 1 && o.all == 1 && o.anyNone == 0 && o.allSome == 0;
    unsigned match = 0;
    for (int l = 0; l < 32; ++l) match |= (l % 4 == lane % 4) ? 1u << l : 0u;
    ok[15] &= o.matchAny == match;
    ok[16] &= o.matchAll == 0xffffffffu && o.matchAllPred == 1;
    ok[17] &= o.matchAllDiff == 0 && o.matchAllDiffPred == 0;
    ok[18] &= o.rAdd == 496 && o.rMinU == 3 && o.rMaxU == 62;
    ok[19] &= o.rAnd == 0xff00u && o.rOr == 0xffffffffu && o.rXor == 0;
    ok[20] &= o.rMinS == -16 && o.rMaxS == 5;
    ok[21] &= o.reduceViaShfl == 528;
    if (lane < 16) ok[22] &= o.halfMaskShfl == (lane + 2 <= 15 ? val(lane + 2) : val(lane));
  }
  const char* names[] = {"shfl_idx", "shfl_idx_width8", "shfl_idx_negative_src", "shfl_up",
                         "shfl_up_width16", "shfl_down", "shfl_down_width8", "shfl_xor",
                         "shfl_xor_width16_other_segment", "shfl_up_delta_low5bits", "shfl_float",
                         "shfl_down_double", "shfl_xor_long_long", "ballot", "any_all",
                         "match_any", "match_all_same", "match_all_different",
                         "reduce_add_min_max_unsigned", "reduce_and_or_xor", "reduce_min_max_int",
                         "shfl_down_tree_sum", "shfl_half_mask"};
  for (int i = 0; i < 23; ++i) check(names[i], ok[i]);

  int* dOut;
  CK(cudaMalloc(&dOut, 32 * sizeof(int)));
  outsideMaskKernel<<<1, 32>>>(dOut);
  CK_LAUNCH();
  int outside[32];
  CK(cudaMemcpy(outside, dOut, sizeof outside, cudaMemcpyDeviceToHost));
  std::printf("shfl_source_outside_mask:");
  for (int l = 0; l < 8; ++l) std::printf(" %d", outside[l]);
  std::printf("\n");

  const int blocks = 7, threads = 256;
  int hin[blocks * threads], hsum[blocks], want[blocks] = {};
  for (int i = 0; i < blocks * threads; ++i) {
    hin[i] = (i * 37) % 101 - 50;
    want[i / threads] += hin[i];
  }
  int *din, *dsum;
  CK(cudaMalloc(&din, sizeof hin));
  CK(cudaMalloc(&dsum, sizeof hsum));
  CK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
  blockSum<<<blocks, threads>>>(din, dsum);
  CK_LAUNCH();
  CK(cudaMemcpy(hsum, dsum, sizeof hsum, cudaMemcpyDeviceToHost));
  bool sums = true;
  for (int b = 0; b < blocks; ++b) sums &= hsum[b] == want[b];
  check("block_sum_with_shuffles", sums);
  return finish("warp");
}
