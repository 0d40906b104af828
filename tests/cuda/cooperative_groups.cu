// Cooperative groups against the CUDA Programming Guide ("Cooperative Groups"): thread_block,
// thread_block_tile<N> for N = 1..32 (ranks, meta groups, shuffles with wrap-around and
// out-of-range sources, votes, ballot, match, sync), dynamic tiled_partition, coalesced groups
// of divergent branches and partial warps, labeled/binary partitions, cg::reduce and the scans.
// Expected values are computed on the host from the documented semantics. What the guide leaves
// open (exclusive_scan's rank 0, meta groups of partial tiles and labeled partitions, which lanes
// a loop or a branch runs together) is printed, not checked, so the device record decides.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "conformance.h"

namespace cg = cooperative_groups;

constexpr int S = 48;  // result slots per thread

// ---------------------------------------------------------------------------------------------
// 1. this_thread_block in a 3D block.
__global__ void blockKernel(long long* out) {
  cg::thread_block b = cg::this_thread_block();
  unsigned rank = b.thread_rank();
  long long* o = out + (blockIdx.x * 64 + rank) * S;
  o[0] = b.thread_rank();
  o[1] = b.size();
  o[2] = b.num_threads();
  dim3 gi = b.group_index(), ti = b.thread_index(), dt = b.dim_threads();
  o[3] = gi.x; o[4] = gi.y; o[5] = gi.z;
  o[6] = ti.x; o[7] = ti.y; o[8] = ti.z;
  o[9] = dt.x; o[10] = dt.y; o[11] = dt.z;
  __shared__ int s[64];
  s[rank] = rank * 3 + blockIdx.x;
  b.sync();
  o[12] = s[(rank + 17) % 64];
  cg::sync(b);
  cg::thread_group g = b;  // through the base type
  o[13] = g.size();
  o[14] = g.thread_rank();
  s[(rank + 5) % 64] = rank;
  g.sync();
  o[15] = s[rank];
}

static void testBlock() {
  std::vector<long long> h(2 * 64 * S, -1);
  long long* d;
  CK(cudaMalloc(&d, h.size() * sizeof(long long)));
  blockKernel<<<2, dim3(8, 4, 2)>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(long long), cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  bool ranks = true, dims = true, sync = true, group = true;
  for (int b = 0; b < 2; ++b) {
    for (int r = 0; r < 64; ++r) {
      const long long* o = &h[(b * 64 + r) * S];
      ranks &= o[0] == r && o[1] == 64 && o[2] == 64;
      dims &= o[3] == b && o[4] == 0 && o[5] == 0 && o[6] == r % 8 && o[7] == (r / 8) % 4 &&
              o[8] == r / 32 && o[9] == 8 && o[10] == 4 && o[11] == 2;
      sync &= o[12] == ((r + 17) % 64) * 3 + b;
      group &= o[13] == 64 && o[14] == r && o[15] == (r + 59) % 64;
    }
  }
  check("block_thread_rank_size", ranks);
  check("block_group_index_thread_index_dim_threads", dims);
  check("block_sync_and_cg_sync", sync);
  check("block_as_thread_group", group);
}

// ---------------------------------------------------------------------------------------------
// 2. thread_block_tile<N> over a 16x4 block (tiles follow the linear thread rank).
__host__ __device__ int tv(int r) { return r * 7 + 3; }
__host__ __device__ int tw(int r) { return (r * 37) % 23 - 11; }
__host__ __device__ unsigned tu(int r) { return static_cast<unsigned>(r) * 2654435761u; }

