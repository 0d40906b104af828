// Conformance test: cooperative launches and the grid barrier (cooperative_groups::grid_group).
//
// Expected behaviour comes from the Programming Guide ("Cooperative Groups": grid synchronization,
// cudaLaunchCooperativeKernel) and the Runtime API reference (cudaLaunchKernelEx,
// cudaLaunchAttributeCooperative): every block of a cooperative launch is resident at once, so
// grid.sync() orders the whole grid and blocks may wait for each other; a grid larger than the
// device holds at once is refused. CPU references give the results. The error codes and the
// grid_group query values are printed, not judged here: validate/ compares them with the H100's.
// The last probe, grid.sync() in an ordinary launch, leaves the context broken, as on the device.
// Prints one "<check>: PASS" / "<check>: FAIL <detail>" line per check; exit code 0 iff all pass.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#include "conformance.h"

namespace cg = cooperative_groups;

// Each phase moves every element 37 places and adds one; the grid barrier between phases is the
// only thing that makes a phase see the whole of the previous one.
__global__ void rotatePhases(int* a, int* b, int n, int phases) {
  cg::grid_group grid = cg::this_grid();
  for (int p = 0; p < phases; ++p) {
    const int* in = p % 2 ? b : a;
    int* out = p % 2 ? a : b;
    for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size())
      out[i] = in[(i + 37) % n] + 1;
    grid.sync();
  }
}

static std::vector<int> rotateReference(std::vector<int> a, int phases) {
  int n = (int)a.size();
  std::vector<int> b(n);
  for (int p = 0; p < phases; ++p) {
    std::vector<int>& in = p % 2 ? b : a;
    std::vector<int>& out = p % 2 ? a : b;
    for (int i = 0; i < n; ++i) out[i] = in[(i + 37) % n] + 1;
  }
  return phases % 2 ? b : a;
}

// Block sums, grid barrier, then block 0 adds the partial sums: one launch, no atomics.
__global__ void sumWithGridSync(const int* in, int n, int* partial, long long* total) {
  extern __shared__ int sdata[];
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  int sum = 0;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) sum += in[i];
  sdata[block.thread_rank()] = sum;
  block.sync();
  for (unsigned s = block.size() / 2; s > 0; s /= 2) {
    if (block.thread_rank() < s) sdata[block.thread_rank()] += sdata[block.thread_rank() + s];
    block.sync();
  }
  if (block.thread_rank() == 0) partial[grid.block_rank()] = sdata[0];
  cg::sync(grid);
  if (grid.thread_rank() == 0) {
    long long t = 0;
    for (unsigned long long b = 0; b < grid.num_blocks(); ++b) t += partial[b];
    *total = t;
  }
}

// The split barrier: work between arrive and wait must not need the other blocks; after the wait
// every block's write before its arrival is visible.
__global__ void splitBarrier(int* slots, int* seen, int* local) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long b = grid.block_rank();
  if (threadIdx.x == 0) slots[b] = (int)b + 100;
  auto token = grid.barrier_arrive();
  local[b * blockDim.x + threadIdx.x] = (int)threadIdx.x;  // independent work
  grid.barrier_wait(std::move(token));
  if (threadIdx.x == 0) {
    int count = 0;
    for (unsigned long long k = 0; k < grid.num_blocks(); ++k) count += slots[k] == (int)k + 100;
    seen[b] = count;
  }
}

// Blocks wait for each other through memory, which only a cooperative launch makes safe: block b
// waits until block b+1 has set its flag, so the last block must run first.
__global__ void chainOfBlocks(int* flags, int* order, int* counter) {
  unsigned b = blockIdx.x;
  if (threadIdx.x == 0) {
    if (b + 1 < gridDim.x)
      while (atomicCAS(&flags[b + 1], 1, 1) != 1) __nanosleep(100);
    order[b] = atomicAdd(counter, 1);
    __threadfence();
    atomicExch(&flags[b], 1);
  }
}

