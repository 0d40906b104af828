// style_atomics_mix: the atomic operations projects combine in histogramming, ticketing,
// reductions and flags: atomicAdd on int / float / double / unsigned long long, a
// float atomic max built from an atomicCAS loop, atomicExch chains, atomicInc/atomicDec
// wraparound, atomicMin/Max (int, unsigned, long long), atomicAnd/Or/Xor, atomicSub.
// Float and double sums use values that sum exactly in any order.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(x)                                                                   \
  do {                                                                                  \
    cudaError_t e = (x);                                                                \
    if (e != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e));     \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

__device__ float atomicMaxFloat(float* address, float val) {
  int* addr = reinterpret_cast<int*>(address);
  int old = *addr, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= val) break;
    old = atomicCAS(addr, assumed, __float_as_int(val));
  } while (assumed != old);
  return __int_as_float(old);
}

struct Results {
  int hist[16];
  float fsum;
  double dsum;
  unsigned long long usum;
  float fmax;
  int imin, imax;
  unsigned umin, umax;
  long long llmin, llmax;
  unsigned inc_counter;
  unsigned dec_counter;
  unsigned and_bits, or_bits, xor_bits;
  int sub_counter;
  int exch_slot;
  int ticket;
};

__device__ __host__ inline int value_of(int i) { return (i * 7919) % 1001 - 500; }
__device__ __host__ inline float fvalue_of(int i) {
  // -8..-8+... small integers and halves; |sum| stays far below 2^24
  return 0.5f * static_cast<float>((i * 13) % 33) - 8.0f;
}

__global__ void atomics_kernel(Results* r, int n, unsigned inc_limit, unsigned dec_limit,
                               int* exch_old, int* tickets, unsigned* inc_old) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = value_of(i);
  atomicAdd(&r->hist[(v + 500) % 16], 1);
  atomicAdd(&r->fsum, fvalue_of(i));
  atomicAdd(&r->dsum, 0.25 * static_cast<double>(v));
  atomicAdd(&r->usum, (1ull << 40) + static_cast<unsigned long long>(i));
  atomicMaxFloat(&r->fmax, fvalue_of(i) * 3.0f + static_cast<float>(i % 17));
  atomicMin(&r->imin, v);
  atomicMax(&r->imax, v);
  atomicMin(&r->umin, static_cast<unsigned>(v + 1000) * 3u);
  atomicMax(&r->umax, static_cast<unsigned>(v + 1000) * 3u);
  long long lv = static_cast<long long>(v) * 10000000000ll;
  atomicMin(&r->llmin, lv);
  atomicMax(&r->llmax, lv);
  inc_old[i] = atomicInc(&r->inc_counter, inc_limit);
  atomicDec(&r->dec_counter, dec_limit);
  atomicAnd(&r->and_bits, ~(1u << (i % 32)) | (i % 3 == 0 ? 0xffffffffu : 0u));
  atomicOr(&r->or_bits, 1u << ((i * 5) % 29));
  atomicXor(&r->xor_bits, static_cast<unsigned>(i) * 2654435761u);
  atomicSub(&r->sub_counter, v & 7);
  exch_old[i] = atomicExch(&r->exch_slot, i);
  tickets[i] = atomicAdd(&r->ticket, 1);
}

static int failures = 0;
static void check(const char* what, bool ok, const char* detail = "") {
  if (ok) std::printf("style_atomics_mix: %s PASS\n", what);
  else { std::printf("style_atomics_mix: %s FAIL %s\n", what, detail); ++failures; }
}