template <int N>
__global__ void tileKernel(long long* out) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<N> t = cg::tiled_partition<N>(b);
  int rank = b.thread_rank();
  long long* o = out + rank * S;
  int v = tv(rank), w = tw(rank);
  int tr = t.thread_rank();
  o[0] = t.thread_rank();
  o[1] = t.num_threads();
  o[2] = t.size();
  o[3] = t.meta_group_rank();
  o[4] = t.meta_group_size();
  o[5] = t.shfl(v, 1);           // wraps to 0 when N == 1
  o[6] = t.shfl(v, N + 3);       // srcRank mod N
  o[7] = t.shfl(v, -1);          // the last rank
  o[8] = t.shfl_up(v, 1);
  o[9] = t.shfl_up(v, N);        // out of range: own value
  o[10] = t.shfl_down(v, 2);
  o[11] = t.shfl_down(v, 33);    // the low 5 bits of delta: 1
  o[12] = t.shfl_xor(v, N / 2);
  o[13] = t.shfl_xor(v, N - 1);
  o[14] = t.any(tr == N - 1);
  o[15] = t.any(0);
  o[16] = t.all(1);
  o[17] = t.all(tr != 0);
  o[18] = t.ballot(tr % 2 == 0);
  o[19] = t.ballot(rank % 3 == 0);
  o[20] = t.match_any(rank % 3);
  int p = -1;
  o[21] = t.match_all(5, p);
  o[22] = p;
  p = -1;
  o[23] = t.match_all(rank, p);
  o[24] = p;
  __shared__ int s[64], s2[64];
  s[rank] = v;
  t.sync();
  o[25] = s[rank - tr + (tr + 1) % N];
  cg::thread_group d = cg::tiled_partition(b, N);
  o[26] = d.thread_rank();
  o[27] = d.size();
  s2[rank] = 2 * v;
  d.sync();
  o[28] = s2[rank - tr + (N - 1 - tr)];
  if constexpr (N >= 2) {
    cg::thread_block_tile<N / 2> sub = cg::tiled_partition<N / 2>(t);
    o[29] = sub.thread_rank();
    o[30] = sub.meta_group_rank();
    o[31] = sub.meta_group_size();
    o[32] = sub.shfl(v, 0);
  }
  o[33] = cg::reduce(t, v, cg::plus<int>());
  o[34] = cg::reduce(t, w, cg::less<int>());
  o[35] = cg::reduce(t, w, cg::greater<int>());
  o[36] = cg::reduce(t, tu(rank), cg::bit_and<unsigned>());
  o[37] = cg::reduce(t, tu(rank), cg::bit_or<unsigned>());
  o[38] = cg::reduce(t, tu(rank), cg::bit_xor<unsigned>());
  o[39] = cg::inclusive_scan(t, w);
  o[40] = cg::exclusive_scan(t, w);
  o[41] = cg::inclusive_scan(t, w, cg::greater<int>());
  o[42] = cg::exclusive_scan(t, w, cg::greater<int>());
  o[43] = cg::reduce(t, static_cast<long long>(w) << 33, cg::plus<long long>());
  o[44] = static_cast<long long>(2 * cg::reduce(t, w * 0.5, cg::plus<double>()));
  o[45] = cg::reduce(t, w, [](int a, int c) { return a > c ? a : c; });
  o[46] = cg::inclusive_scan(t, tu(rank) & 0xffu, cg::bit_xor<unsigned>());
}

template <int N>
static void testTile() {
  std::vector<long long> h(64 * S, -1);
  long long* d;
  CK(cudaMalloc(&d, h.size() * sizeof(long long)));
  CK(cudaMemset(d, 0xff, h.size() * sizeof(long long)));
  tileKernel<N><<<1, dim3(16, 4)>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(long long), cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  bool ranks = true, shfl = true, updown = true, votes = true, ballot = true, sync = true,
       dynamic = true, nested = true, reduce = true, scan = true;
  long long ex0Plus = 0, ex0Max = 0;
  unsigned low = N == 32 ? ~0u : (1u << N) - 1;
  for (int r = 0; r < 64; ++r) {
    const long long* o = &h[r * S];
    int tr = r % N, base = r - tr;
    ranks &= o[0] == tr && o[1] == N && o[2] == N && o[3] == r / N && o[4] == 64 / N;
    shfl &= o[5] == tv(base + (1 & (N - 1))) && o[6] == tv(base + ((N + 3) & (N - 1))) &&
            o[7] == tv(base + N - 1);
    updown &= o[8] == (tr >= 1 ? tv(r - 1) : tv(r)) && o[9] == tv(r) &&
              o[10] == (tr + 2 < N ? tv(r + 2) : tv(r)) &&
              o[11] == (tr + 1 < N ? tv(r + 1) : tv(r)) && o[12] == tv(base + (tr ^ (N / 2))) &&
              o[13] == tv(base + (N - 1 - tr));
    votes &= o[14] == 1 && o[15] == 0 && o[16] == 1 && o[17] == (N == 1 ? 0 : 0);
    unsigned even = 0x55555555u & low, third = 0, same = 0;
    for (int i = 0; i < N; ++i) {
      if ((base + i) % 3 == 0) third |= 1u << i;
      if ((base + i) % 3 == r % 3) same |= 1u << i;
    }
    ballot &= o[18] == even && o[19] == third && o[20] == same && o[21] == low && o[22] == 1 &&
              o[23] == (N == 1 ? 1 : 0) && o[24] == (N == 1 ? 1 : 0);
    sync &= o[25] == tv(base + (tr + 1) % N);
    dynamic &= o[26] == tr && o[27] == N && o[28] == 2 * tv(base + N - 1 - tr);
    if (N >= 2) {
      int half = N / 2;
      nested &= o[29] == tr % half && o[30] == tr / half && o[31] == 2 && o[32] == tv(r - tr % half);
    }
    long long sum = 0, sumW = 0, sumW33 = 0;
    int mn = 1 << 30, mx = -(1 << 30);
    unsigned a = ~0u, orr = 0, x = 0;
    for (int i = 0; i < N; ++i) {
      sum += tv(base + i);
      sumW += tw(base + i);
      sumW33 += static_cast<long long>(tw(base + i)) << 33;
      mn = std::min(mn, tw(base + i));
      mx = std::max(mx, tw(base + i));
      a &= tu(base + i);
      orr |= tu(base + i);
      x ^= tu(base + i);
    }
    reduce &= o[33] == sum && o[34] == mn && o[35] == mx && o[36] == a && o[37] == orr &&
              o[38] == x && o[43] == sumW33 && o[44] == sumW && o[45] == mx;
    long long inc = 0, incMax = -(1 << 30), exc = 0, excMax = -(1 << 30);
    unsigned incX = 0;
    for (int i = 0; i <= tr; ++i) {
      if (i == tr) {
        exc = inc;
        excMax = incMax;
      }
      inc += tw(base + i);
      incMax = std::max<long long>(incMax, tw(base + i));
      incX ^= tu(base + i) & 0xffu;
    }
    scan &= o[39] == inc && o[41] == incMax && o[46] == incX;
    if (tr > 0) scan &= o[40] == exc && o[42] == excMax;
    if (r == 0) {
      ex0Plus = o[40];
      ex0Max = o[42];
    }
  }
  std::string n = "tile" + std::to_string(N) + "_";
  check((n + "thread_rank_num_threads_meta_group").c_str(), ranks);
  check((n + "shfl_wraps_modulo_size").c_str(), shfl);
  check((n + "shfl_up_down_xor_stay_in_tile").c_str(), updown);
  check((n + "any_all").c_str(), votes);
  check((n + "ballot_match_in_tile_ranks").c_str(), ballot);
  check((n + "sync").c_str(), sync);
  check((n + "dynamic_tiled_partition").c_str(), dynamic);
  if (N >= 2) check((n + "nested_tiled_partition").c_str(), nested);
  check((n + "reduce_plus_less_greater_bit_ops_lambda").c_str(), reduce);
  check((n + "inclusive_exclusive_scan").c_str(), scan);
  std::printf("%sexclusive_scan_rank0: plus %lld greater %lld\n", n.c_str(), ex0Plus, ex0Max);
}