// What each grid_group query returns for one thread of a 3D grid.
__global__ void gridQueries(unsigned long long* out, unsigned bx, unsigned by, unsigned bz, unsigned tx,
                            unsigned ty, unsigned tz) {
  if (blockIdx.x != bx || blockIdx.y != by || blockIdx.z != bz || threadIdx.x != tx || threadIdx.y != ty ||
      threadIdx.z != tz)
    return;
  cg::grid_group g = cg::this_grid();
  int k = 0;
  out[k++] = g.is_valid();
  out[k++] = g.size();
  out[k++] = g.num_threads();
  out[k++] = g.thread_rank();
  out[k++] = g.num_blocks();
  out[k++] = g.block_rank();
  dim3 d[] = {g.dim_blocks(), g.block_index(), g.dim_threads(), g.thread_index(), g.group_dim(), g.dim_clusters(),
              g.cluster_index()};
  for (dim3 v : d) {
    out[k++] = v.x;
    out[k++] = v.y;
    out[k++] = v.z;
  }
  out[k++] = g.num_clusters();
  out[k++] = g.cluster_rank();
}
static const int kQueryCount = 6 + 7 * 3 + 2;
static const char* kQueryNames[kQueryCount] = {
    "is_valid", "size", "num_threads", "thread_rank", "num_blocks", "block_rank",
    "dim_blocks.x", "dim_blocks.y", "dim_blocks.z", "block_index.x", "block_index.y", "block_index.z",
    "dim_threads.x", "dim_threads.y", "dim_threads.z", "thread_index.x", "thread_index.y", "thread_index.z",
    "group_dim.x", "group_dim.y", "group_dim.z", "dim_clusters.x", "dim_clusters.y", "dim_clusters.z",
    "cluster_index.x", "cluster_index.y", "cluster_index.z", "num_clusters", "cluster_rank"};

__global__ void syncWithoutCooperativeLaunch(int* out) {
  cg::this_grid().sync();
  out[blockIdx.x] = 1;
}

static void probe(const char* name, cudaError_t e) {
  std::printf("%s: %s\n", name, cudaGetErrorName(e));
  cudaGetLastError();
}

