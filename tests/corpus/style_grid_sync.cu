// style_grid_sync: a persistent cooperative kernel (cudaLaunchCooperativeKernel) that does
// two dependent phases separated by cg::this_grid().sync(): phase 1 computes per-block
// partial sums, phase 2 has every block read all partials. The grid is sized from
// cudaOccupancyMaxActiveBlocksPerMultiprocessor x SM count, capped small.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define CUDA_CHECK(x)                                                                   \
  do {                                                                                  \
    cudaError_t e = (x);                                                                \
    if (e != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x,                     \
                   cudaGetErrorString(e));                                              \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

constexpr int kThreads = 128;

__global__ void two_phase(const int* in, int n, int* partials, int* out, long long* totals) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ int smem[kThreads];

  // Phase 1: grid-stride sum into one partial per block.
  int acc = 0;
  for (int i = static_cast<int>(grid.thread_rank()); i < n; i += static_cast<int>(grid.size()))
    acc += in[i];
  smem[block.thread_rank()] = acc;
  block.sync();
  for (int s = kThreads / 2; s > 0; s >>= 1) {
    if (block.thread_rank() < static_cast<unsigned>(s))
      smem[block.thread_rank()] += smem[block.thread_rank() + s];
    block.sync();
  }
  if (block.thread_rank() == 0) partials[blockIdx.x] = smem[0];

  grid.sync();

  // Phase 2: each block reads every partial (written by other blocks before the sync).
  long long total = 0;
  for (unsigned b = 0; b < gridDim.x; ++b) total += partials[b];
  if (block.thread_rank() == 0) totals[blockIdx.x] = total;
  // Centre the data on the mean's integer part.
  int shift = static_cast<int>(total / n);
  for (int i = static_cast<int>(grid.thread_rank()); i < n; i += static_cast<int>(grid.size()))
    out[i] = in[i] - shift;

  grid.sync();

  // Phase 3: block 0 checks that every thread's phase-2 output is visible.
  if (blockIdx.x == 0 && block.thread_rank() == 0) {
    long long s = 0;
    for (int i = 0; i < n; ++i) s += out[i];
    totals[gridDim.x] = s;
  }
}

static int failures = 0;
static void check(const char* what, bool ok, const char* detail = "") {
  if (ok) std::printf("style_grid_sync: %s PASS\n", what);
  else { std::printf("style_grid_sync: %s FAIL %s\n", what, detail); ++failures; }
}

int main() {
  int dev = 0;
  CUDA_CHECK(cudaSetDevice(dev));
  int coop = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  if (!coop) {
    std::printf("style_grid_sync: device does not support cooperative launch FAIL\n");
    return 1;
  }
  check("cudaDevAttrCooperativeLaunch", coop == 1);

  int sms = 0, per_sm = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, two_phase, kThreads, 0));
  {
    char d[64];
    std::snprintf(d, sizeof d, "per_sm=%d sms=%d", per_sm, sms);
    check("occupancy allows at least one block per SM", per_sm >= 1 && sms >= 1, d);
  }
  int max_blocks = per_sm * sms;
  int blocks = max_blocks < 16 ? max_blocks : 16;  // keep it small

  const int n = 20000;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = (i * 13) % 257 + 40;
  int *d_in, *d_part, *d_out;
  long long* d_tot;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_part, blocks * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_tot, (blocks + 1) * sizeof(long long)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  int nn = n;
  void* args[] = {&d_in, &nn, &d_part, &d_out, &d_tot};
  CUDA_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void*>(two_phase), dim3(blocks),
                                         dim3(kThreads), args, 0, nullptr));
  CUDA_CHECK(cudaDeviceSynchronize());

  long long total = 0;
  for (int i = 0; i < n; ++i) total += h[i];
  int shift = static_cast<int>(total / n);

  std::vector<long long> tot(blocks + 1);
  std::vector<int> out(n);
  CUDA_CHECK(cudaMemcpy(tot.data(), d_tot, (blocks + 1) * sizeof(long long), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  {
    bool ok = true;
    for (int b = 0; b < blocks; ++b) if (tot[b] != total) ok = false;
    char d[96];
    std::snprintf(d, sizeof d, "block 0 saw %lld want %lld", tot[0], total);
    check("every block sees all partials after grid.sync()", ok, d);
  }
  {
    bool ok = true;
    long long s = 0;
    for (int i = 0; i < n; ++i) { if (out[i] != h[i] - shift) ok = false; s += out[i]; }
    check("phase 2 output", ok);
    check("second grid.sync() makes phase 2 visible to block 0", tot[blocks] == s);
  }

  // Launch again with the typed form of the call and a different grid size.
  int blocks2 = blocks > 1 ? blocks / 2 : 1;
  CUDA_CHECK(cudaMemset(d_tot, 0, (blocks + 1) * sizeof(long long)));
  CUDA_CHECK(cudaLaunchCooperativeKernel(two_phase, dim3(blocks2), dim3(kThreads), args));
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(tot.data(), d_tot, (blocks + 1) * sizeof(long long), cudaMemcpyDeviceToHost));
  {
    bool ok = true;
    for (int b = 0; b < blocks2; ++b) if (tot[b] != total) ok = false;
    check("second cooperative launch with a smaller grid", ok);
  }

  CUDA_CHECK(cudaFree(d_in)); CUDA_CHECK(cudaFree(d_part));
  CUDA_CHECK(cudaFree(d_out)); CUDA_CHECK(cudaFree(d_tot));
  std::printf("style_grid_sync: %s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