// ---------------------------------------------------------------------------------------------
// 3. Coalesced groups of divergent branches in two warps.
__global__ void coalescedKernel(long long* out) {
  int rank = threadIdx.x, lane = rank % 32;
  long long* o = out + rank * S;
  int v = tv(rank);
  __shared__ int s[64];
  if (lane % 3 == 0) {
    cg::coalesced_group g = cg::coalesced_threads();
    unsigned n = g.size(), gr = g.thread_rank();
    o[0] = n;
    o[1] = gr;
    o[2] = g.meta_group_rank();
    o[3] = g.meta_group_size();
    o[4] = g.shfl(v, 0);
    o[5] = g.shfl(v, n - 1);
    o[6] = g.shfl(v, (gr + 1) % n);
    o[7] = g.shfl_up(v, 1);
    o[8] = g.shfl_up(v, 3);
    o[9] = g.shfl_down(v, 1);
    o[10] = g.shfl_down(v, 4);
    o[11] = g.shfl_down(v, 40);
    o[12] = g.any(lane == 9);
    o[13] = g.all(lane % 3 == 0);
    o[14] = g.all(lane < 20);
    o[15] = g.ballot(lane % 2 == 0);
    o[16] = g.match_any(lane % 4);
    int p = -1;
    o[17] = g.match_all(7, p);
    o[18] = p;
    o[19] = cg::reduce(g, v, cg::plus<int>());
    o[20] = cg::reduce(g, tw(rank), cg::greater<int>());
    o[21] = cg::inclusive_scan(g, v);
    o[22] = cg::exclusive_scan(g, v);
    s[rank] = v;
    g.sync();
    o[23] = s[(rank - lane) + 3 * ((gr + 1) % n)];
    cg::coalesced_group q = cg::tiled_partition(g, 4);
    o[24] = q.size();
    o[25] = q.thread_rank();
    o[26] = q.meta_group_rank();
    o[27] = q.meta_group_size();
    o[28] = cg::reduce(q, v, cg::plus<int>());
    cg::coalesced_group lp = cg::labeled_partition(g, lane % 2);
    o[29] = lp.size();
    o[30] = lp.thread_rank();
    o[31] = cg::reduce(lp, v, cg::plus<int>());
    cg::coalesced_group bp = cg::binary_partition(g, lane > 15);
    o[32] = bp.size();
    o[33] = bp.thread_rank();
    o[34] = cg::reduce(bp, v, cg::plus<int>());
    o[35] = lp.meta_group_rank();
    o[36] = lp.meta_group_size();
    o[40] = bp.meta_group_rank();
    o[41] = bp.meta_group_size();
    o[37] = __activemask();
  } else if (lane % 3 == 1) {
    cg::coalesced_group g = cg::coalesced_threads();
    o[0] = g.size();
    o[1] = g.thread_rank();
    o[4] = g.shfl(v, 2);
    o[19] = cg::reduce(g, v, cg::plus<int>());
    o[37] = __activemask();
  }
  cg::coalesced_group all = cg::coalesced_threads();
  o[38] = all.size();
  o[39] = __activemask();
}