static void testRotate() {
  const int n = 5000, phases = 6;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = i * 7 % 1000;
  int *a, *b;
  CK(cudaMalloc(&a, n * sizeof(int)));
  CK(cudaMalloc(&b, n * sizeof(int)));
  CK(cudaMemcpy(a, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  int nArg = n, pArg = phases;
  void* args[] = {&a, &b, &nArg, &pArg};
  // 16 blocks of 64 threads: fewer threads than elements, so each thread strides.
  CK(cudaLaunchCooperativeKernel((void*)rotatePhases, dim3(16), dim3(64), args, 0, 0));
  CK_LAUNCH();
  std::vector<int> out(n), want = rotateReference(h, phases);
  CK(cudaMemcpy(out.data(), phases % 2 ? b : a, n * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = -1;
  for (int i = 0; i < n && bad < 0; ++i)
    if (out[i] != want[i]) bad = i;
  check("grid_sync_phases", bad < 0, "element %d: %d, want %d", bad, bad < 0 ? 0 : out[bad], bad < 0 ? 0 : want[bad]);

  // The same through cudaLaunchKernelEx with the cooperative attribute, and a 2D grid.
  CK(cudaMemcpy(a, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(4, 3);
  config.blockDim = dim3(32, 2);
  config.attrs = attr;
  config.numAttrs = 1;
  CK(cudaLaunchKernelEx(&config, rotatePhases, a, b, n, phases));
  CK_LAUNCH();
  CK(cudaMemcpy(out.data(), phases % 2 ? b : a, n * sizeof(int), cudaMemcpyDeviceToHost));
  bad = -1;
  for (int i = 0; i < n && bad < 0; ++i)
    if (out[i] != want[i]) bad = i;
  check("grid_sync_launch_kernel_ex_2d", bad < 0, "element %d", bad);
  CK(cudaFree(a));
  CK(cudaFree(b));
}

static void testSum() {
  const int n = 100000, blocks = 24, threads = 128;
  std::vector<int> h(n);
  long long want = 0;
  for (int i = 0; i < n; ++i) {
    h[i] = (i * 2654435761u) % 2001 - 1000;
    want += h[i];
  }
  int *in, *partial;
  long long* total;
  CK(cudaMalloc(&in, n * sizeof(int)));
  CK(cudaMalloc(&partial, blocks * sizeof(int)));
  CK(cudaMalloc(&total, sizeof(long long)));
  CK(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  int nArg = n;
  void* args[] = {&in, &nArg, &partial, &total};
  CK(cudaLaunchCooperativeKernel((void*)sumWithGridSync, dim3(blocks), dim3(threads), args,
                                 threads * sizeof(int), 0));
  CK_LAUNCH();
  long long got = 0;
  CK(cudaMemcpy(&got, total, sizeof got, cudaMemcpyDeviceToHost));
  check("grid_sync_sum", got == want, "%lld, want %lld", got, want);

  // The C form of cudaLaunchKernelEx, arguments by address.
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(blocks);
  config.blockDim = dim3(threads);
  config.dynamicSmemBytes = threads * sizeof(int);
  config.attrs = attr;
  config.numAttrs = 1;
  CK(cudaMemset(total, 0, sizeof(long long)));
  CK(cudaLaunchKernelExC(&config, (const void*)sumWithGridSync, args));
  CK_LAUNCH();
  got = 0;
  CK(cudaMemcpy(&got, total, sizeof got, cudaMemcpyDeviceToHost));
  check("grid_sync_sum_launch_kernel_ex_c", got == want, "%lld, want %lld", got, want);
  CK(cudaFree(in));
  CK(cudaFree(partial));
  CK(cudaFree(total));
}

static void testSplitAndChain() {
  const int blocks = 12, threads = 96;
  int *slots, *seen, *local;
  CK(cudaMalloc(&slots, blocks * sizeof(int)));
  CK(cudaMalloc(&seen, blocks * sizeof(int)));
  CK(cudaMalloc(&local, blocks * threads * sizeof(int)));
  CK(cudaMemset(slots, 0, blocks * sizeof(int)));
  void* args[] = {&slots, &seen, &local};
  CK(cudaLaunchCooperativeKernel((void*)splitBarrier, dim3(blocks), dim3(threads), args, 0, 0));
  CK_LAUNCH();
  std::vector<int> s(blocks), l(blocks * threads);
  CK(cudaMemcpy(s.data(), seen, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(l.data(), local, l.size() * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < blocks; ++b) ok = ok && s[b] == blocks;
  for (int i = 0; i < blocks * threads; ++i) ok = ok && l[i] == i % threads;
  check("grid_barrier_arrive_wait", ok, "seen[0] = %d of %d", s[0], blocks);

  const int chain = 8;
  int *flags, *order, *counter;
  CK(cudaMalloc(&flags, chain * sizeof(int)));
  CK(cudaMalloc(&order, chain * sizeof(int)));
  CK(cudaMalloc(&counter, sizeof(int)));
  CK(cudaMemset(flags, 0, chain * sizeof(int)));
  CK(cudaMemset(counter, 0, sizeof(int)));
  void* chainArgs[] = {&flags, &order, &counter};
  CK(cudaLaunchCooperativeKernel((void*)chainOfBlocks, dim3(chain), dim3(32), chainArgs, 0, 0));
  CK_LAUNCH();
  std::vector<int> o(chain);
  CK(cudaMemcpy(o.data(), order, chain * sizeof(int), cudaMemcpyDeviceToHost));
  ok = true;
  for (int b = 0; b < chain; ++b) ok = ok && o[b] == chain - 1 - b;
  check("blocks_wait_for_each_other", ok, "order[0] = %d", o[0]);
  CK(cudaFree(slots));
  CK(cudaFree(seen));
  CK(cudaFree(local));
  CK(cudaFree(flags));
  CK(cudaFree(order));
  CK(cudaFree(counter));
}

static void printQueries(const char* launch, bool cooperative) {
  unsigned long long* d;
  CK(cudaMalloc(&d, kQueryCount * sizeof(unsigned long long)));
  CK(cudaMemset(d, 0xff, kQueryCount * sizeof(unsigned long long)));
  unsigned bx = 2, by = 1, bz = 1, tx = 3, ty = 1, tz = 0;
  void* args[] = {&d, &bx, &by, &bz, &tx, &ty, &tz};
  if (cooperative) CK(cudaLaunchCooperativeKernel((void*)gridQueries, dim3(3, 2, 2), dim3(4, 2, 2), args, 0, 0));
  else gridQueries<<<dim3(3, 2, 2), dim3(4, 2, 2)>>>(d, bx, by, bz, tx, ty, tz);
  CK_LAUNCH();
  unsigned long long h[kQueryCount];
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < kQueryCount; ++i) std::printf("%s %s: %llu\n", launch, kQueryNames[i], h[i]);
  CK(cudaFree(d));
}

static void probeLimits() {
  int attr = -1, sms = 0, perSM = 0;
  CK(cudaDeviceGetAttribute(&attr, cudaDevAttrCooperativeLaunch, 0));
  std::printf("cudaDevAttrCooperativeLaunch: %d\n", attr);
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, rotatePhases, 256, 0));
  std::printf("rotatePhases blocks of 256 per SM: %d\n", perSM);
  int *a, *b;
  CK(cudaMalloc(&a, 64 * sizeof(int)));
  CK(cudaMalloc(&b, 64 * sizeof(int)));
  int n = 64, phases = 1;
  void* args[] = {&a, &b, &n, &phases};
  probe("cooperative one block more than resident",
        cudaLaunchCooperativeKernel((void*)rotatePhases, dim3(perSM * sms + 1), dim3(256), args, 0, 0));
  probe("cooperative 2D grid one block more than resident",
        cudaLaunchCooperativeKernel((void*)rotatePhases, dim3(perSM * sms + 1, 1, 1), dim3(16, 16), args, 0, 0));
  CK(cudaDeviceSynchronize());
  // Dynamic shared memory lowers how many blocks fit.
  CK(cudaFuncSetAttribute((const void*)sumWithGridSync, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024));
  int perSMShared = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSMShared, sumWithGridSync, 128, 100 * 1024));
  std::printf("sumWithGridSync blocks of 128 with 100 KiB per SM: %d\n", perSMShared);
  int* in = a;
  int* partial = b;
  long long* total;
  CK(cudaMalloc(&total, sizeof(long long)));
  int zero = 0;
  void* sumArgs[] = {&in, &zero, &partial, &total};
  probe("cooperative shared memory one block more than resident",
        cudaLaunchCooperativeKernel((void*)sumWithGridSync, dim3(perSMShared * sms + 1), dim3(128), sumArgs,
                                    100 * 1024, 0));
  cudaLaunchAttribute attr1[1];
  attr1[0].id = cudaLaunchAttributeCooperative;
  attr1[0].val.cooperative = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(perSM * sms + 1);
  config.blockDim = dim3(256);
  config.attrs = attr1;
  config.numAttrs = 1;
  probe("launch_kernel_ex cooperative one block more than resident",
        cudaLaunchKernelEx(&config, rotatePhases, a, b, 64, 1));
  attr1[0].val.cooperative = 0;
  probe("launch_kernel_ex cooperative=0 same grid", cudaLaunchKernelEx(&config, rotatePhases, a, b, 0, 0));
  CK(cudaDeviceSynchronize());
  CK(cudaFree(a));
  CK(cudaFree(b));
  CK(cudaFree(total));
}

// A cooperative launch captured into a graph replays as one.
static void testGraph() {
  const int n = 3000, phases = 3;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i) h[i] = i;
  int *a, *b;
  CK(cudaMalloc(&a, n * sizeof(int)));
  CK(cudaMalloc(&b, n * sizeof(int)));
  CK(cudaMemcpy(a, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  int nArg = n, pArg = phases;
  void* args[] = {&a, &b, &nArg, &pArg};
  probe("capture cooperative launch", cudaLaunchCooperativeKernel((void*)rotatePhases, dim3(8), dim3(64), args, 0, s));
  cudaGraph_t g = nullptr;
  probe("capture end", cudaStreamEndCapture(s, &g));
  cudaGraphExec_t e = nullptr;
  if (g) probe("capture instantiate", cudaGraphInstantiate(&e, g, 0));
  if (e) {
    probe("graph launch", cudaGraphLaunch(e, s));
    probe("graph sync", cudaStreamSynchronize(s));
    std::vector<int> out(n), want = rotateReference(h, phases);
    CK(cudaMemcpy(out.data(), phases % 2 ? b : a, n * sizeof(int), cudaMemcpyDeviceToHost));
    check("graph_cooperative_kernel", out == want, "results differ");
    CK(cudaGraphExecDestroy(e));
  }
  if (g) CK(cudaGraphDestroy(g));
  CK(cudaStreamDestroy(s));
  CK(cudaFree(a));
  CK(cudaFree(b));
}

int main() {
  testRotate();
  testSum();
  testSplitAndChain();
  printQueries("cooperative", true);
  printQueries("ordinary", false);
  probeLimits();
  testGraph();
  // Last: the trap leaves the context unusable.
  int* out;
  CK(cudaMalloc(&out, 4 * sizeof(int)));
  syncWithoutCooperativeLaunch<<<4, 32>>>(out);
  probe("grid.sync in an ordinary launch: launch", cudaGetLastError());
  probe("grid.sync in an ordinary launch: sync", cudaDeviceSynchronize());
  return finish("cooperative_launch");
}