int main() {
  const int n = 12000;
  const unsigned inc_limit = 999, dec_limit = 77;
  Results init;
  std::memset(&init, 0, sizeof init);
  init.fmax = -1e30f;
  init.imin = 1 << 30; init.imax = -(1 << 30);
  init.umin = 0xffffffffu; init.umax = 0;
  init.llmin = (1ll << 62); init.llmax = -(1ll << 62);
  init.and_bits = 0xffffffffu;
  init.dec_counter = 5;
  init.sub_counter = 1000;
  init.exch_slot = -1;

  Results* d_r;
  int *d_exch, *d_tickets;
  unsigned* d_inc;
  CUDA_CHECK(cudaMalloc(&d_r, sizeof(Results)));
  CUDA_CHECK(cudaMalloc(&d_exch, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_tickets, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_inc, n * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(d_r, &init, sizeof init, cudaMemcpyHostToDevice));
  atomics_kernel<<<(n + 255) / 256, 256>>>(d_r, n, inc_limit, dec_limit, d_exch, d_tickets, d_inc);
  CUDA_CHECK(cudaGetLastError());
  Results r;
  std::vector<int> exch(n), tickets(n);
  std::vector<unsigned> inc_old(n);
  CUDA_CHECK(cudaMemcpy(&r, d_r, sizeof r, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(exch.data(), d_exch, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(tickets.data(), d_tickets, n * sizeof(int), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(inc_old.data(), d_inc, n * sizeof(unsigned), cudaMemcpyDeviceToHost));

  // CPU reference.
  Results e = init;
  for (int i = 0; i < n; ++i) {
    int v = value_of(i);
    e.hist[(v + 500) % 16]++;
    e.fsum += fvalue_of(i);
    e.dsum += 0.25 * v;
    e.usum += (1ull << 40) + static_cast<unsigned long long>(i);
    e.fmax = std::max(e.fmax, fvalue_of(i) * 3.0f + static_cast<float>(i % 17));
    e.imin = std::min(e.imin, v);
    e.imax = std::max(e.imax, v);
    unsigned u = static_cast<unsigned>(v + 1000) * 3u;
    e.umin = std::min(e.umin, u);
    e.umax = std::max(e.umax, u);
    long long lv = static_cast<long long>(v) * 10000000000ll;
    e.llmin = std::min(e.llmin, lv);
    e.llmax = std::max(e.llmax, lv);
    e.inc_counter = e.inc_counter >= inc_limit ? 0 : e.inc_counter + 1;
    e.dec_counter = (e.dec_counter == 0 || e.dec_counter > dec_limit) ? dec_limit : e.dec_counter - 1;
    e.and_bits &= ~(1u << (i % 32)) | (i % 3 == 0 ? 0xffffffffu : 0u);
    e.or_bits |= 1u << ((i * 5) % 29);
    e.xor_bits ^= static_cast<unsigned>(i) * 2654435761u;
    e.sub_counter -= v & 7;
  }

  char d[160];
  {
    bool ok = true;
    for (int b = 0; b < 16; ++b) if (r.hist[b] != e.hist[b]) ok = false;
    check("atomicAdd int histogram", ok);
  }
  std::snprintf(d, sizeof d, "got %.9g want %.9g", r.fsum, e.fsum);
  check("atomicAdd float (exact sum)", r.fsum == e.fsum, d);
  std::snprintf(d, sizeof d, "got %.17g want %.17g", r.dsum, e.dsum);
  check("atomicAdd double (exact sum)", r.dsum == e.dsum, d);
  std::snprintf(d, sizeof d, "got %llu want %llu", r.usum, e.usum);
  check("atomicAdd unsigned long long", r.usum == e.usum, d);
  std::snprintf(d, sizeof d, "got %.9g want %.9g", r.fmax, e.fmax);
  check("atomicCAS loop float max", r.fmax == e.fmax, d);
  check("atomicMin/atomicMax int", r.imin == e.imin && r.imax == e.imax);
  check("atomicMin/atomicMax unsigned", r.umin == e.umin && r.umax == e.umax);
  check("atomicMin/atomicMax long long", r.llmin == e.llmin && r.llmax == e.llmax);
  std::snprintf(d, sizeof d, "got %u want %u", r.inc_counter, e.inc_counter);
  check("atomicInc wraparound final value", r.inc_counter == e.inc_counter, d);
  {
    // The values atomicInc returned: n increments from 0 with wrap at inc_limit, so each
    // value k in [0, inc_limit] appears floor((n - 1 - k) / (limit + 1)) + 1 times.
    std::vector<int> count(inc_limit + 1, 0);
    bool ok = true;
    for (int i = 0; i < n; ++i) {
      if (inc_old[i] > inc_limit) { ok = false; break; }
      count[inc_old[i]]++;
    }
    for (unsigned k = 0; k <= inc_limit && ok; ++k) {
      int want = static_cast<int>(k) < n ? (n - 1 - static_cast<int>(k)) / static_cast<int>(inc_limit + 1) + 1 : 0;
      if (count[k] != want) ok = false;
    }
    check("atomicInc returned values", ok);
  }
  std::snprintf(d, sizeof d, "got %u want %u", r.dec_counter, e.dec_counter);
  check("atomicDec wraparound final value", r.dec_counter == e.dec_counter, d);
  check("atomicAnd/atomicOr/atomicXor",
        r.and_bits == e.and_bits && r.or_bits == e.or_bits && r.xor_bits == e.xor_bits);
  check("atomicSub", r.sub_counter == e.sub_counter);
  {
    // atomicExch chain: the returned values plus the final value are exactly {-1, 0..n-1}.
    std::vector<int> all(exch);
    all.push_back(r.exch_slot);
    std::sort(all.begin(), all.end());
    bool ok = all.size() == static_cast<size_t>(n + 1);
    for (int k = 0; k <= n && ok; ++k) if (all[k] != k - 1) ok = false;
    check("atomicExch chain is a permutation", ok);
  }
  {
    std::vector<int> t(tickets);
    std::sort(t.begin(), t.end());
    bool ok = r.ticket == n;
    for (int k = 0; k < n && ok; ++k) if (t[k] != k) ok = false;
    check("atomicAdd tickets unique 0..n-1", ok);
  }

  CUDA_CHECK(cudaFree(d_r)); CUDA_CHECK(cudaFree(d_exch));
  CUDA_CHECK(cudaFree(d_tickets)); CUDA_CHECK(cudaFree(d_inc));
  std::printf("style_atomics_mix: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