static void testCoalesced() {
  std::vector<long long> h(64 * S, -1);
  long long* d;
  CK(cudaMalloc(&d, h.size() * sizeof(long long)));
  CK(cudaMemset(d, 0xff, h.size() * sizeof(long long)));
  coalescedKernel<<<1, 64>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(long long), cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  bool ranks = true, shfl = true, updown = true, votes = true, ballot = true, reduce = true,
       scan = true, sync = true, tiles = true, labeled = true, binary = true, other = true;
  long long ex0 = 0;
  std::vector<std::array<long long, 3>> bpShown(32), bpGuide(32);
  for (int r = 0; r < 64; ++r) {
    const long long* o = &h[r * S];
    int lane = r % 32, wbase = r - lane;
    if (lane % 3 == 1) {
      int gr = lane / 3;
      other &= o[0] == 11 && o[1] == gr && o[4] == tv(wbase + 1 + 3 * 2);
      long long sum = 0;
      for (int l = 1; l < 32; l += 3) sum += tv(wbase + l);
      other &= o[19] == sum;
      continue;
    }
    if (lane % 3 != 0) continue;
    // Members: lanes 0, 3, ..., 30 of the warp (11 of them); rank gr is lane 3 * gr.
    const int n = 11, gr = lane / 3;
    auto mv = [&](int rankInGroup) { return tv(wbase + 3 * rankInGroup); };
    ranks &= o[0] == n && o[1] == gr && o[2] == 0 && o[3] == 1;
    shfl &= o[4] == mv(0) && o[5] == mv(n - 1) && o[6] == mv((gr + 1) % n);
    updown &= o[7] == (gr >= 1 ? mv(gr - 1) : mv(gr)) && o[8] == (gr >= 3 ? mv(gr - 3) : mv(gr)) &&
              o[9] == (gr + 1 < n ? mv(gr + 1) : mv(gr)) &&
              o[10] == (gr + 4 < n ? mv(gr + 4) : mv(gr)) && o[11] == mv(gr);
    votes &= o[12] == 1 && o[13] == 1 && o[14] == 0;
    unsigned even = 0, same = 0;
    for (int i = 0; i < n; ++i) {
      if ((3 * i) % 2 == 0) even |= 1u << i;
      if ((3 * i) % 4 == lane % 4) same |= 1u << i;
    }
    ballot &= o[15] == even && o[16] == same && o[17] == (1u << n) - 1 && o[18] == 1;
    long long sum = 0, inc = 0, exc = 0;
    int mx = -(1 << 30);
    for (int i = 0; i < n; ++i) {
      sum += mv(i);
      mx = std::max(mx, tw(wbase + 3 * i));
      if (i < gr) exc += mv(i);
      if (i <= gr) inc += mv(i);
    }
    reduce &= o[19] == sum && o[20] == mx;
    scan &= o[21] == inc && (gr == 0 || o[22] == exc);
    if (r == 0) ex0 = o[22];
    sync &= o[23] == mv((gr + 1) % n);
    int qFirst = gr / 4 * 4, qSize = std::min(4, n - qFirst);
    long long qSum = 0;
    for (int i = qFirst; i < qFirst + qSize; ++i) qSum += mv(i);
    tiles &= o[24] == qSize && o[25] == gr % 4 && o[26] == gr / 4 && o[27] == 3 && o[28] == qSum;
    int lSize = 0, lRank = 0, bSize = 0, bRank = 0;
    long long lSum = 0, bSum = 0;
    for (int i = 0; i < n; ++i) {
      int l = 3 * i;
      if (l % 2 == lane % 2) {
        lSum += mv(i);
        if (i < gr) ++lRank;
        ++lSize;
      }
      if ((l > 15) == (lane > 15)) {
        bSum += mv(i);
        if (i < gr) ++bRank;
        ++bSize;
      }
    }
    labeled &= o[29] == lSize && o[30] == lRank && o[31] == lSum;
    binary &= o[32] == bSize && o[33] == bRank && o[34] == bSum;
    if (r < 32) {
      bpShown[lane] = {o[32], o[33], o[34]};
      bpGuide[lane] = {bSize, bRank, bSum};
    }
  }
  check("coalesced_size_rank_meta", ranks);
  check("coalesced_shfl_by_rank", shfl);
  check("coalesced_shfl_up_down_out_of_range_own_value", updown);
  check("coalesced_any_all", votes);
  check("coalesced_ballot_match_by_rank", ballot);
  check("coalesced_reduce", reduce);
  check("coalesced_inclusive_exclusive_scan", scan);
  check("coalesced_sync", sync);
  check("coalesced_tiled_partition_4", tiles);
  check("coalesced_labeled_partition", labeled);
  // Printed, not checked: here the H100 gives the right size and rank but cg::reduce over each
  // half returns the sum over the whole 11-lane group (1188 on every lane), while the partition
  // sweep below (testPartitionValues: the same lanes, the same predicate) reduces each half
  // correctly. Not a rule Loom can follow; known_divergences.txt says more.
  std::printf("coalesced_binary_partition_vs_guide: %s\n", binary ? "same" : "differs");
  std::printf("coalesced_binary_partition_warp0 (size/rank/sum, guide's in brackets):");
  for (int lane = 0; lane < 32; lane += 3)
    std::printf(" %d:%lld/%lld/%lld[%lld/%lld/%lld]", lane, bpShown[lane][0], bpShown[lane][1],
                bpShown[lane][2], bpGuide[lane][0], bpGuide[lane][1], bpGuide[lane][2]);
  std::printf("\n");
  check("coalesced_second_branch", other);
  // Left open by the guide: printed for the device record to decide.
  std::printf("coalesced_exclusive_scan_rank0: %lld\n", ex0);
  std::printf("partition_meta_groups (lanes 0 3 6 30 of warp 0):");
  for (int lane : {0, 3, 6, 30})
    std::printf(" labeled %lld/%lld binary %lld/%lld", h[lane * S + 35], h[lane * S + 36],
                h[lane * S + 40], h[lane * S + 41]);
  std::printf("\n");
  std::printf("activemask_in_branches: lane0 0x%08llx lane1 0x%08llx lane33 0x%08llx\n",
              h[0 * S + 37] & 0xffffffffLL, h[1 * S + 37] & 0xffffffffLL,
              h[33 * S + 37] & 0xffffffffLL);
  std::printf("after_branches: coalesced size %lld %lld activemask 0x%08llx 0x%08llx\n",
              h[0 * S + 38], h[34 * S + 38], h[2 * S + 39] & 0xffffffffLL,
              h[63 * S + 39] & 0xffffffffLL);
}

// ---------------------------------------------------------------------------------------------
// 4. A partial warp (48 threads: the second warp has 16 lanes).
__global__ void partialKernel(long long* out) {
  cg::thread_block b = cg::this_thread_block();
  int rank = b.thread_rank();
  long long* o = out + rank * S;
  cg::coalesced_group g = cg::coalesced_threads();
  o[0] = g.size();
  o[1] = g.thread_rank();
  o[2] = __activemask();
  o[3] = cg::reduce(g, rank, cg::plus<int>());
  o[4] = g.shfl_down(rank, 1);
  o[5] = g.ballot(1);
  o[6] = cg::inclusive_scan(g, 1);
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(b);
  o[7] = t16.meta_group_size();
  o[8] = cg::reduce(t16, rank, cg::plus<int>());
  o[9] = t16.shfl(rank, 15);
}

static void testPartialWarp() {
  std::vector<long long> h(48 * S, -1);
  long long* d;
  CK(cudaMalloc(&d, h.size() * sizeof(long long)));
  partialKernel<<<1, 48>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(long long), cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  bool coalesced = true, tiles = true;
  for (int r = 0; r < 48; ++r) {
    const long long* o = &h[r * S];
    int lane = r % 32, wbase = r - lane, n = r < 32 ? 32 : 16;
    long long sum = 0;
    for (int i = 0; i < n; ++i) sum += wbase + i;
    coalesced &= o[0] == n && o[1] == lane && (o[2] & 0xffffffffLL) == (n == 32 ? 0xffffffffLL : 0xffffLL) &&
                 o[3] == sum && o[4] == (lane + 1 < n ? r + 1 : r) &&
                 (o[5] & 0xffffffffLL) == (n == 32 ? 0xffffffffLL : 0xffffLL) && o[6] == lane + 1;
    int tbase = r - r % 16;
    long long tsum = 0;
    for (int i = 0; i < 16; ++i) tsum += tbase + i;
    tiles &= o[7] == 3 && o[8] == tsum && o[9] == tbase + 15;
  }
  check("partial_warp_coalesced_threads", coalesced);
  check("partial_warp_tile16", tiles);
}

// ---------------------------------------------------------------------------------------------
// 5. Lanes leaving a loop at different iterations: coalesced_threads() inside the loop.
__global__ void loopKernel(long long* out) {
  int lane = threadIdx.x;
  long long acc = 0;
  for (int i = 0; i < lane % 5; ++i) {
    cg::coalesced_group g = cg::coalesced_threads();
    acc = acc * 33 + g.size() * 100 + g.thread_rank();
  }
  out[lane] = acc;
}

static void testLoop() {
  long long h[32];
  long long* d;
  CK(cudaMalloc(&d, sizeof h));
  loopKernel<<<1, 32>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  std::printf("coalesced_in_loop:");
  for (int l = 0; l < 32; l += 1) std::printf(" %lld", h[l]);
  std::printf("\n");
}

// ---------------------------------------------------------------------------------------------
// 6. Uses from practice: a warp-aggregated atomic (stream compaction) and a block reduction
// with tile shuffles.
__device__ int aggregatedIncrement(int* counter) {
  cg::coalesced_group g = cg::coalesced_threads();
  int base = 0;
  if (g.thread_rank() == 0) base = atomicAdd(counter, static_cast<int>(g.size()));
  return g.shfl(base, 0) + static_cast<int>(g.thread_rank());
}

__global__ void compactKernel(const int* in, int n, int* out, int* counter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] % 3 == 0) out[aggregatedIncrement(counter)] = in[i];
}

__global__ void blockReduceKernel(const int* in, long long* out) {
  cg::thread_block b = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(b);
  __shared__ long long partial[32];
  long long v = in[blockIdx.x * blockDim.x + b.thread_rank()];
  for (int offset = warp.size() / 2; offset > 0; offset /= 2) v += warp.shfl_down(v, offset);
  if (warp.thread_rank() == 0) partial[warp.meta_group_rank()] = v;
  b.sync();
  if (warp.meta_group_rank() == 0) {
    v = warp.thread_rank() < warp.meta_group_size() ? partial[warp.thread_rank()] : 0;
    v = cg::reduce(warp, v, cg::plus<long long>());
    if (warp.thread_rank() == 0) out[blockIdx.x] = v;
  }
}

// Values larger than 8 bytes: the guide allows up to 32 bytes in tile shuffles and reduce.
struct Stat {
  long long count;
  double max;
};

__global__ void wideValuesKernel(long long* out) {
  cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
  int r = threadIdx.x;
  Stat s{r + 1, (r * 37 % 64) * 0.25};
  Stat total = cg::reduce(t, s, [](Stat a, Stat b) {
    return Stat{a.count + b.count, a.max > b.max ? a.max : b.max};
  });
  int4 v = make_int4(r, -r, 2 * r, 7);
  int4 got = t.shfl(v, (r + 3) % 32);
  out[r * 6 + 0] = total.count;
  out[r * 6 + 1] = static_cast<long long>(total.max * 4);
  out[r * 6 + 2] = got.x;
  out[r * 6 + 3] = got.y;
  out[r * 6 + 4] = got.z;
  out[r * 6 + 5] = got.w;
}

static void testWideValues() {
  long long h[32 * 6];
  long long* d;
  CK(cudaMalloc(&d, sizeof h));
  wideValuesKernel<<<1, 32>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  bool ok = true;
  long long maxQuarters = 0;
  for (int r = 0; r < 32; ++r) maxQuarters = std::max<long long>(maxQuarters, r * 37 % 64);
  for (int r = 0; r < 32; ++r) {
    int src = (r + 3) % 32;
    ok &= h[r * 6] == 528 && h[r * 6 + 1] == maxQuarters && h[r * 6 + 2] == src &&
          h[r * 6 + 3] == -src && h[r * 6 + 4] == 2 * src && h[r * 6 + 5] == 7;
  }
  check("tile_reduce_struct_and_shfl_int4", ok);
}

static void testPractice() {
  const int n = 1000;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 1009;
  int *dIn, *dOut, *dCount;
  CK(cudaMalloc(&dIn, n * sizeof(int)));
  CK(cudaMalloc(&dOut, n * sizeof(int)));
  CK(cudaMalloc(&dCount, sizeof(int)));
  CK(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemset(dCount, 0, sizeof(int)));
  compactKernel<<<(n + 127) / 128, 128>>>(dIn, n, dOut, dCount);
  CK_LAUNCH();
  int count = 0;
  CK(cudaMemcpy(&count, dCount, sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> got(count > 0 && count <= n ? count : 0), want;
  CK(cudaMemcpy(got.data(), dOut, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int x : in)
    if (x % 3 == 0) want.push_back(x);
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  check("warp_aggregated_atomic_compaction", got == want, "count %d, expected %zu", count,
        want.size());

  const int blocks = 5, threads = 256;
  std::vector<int> values(blocks * threads);
  std::vector<long long> sums(blocks), wantSums(blocks, 0);
  for (int i = 0; i < blocks * threads; ++i) {
    values[i] = (i * 104729) % 2001 - 1000;
    wantSums[i / threads] += values[i];
  }
  int* dValues;
  long long* dSums;
  CK(cudaMalloc(&dValues, values.size() * sizeof(int)));
  CK(cudaMalloc(&dSums, blocks * sizeof(long long)));
  CK(cudaMemcpy(dValues, values.data(), values.size() * sizeof(int), cudaMemcpyHostToDevice));
  blockReduceKernel<<<blocks, threads>>>(dValues, dSums);
  CK_LAUNCH();
  CK(cudaMemcpy(sums.data(), dSums, blocks * sizeof(long long), cudaMemcpyDeviceToHost));
  check("block_reduce_with_tile_shuffles_and_cg_reduce", sums == wantSums);
  CK(cudaFree(dIn));
  CK(cudaFree(dOut));
  CK(cudaFree(dCount));
  CK(cudaFree(dValues));
  CK(cudaFree(dSums));
}

// ---------------------------------------------------------------------------------------------
// 9. binary_partition and labeled_partition value by value, of coalesced groups (a whole warp,
// every third lane from lane 0 and from lane 1, contiguous runs from lane 0 and up to lane 31)
// and of tiles. Per lane: size, thread_rank, meta_group_rank/size, cg::reduce of 1 << lane (the
// members' lane mask, so a wrong membership shows) and the lane of rank 0. The guide defines
// binary_partition as labeled_partition with a 0/1 label: members with the same label, ranked
// in lane order. Meta groups (printed, the record decides): a labeled partition numbers its
// groups by lowest lane; a binary partition by the predicate (true is group 1 of 2).
constexpr int kPartCases = 8, kPartSlots = 3 * 6;
const char* const kPartNames[kPartCases] = {"warp",   "coal_mod3_0", "coal_mod3_1", "coal_lt20",
                                            "coal_ge12", "tile32",   "tile8",       "tile4"};

__host__ __device__ bool partMember(int c, int lane) {
  switch (c) {
    case 1: return lane % 3 == 0;
    case 2: return lane % 3 == 1;
    case 3: return lane < 20;
    case 4: return lane >= 12;
    default: return true;
  }
}
__host__ __device__ bool partPred(int c, int lane) {
  switch (c) {
    case 0: case 5: return lane % 3 == 0;
    case 1: case 2: return lane > 15;
    case 3: return lane >= 7;
    case 4: return lane & 1;
    case 6: return lane % 8 > 2;
    default: return lane % 4 == 1;
  }
}
__host__ __device__ int partLabel(int c, int lane) {
  switch (c) {
    case 0: case 5: return lane % 5;
    case 1: return lane % 2;
    case 2: return lane % 4;
    case 3: return lane / 6;
    case 4: return lane / 8;
    case 6: return lane % 8 % 3;
    default: return lane % 4 / 2;
  }
}
// The lanes of the parent group of case c that holds `lane` (tiles: the lane's tile).
static unsigned partParent(int c, int lane) {
  int n = c == 6 ? 8 : c == 7 ? 4 : 32;
  unsigned lanes = 0;
  for (int l = lane / n * n; l < lane / n * n + n; ++l)
    if (partMember(c, l)) lanes |= 1u << l;
  return lanes;
}

__device__ void partRecord(const cg::coalesced_group& g, long long* s) {
  unsigned lane = threadIdx.x % 32;
  s[0] = g.size();
  s[1] = g.thread_rank();
  s[2] = g.meta_group_rank();
  s[3] = g.meta_group_size();
  s[4] = cg::reduce(g, 1u << lane, cg::plus<unsigned>());
  s[5] = g.shfl(static_cast<int>(lane), 0);
}
template <class G>
__device__ void partitions(const G& parent, int c, long long* o) {
  int lane = threadIdx.x % 32;
  long long* s = o + c * kPartSlots;
  bool pred = partPred(c, lane);
  cg::coalesced_group b = cg::binary_partition(parent, pred);
  partRecord(b, s);
  cg::coalesced_group l = cg::labeled_partition(parent, static_cast<int>(pred));
  partRecord(l, s + 6);
  cg::coalesced_group m = cg::labeled_partition(parent, partLabel(c, lane));
  partRecord(m, s + 12);
}

__global__ void partitionKernel(long long* out) {
  cg::thread_block b = cg::this_thread_block();
  int lane = threadIdx.x % 32;
  long long* o = out + threadIdx.x * kPartCases * kPartSlots;
  partitions(cg::coalesced_threads(), 0, o);
  __syncwarp();
  if (lane % 3 == 0) {
    partitions(cg::coalesced_threads(), 1, o);
  } else if (lane % 3 == 1) {
    partitions(cg::coalesced_threads(), 2, o);
  }
  __syncwarp();
  if (lane < 20) partitions(cg::coalesced_threads(), 3, o);
  __syncwarp();
  if (lane >= 12) partitions(cg::coalesced_threads(), 4, o);
  __syncwarp();
  partitions(cg::tiled_partition<32>(b), 5, o);
  partitions(cg::tiled_partition<8>(b), 6, o);
  partitions(cg::tiled_partition<4>(b), 7, o);
}

static void testPartitionValues() {
  const int per = kPartCases * kPartSlots;
  std::vector<long long> h(64 * per, -1);
  long long* d;
  CK(cudaMalloc(&d, h.size() * sizeof(long long)));
  CK(cudaMemset(d, 0xff, h.size() * sizeof(long long)));
  partitionKernel<<<1, 64>>>(d);
  CK_LAUNCH();
  CK(cudaMemcpy(h.data(), d, h.size() * sizeof(long long), cudaMemcpyDeviceToHost));
  CK(cudaFree(d));
  const char* kinds[3] = {"binary", "labeled_pred", "labeled"};
  for (int c = 0; c < kPartCases; ++c)
    for (int k = 0; k < 3; ++k) {
      bool guide = true, meta = true;
      for (int w = 0; w < 2; ++w) {
        std::printf("part.%s.%s.w%d:", kPartNames[c], kinds[k], w);
        for (int lane = 0; lane < 32; ++lane) {
          const long long* s = &h[(w * 32 + lane) * per + c * kPartSlots + k * 6];
          if (!partMember(c, lane)) continue;
          std::printf(" %d:%lld/%lld/%lld/%lld/0x%llx/%lld", lane, s[0], s[1], s[2], s[3],
                      s[4] & 0xffffffffLL, s[5]);
          // The guide: the parent's members with the caller's label, in lane order.
          auto key = [&](int l) { return k == 2 ? partLabel(c, l) : int(partPred(c, l)); };
          unsigned parent = partParent(c, lane), mine = 0;
          for (int l = 0; l < 32; ++l)
            if ((parent >> l & 1) && key(l) == key(lane)) mine |= 1u << l;
          guide &= s[0] == __builtin_popcount(mine) &&
                   s[1] == __builtin_popcount(mine & ((1u << lane) - 1)) &&
                   (s[4] & 0xffffffffLL) == mine && s[5] == __builtin_ctz(mine);
          // The H100's meta groups: binary by predicate (one group when all agree), labeled by
          // lowest lane.
          if (k == 0) {
            bool split = (parent & ~mine) != 0;
            meta &= split ? s[2] == int(partPred(c, lane)) && s[3] == 2 : s[2] == 0 && s[3] == 1;
          } else {
            unsigned leaders = 0;
            for (int l = 0; l < 32; ++l)
              if (parent >> l & 1) {
                unsigned same = 0;
                for (int m = 0; m < 32; ++m)
                  if ((parent >> m & 1) && key(m) == key(l)) same |= 1u << m;
                leaders |= 1u << __builtin_ctz(same);
              }
            meta &= s[2] == __builtin_popcount(leaders & ((1u << __builtin_ctz(mine)) - 1)) &&
                    s[3] == __builtin_popcount(leaders);
          }
        }
        std::printf("\n");
      }
      // "same"/"differs", not PASS/FAIL, as recorded; a difference fails the program (the H100
      // follows the guide in every one of these).
      std::printf("part_guide.%s.%s: %s\n", kPartNames[c], kinds[k], guide ? "same" : "differs");
      if (!guide) ++g_failures;
      // Printed only when it fails, so that the recorded output stays as it is.
      if (!meta) check(("part_meta." + std::string(kPartNames[c]) + "." + kinds[k]).c_str(), false,
                       "meta groups differ from the H100's rule");
    }
}

// cg::invoke_one / invoke_one_broadcast (CUDA 12.1): one thread of each group calls the
// invocable; the broadcast form returns that call's result to every thread of the group.
__global__ void invokeOneKernel(int* counters, int* seen) {
  auto tile = cg::tiled_partition<8>(cg::this_thread_block());
  int base = cg::invoke_one_broadcast(tile, [&] { return atomicAdd(&counters[0], 8); });
  cg::invoke_one(tile, [&](int add) { atomicAdd(&counters[1], add); }, 3);
  seen[blockIdx.x * blockDim.x + threadIdx.x] = base;
  if (threadIdx.x % 2 == 0) {
    auto even = cg::coalesced_threads();
    int twice = cg::invoke_one_broadcast(even, [&] { return 2 * (int)even.size(); });
    cg::invoke_one(even, [&] { atomicAdd(&counters[2], twice); });
  }
}

static void testInvokeOne() {
  const int blocks = 2, threads = 64;
  int *counters, *seen;
  CK(cudaMalloc(&counters, 3 * sizeof(int)));
  CK(cudaMemset(counters, 0, 3 * sizeof(int)));
  CK(cudaMalloc(&seen, blocks * threads * sizeof(int)));
  invokeOneKernel<<<blocks, threads>>>(counters, seen);
  CK_LAUNCH();
  int c[3];
  std::vector<int> s(blocks * threads);
  CK(cudaMemcpy(c, counters, sizeof c, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(s.data(), seen, s.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaFree(counters));
  CK(cudaFree(seen));
  const int tiles = blocks * threads / 8, warps = blocks * threads / 32;
  // Each tile's threads saw one value, a multiple of 8, and the tiles' values are all different.
  bool sameInTile = true;
  std::vector<int> bases;
  for (int t = 0; t < tiles; ++t) {
    for (int r = 0; r < 8; ++r) sameInTile &= s[t * 8 + r] == s[t * 8];
    bases.push_back(s[t * 8]);
  }
  std::sort(bases.begin(), bases.end());
  bool distinct = true;
  for (int t = 0; t < tiles; ++t) distinct &= bases[t] == 8 * t;
  check("invoke_one_broadcast_tile", c[0] == 8 * tiles && sameInTile && distinct,
        "counter %d (expected %d), same in each tile %d, one call per tile %d", c[0], 8 * tiles, sameInTile, distinct);
  check("invoke_one_tile", c[1] == 3 * tiles, "counter %d (expected %d)", c[1], 3 * tiles);
  check("invoke_one_coalesced", c[2] == 32 * warps, "counter %d (expected %d: 2 x 16 lanes per warp)", c[2], 32 * warps);
}

int main() {
  testBlock();
  testTile<1>();
  testTile<2>();
  testTile<4>();
  testTile<8>();
  testTile<16>();
  testTile<32>();
  testCoalesced();
  testPartialWarp();
  testLoop();
  testWideValues();
  testPractice();
  testPartitionValues();
  testInvokeOne();
  return finish("cooperative_groups");
}
