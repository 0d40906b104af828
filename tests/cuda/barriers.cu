// Conformance test: block-wide barriers and shared memory.
//
// Expected values come from the CUDA C++ Programming Guide (__syncthreads and its _count/_and/_or
// forms, built-in index variables, __syncwarp, __shared__ storage) and from ../shared/HARDWARE_NOTES.md
// (threads that have exited do not block a barrier: 48 live threads of 64 -> __syncthreads_count = 48).
// Prints one "<check>: PASS" or "<check>: FAIL <expected vs got>" line per check; exit code 0 iff all pass.
#include <cuda_runtime.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "conformance.h"

// ---------------------------------------------------------------------------------------------
// 1. Shared-memory reverse within each block, across many warps.
__global__ void reverseKernel(const int* in, int* out) {
  __shared__ int s[1024];
  const int n = blockDim.x;
  const int t = threadIdx.x;
  const int base = blockIdx.x * n;
  s[t] = in[base + t];
  __syncthreads();
  out[base + t] = s[n - 1 - t];
}

static void testReverse(int block, int grid) {
  const int total = block * grid;
  std::vector<int> h(total), r(total, -1);
  for (int i = 0; i < total; ++i) h[i] = i * 3 + 1;
  int *dIn, *dOut;
  CK(cudaMalloc(&dIn, total * sizeof(int)));
  CK(cudaMalloc(&dOut, total * sizeof(int)));
  CK(cudaMemcpy(dIn, h.data(), total * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemset(dOut, 0xff, total * sizeof(int)));
  reverseKernel<<<grid, block>>>(dIn, dOut);
  CK_LAUNCH();
  CK(cudaMemcpy(r.data(), dOut, total * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = -1;
  for (int b = 0; b < grid && bad < 0; ++b)
    for (int t = 0; t < block; ++t) {
      int i = b * block + t;
      if (r[i] != h[b * block + block - 1 - t]) { bad = i; break; }
    }
  char name[64];
  std::snprintf(name, sizeof name, "shared_reverse_block%d", block);
  if (bad < 0) check(name, true);
  else {
    int b = bad / block, t = bad % block;
    check(name, false, "out[%d] expected %d got %d", bad, h[b * block + block - 1 - t], r[bad]);
  }
  CK(cudaFree(dIn));
  CK(cudaFree(dOut));
}

// ---------------------------------------------------------------------------------------------
// 2. __syncthreads_count / _and / _or. Each thread writes the three results for one predicate mode.
__device__ int predicateFor(int mode, int t, int n) {
  switch (mode) {
    case 0: return 1;                 // all true
    case 1: return 0;                 // all false
    case 2: return t % 3 == 0;        // every third thread
    case 3: return t != n - 1;        // all but the last
    case 4: return t;                 // non-zero values other than 1 count as true
    case 5: return t == n / 2 ? -7 : 0;  // exactly one thread, negative value
    default: return 0;
  }
}

__global__ void syncPredicatesKernel(int mode, int* out) {
  const int t = threadIdx.x, n = blockDim.x;
  const int p = predicateFor(mode, t, n);
  const int c = __syncthreads_count(p);
  const int a = __syncthreads_and(p);
  const int o = __syncthreads_or(p);
  int* rec = out + 3 * (blockIdx.x * n + t);
  rec[0] = c;
  rec[1] = a != 0;
  rec[2] = o != 0;
}

static int hostPredicate(int mode, int t, int n) {
  switch (mode) {
    case 0: return 1;
    case 1: return 0;
    case 2: return t % 3 == 0;
    case 3: return t != n - 1;
    case 4: return t;
    case 5: return t == n / 2 ? -7 : 0;
    default: return 0;
  }
}

static void testSyncPredicates(int block) {
  const int grid = 2;
  int* d;
  const int recs = grid * block;
  CK(cudaMalloc(&d, 3 * recs * sizeof(int)));
  for (int mode = 0; mode <= 5; ++mode) {
    CK(cudaMemset(d, 0xff, 3 * recs * sizeof(int)));
    syncPredicatesKernel<<<grid, block>>>(mode, d);
    CK_LAUNCH();
    std::vector<int> r(3 * recs);
    CK(cudaMemcpy(r.data(), d, r.size() * sizeof(int), cudaMemcpyDeviceToHost));
    int cnt = 0, all = 1, any = 0;
    for (int t = 0; t < block; ++t) {
      int p = hostPredicate(mode, t, block) != 0;
      cnt += p;
      all &= p;
      any |= p;
    }
    int bad = -1;
    for (int i = 0; i < recs; ++i)
      if (r[3 * i] != cnt || r[3 * i + 1] != all || r[3 * i + 2] != any) { bad = i; break; }
    char name[96];
    std::snprintf(name, sizeof name, "syncthreads_count_and_or_block%d_mode%d", block, mode);
    if (bad < 0) check(name, true);
    else
      check(name, false, "thread %d expected count=%d and=%d or=%d got count=%d and=%d or=%d", bad, cnt,
            all, any, r[3 * bad], r[3 * bad + 1], r[3 * bad + 2]);
  }
  CK(cudaFree(d));
}

// ---------------------------------------------------------------------------------------------
// 3. Exited threads do not block a barrier.
// Block of 64: all take part in a first __syncthreads_count(1) (64); threads >= 48 then return; the
// remaining 48 meet at __syncthreads_count(1) (48) and then exchange through shared memory across a
// plain __syncthreads().
__global__ void earlyExitKernel(int live, int* first, int* second, int* exchanged) {
  __shared__ int s[1024];
  const int t = threadIdx.x;
  const int c1 = __syncthreads_count(1);
  first[t] = c1;
  if (t >= live) return;
  const int c2 = __syncthreads_count(1);
  second[t] = c2;
  s[t] = t * 10;
  __syncthreads();
  exchanged[t] = s[live - 1 - t];
}

// Threads >= live return before any barrier at all.
__global__ void exitBeforeAnyBarrierKernel(int live, int* out) {
  const int t = threadIdx.x;
  if (t >= live) return;
  __syncthreads();
  out[t] = __syncthreads_count(1);
}

static void testEarlyExit(int block, int live) {
  int *dFirst, *dSecond, *dEx;
  CK(cudaMalloc(&dFirst, block * sizeof(int)));
  CK(cudaMalloc(&dSecond, block * sizeof(int)));
  CK(cudaMalloc(&dEx, block * sizeof(int)));
  CK(cudaMemset(dFirst, 0xff, block * sizeof(int)));
  CK(cudaMemset(dSecond, 0xff, block * sizeof(int)));
  CK(cudaMemset(dEx, 0xff, block * sizeof(int)));
  earlyExitKernel<<<1, block>>>(live, dFirst, dSecond, dEx);
  CK_LAUNCH();
  std::vector<int> f(block), s(block), e(block);
  CK(cudaMemcpy(f.data(), dFirst, block * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(s.data(), dSecond, block * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(e.data(), dEx, block * sizeof(int), cudaMemcpyDeviceToHost));
  char name[96];
  int bad = -1;
  for (int t = 0; t < block; ++t)
    if (f[t] != block) { bad = t; break; }
  std::snprintf(name, sizeof name, "early_exit_block%d_count_before_exit", block);
  if (bad < 0) check(name, true);
  else check(name, false, "thread %d expected %d got %d", bad, block, f[bad]);

  bad = -1;
  for (int t = 0; t < live; ++t)
    if (s[t] != live) { bad = t; break; }
  std::snprintf(name, sizeof name, "early_exit_block%d_live%d_syncthreads_count", block, live);
  if (bad < 0) check(name, true);
  else check(name, false, "thread %d expected %d got %d", bad, live, s[bad]);

  bad = -1;
  for (int t = 0; t < live; ++t)
    if (e[t] != (live - 1 - t) * 10) { bad = t; break; }
  std::snprintf(name, sizeof name, "early_exit_block%d_live%d_exchange", block, live);
  if (bad < 0) check(name, true);
  else check(name, false, "thread %d expected %d got %d", bad, (live - 1 - bad) * 10, e[bad]);

  CK(cudaMemset(dFirst, 0xff, block * sizeof(int)));
  exitBeforeAnyBarrierKernel<<<1, block>>>(live, dFirst);
  CK_LAUNCH();
  CK(cudaMemcpy(f.data(), dFirst, block * sizeof(int), cudaMemcpyDeviceToHost));
  bad = -1;
  for (int t = 0; t < live; ++t)
    if (f[t] != live) { bad = t; break; }
  std::snprintf(name, sizeof name, "exit_before_any_barrier_block%d_live%d", block, live);
  if (bad < 0) check(name, true);
  else check(name, false, "thread %d expected %d got %d", bad, live, f[bad]);

  CK(cudaFree(dFirst));
  CK(cudaFree(dSecond));
  CK(cudaFree(dEx));
}

// ---------------------------------------------------------------------------------------------
// 4. 3D block and grid indices: every thread writes its built-in variables.
__global__ void indices3dKernel(int* out) {
  const int blockLinear = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
  const int threadsPerBlock = blockDim.x * blockDim.y * blockDim.z;
  const int threadLinear = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  int* r = out + 12 * (blockLinear * threadsPerBlock + threadLinear);
  r[0] = threadIdx.x;
  r[1] = threadIdx.y;
  r[2] = threadIdx.z;
  r[3] = blockIdx.x;
  r[4] = blockIdx.y;
  r[5] = blockIdx.z;
  r[6] = blockDim.x;
  r[7] = blockDim.y;
  r[8] = blockDim.z;
  r[9] = gridDim.x;
  r[10] = gridDim.y;
  r[11] = gridDim.z;
}

static void testIndices3d(dim3 grid, dim3 block) {
  const int nBlocks = grid.x * grid.y * grid.z;
  const int nThreads = block.x * block.y * block.z;
  const int total = nBlocks * nThreads;
  int* d;
  CK(cudaMalloc(&d, 12 * total * sizeof(int)));
  CK(cudaMemset(d, 0xff, 12 * total * sizeof(int)));
  indices3dKernel<<<grid, block>>>(d);
  CK_LAUNCH();
  std::vector<int> r(12 * total);
  CK(cudaMemcpy(r.data(), d, r.size() * sizeof(int), cudaMemcpyDeviceToHost));
  int badRec = -1, badField = -1, expect = 0;
  for (unsigned bz = 0; bz < grid.z && badRec < 0; ++bz)
    for (unsigned by = 0; by < grid.y && badRec < 0; ++by)
      for (unsigned bx = 0; bx < grid.x && badRec < 0; ++bx)
        for (unsigned tz = 0; tz < block.z && badRec < 0; ++tz)
          for (unsigned ty = 0; ty < block.y && badRec < 0; ++ty)
            for (unsigned tx = 0; tx < block.x && badRec < 0; ++tx) {
              int bl = bx + by * grid.x + bz * grid.x * grid.y;
              int tl = tx + ty * block.x + tz * block.x * block.y;
              int rec = bl * nThreads + tl;
              int want[12] = {(int)tx, (int)ty, (int)tz, (int)bx, (int)by, (int)bz,
                              (int)block.x, (int)block.y, (int)block.z, (int)grid.x, (int)grid.y, (int)grid.z};
              for (int f = 0; f < 12; ++f)
                if (r[12 * rec + f] != want[f]) {
                  badRec = rec;
                  badField = f;
                  expect = want[f];
                  break;
                }
            }
  char name[96];
  std::snprintf(name, sizeof name, "indices_3d_grid%ux%ux%u_block%ux%ux%u", grid.x, grid.y, grid.z, block.x,
                block.y, block.z);
  static const char* fields[12] = {"threadIdx.x", "threadIdx.y", "threadIdx.z", "blockIdx.x",
                                   "blockIdx.y",  "blockIdx.z",  "blockDim.x",  "blockDim.y",
                                   "blockDim.z",  "gridDim.x",   "gridDim.y",   "gridDim.z"};
  if (badRec < 0) check(name, true);
  else
    check(name, false, "record %d %s expected %d got %d", badRec, fields[badField], expect,
          r[12 * badRec + badField]);
  CK(cudaFree(d));
}

// ---------------------------------------------------------------------------------------------
// 5. __syncwarp orders shared-memory accesses among the lanes of a warp (several warps per block, each
// using its own 32-word segment, no __syncthreads).
__global__ void syncwarpKernel(int* out) {
  __shared__ int s[256];
  const int lane = threadIdx.x % 32;
  int* seg = s + (threadIdx.x / 32) * 32;
  seg[lane] = lane * 7 + 1 + threadIdx.x / 32;
  __syncwarp();
  int a = seg[(lane + 1) % 32];
  __syncwarp();
  seg[lane] = a + 1000;
  __syncwarp();
  int b = seg[31 - lane];
  __syncwarp(0xffffffffu);
  out[blockIdx.x * blockDim.x + threadIdx.x] = b;
}

static void testSyncwarp() {
  const int block = 256, grid = 3;
  int* d;
  CK(cudaMalloc(&d, block * grid * sizeof(int)));
  CK(cudaMemset(d, 0xff, block * grid * sizeof(int)));
  syncwarpKernel<<<grid, block>>>(d);
  CK_LAUNCH();
  std::vector<int> r(block * grid);
  CK(cudaMemcpy(r.data(), d, r.size() * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = -1, want = 0;
  for (int i = 0; i < block * grid; ++i) {
    int t = i % block, warp = t / 32, lane = t % 32;
    int src = 31 - lane;                       // b reads the value lane `src` wrote second
    int a = ((src + 1) % 32) * 7 + 1 + warp;   // which was what lane src+1 wrote first
    want = a + 1000;
    if (r[i] != want) { bad = i; break; }
  }
  if (bad < 0) check("syncwarp_shared_exchange", true);
  else check("syncwarp_shared_exchange", false, "out[%d] expected %d got %d", bad, want, r[bad]);
  CK(cudaFree(d));
}

// ---------------------------------------------------------------------------------------------
// 6. A loop of 100 barriers with accumulation.
__global__ void barrierLoopKernel(int iters, int* out) {
  __shared__ int s[256];
  const int t = threadIdx.x, n = blockDim.x;
  int acc = 0;
  for (int i = 0; i < iters; ++i) {
    s[t] = t + i * (blockIdx.x + 1);
    __syncthreads();
    acc += s[(t + i) % n];
    __syncthreads();
  }
  out[blockIdx.x * n + t] = acc;
}

static void testBarrierLoop() {
  const int block = 256, grid = 4, iters = 100;
  int* d;
  CK(cudaMalloc(&d, block * grid * sizeof(int)));
  barrierLoopKernel<<<grid, block>>>(iters, d);
  CK_LAUNCH();
  std::vector<int> r(block * grid);
  CK(cudaMemcpy(r.data(), d, r.size() * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = -1, want = 0;
  for (int b = 0; b < grid && bad < 0; ++b)
    for (int t = 0; t < block; ++t) {
      int acc = 0;
      for (int i = 0; i < iters; ++i) acc += (t + i) % block + i * (b + 1);
      if (r[b * block + t] != acc) { bad = b * block + t; want = acc; break; }
    }
  if (bad < 0) check("barrier_loop_100", true);
  else check("barrier_loop_100", false, "out[%d] expected %d got %d", bad, want, r[bad]);
  CK(cudaFree(d));
}

// ---------------------------------------------------------------------------------------------
// 7. __shared__ in a __device__ function, `static __shared__` in a kernel, and namespace-scope
// __shared__ (global namespace and a named namespace). Each block has its own copy.
__shared__ int nsShared[64];
namespace loomtest {
__shared__ float nsSharedF[64];
}

__device__ int deviceFunctionShared(int v) {
  __shared__ int buf[64];
  buf[threadIdx.x] = v;
  __syncthreads();
  int r = buf[blockDim.x - 1 - threadIdx.x];
  __syncthreads();
  return r;
}

__global__ void sharedScopesKernel(int* outDev, int* outStatic, int* outNs, float* outNsF) {
  static __shared__ int st[64];
  const int t = threadIdx.x, n = blockDim.x, b = blockIdx.x;
  const int g = b * n + t;
  outDev[g] = deviceFunctionShared(b * 1000 + t);
  st[t] = b * 2000 + t;
  nsShared[t] = b * 3000 + t;
  loomtest::nsSharedF[t] = b * 0.5f + t;
  __syncthreads();
  outStatic[g] = st[(t + 1) % n];
  outNs[g] = nsShared[(t + 2) % n];
  outNsF[g] = loomtest::nsSharedF[(t + 3) % n];
}

static void testSharedScopes() {
  const int block = 64, grid = 6, total = block * grid;
  int *dDev, *dStatic, *dNs;
  float* dNsF;
  CK(cudaMalloc(&dDev, total * sizeof(int)));
  CK(cudaMalloc(&dStatic, total * sizeof(int)));
  CK(cudaMalloc(&dNs, total * sizeof(int)));
  CK(cudaMalloc(&dNsF, total * sizeof(float)));
  sharedScopesKernel<<<grid, block>>>(dDev, dStatic, dNs, dNsF);
  CK_LAUNCH();
  std::vector<int> rDev(total), rStatic(total), rNs(total);
  std::vector<float> rNsF(total);
  CK(cudaMemcpy(rDev.data(), dDev, total * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rStatic.data(), dStatic, total * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rNs.data(), dNs, total * sizeof(int), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rNsF.data(), dNsF, total * sizeof(float), cudaMemcpyDeviceToHost));
  int badDev = -1, badStatic = -1, badNs = -1, badNsF = -1;
  for (int g = 0; g < total; ++g) {
    int b = g / block, t = g % block;
    if (badDev < 0 && rDev[g] != b * 1000 + (block - 1 - t)) badDev = g;
    if (badStatic < 0 && rStatic[g] != b * 2000 + (t + 1) % block) badStatic = g;
    if (badNs < 0 && rNs[g] != b * 3000 + (t + 2) % block) badNs = g;
    if (badNsF < 0 && rNsF[g] != b * 0.5f + (float)((t + 3) % block)) badNsF = g;
  }
  if (badDev < 0) check("shared_in_device_function", true);
  else
    check("shared_in_device_function", false, "out[%d] expected %d got %d", badDev,
          (badDev / block) * 1000 + block - 1 - badDev % block, rDev[badDev]);
  if (badStatic < 0) check("static_shared_in_kernel", true);
  else
    check("static_shared_in_kernel", false, "out[%d] expected %d got %d", badStatic,
          (badStatic / block) * 2000 + (badStatic % block + 1) % block, rStatic[badStatic]);
  if (badNs < 0) check("namespace_scope_shared", true);
  else
    check("namespace_scope_shared", false, "out[%d] expected %d got %d", badNs,
          (badNs / block) * 3000 + (badNs % block + 2) % block, rNs[badNs]);
  if (badNsF < 0) check("named_namespace_shared", true);
  else
    check("named_namespace_shared", false, "out[%d] expected %g got %g", badNsF,
          (badNsF / block) * 0.5f + (float)((badNsF % block + 3) % block), rNsF[badNsF]);
  CK(cudaFree(dDev));
  CK(cudaFree(dStatic));
  CK(cudaFree(dNs));
  CK(cudaFree(dNsF));
}

// Launches of one kernel with a barrier, back to back, with other arguments and block shapes,
// and another kernel in between: each thread must see its own launch's parameters. (Loom parks
// a runner fiber inside a launch's thread loop and resumes it there for the same launch only;
// resumed in the old loop for a new launch, threads would run with the old arguments.)
__global__ void offsetReverse(const int* in, int* out, int offset) {
  extern __shared__ int buf[];
  unsigned t = threadIdx.x, n = blockDim.x;
  buf[t] = in[blockIdx.x * n + t];
  __syncthreads();
  out[blockIdx.x * n + t] = buf[n - 1 - t] + offset;
}

__global__ void scaleNoBarrier(int* data, int factor) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] *= factor;
}

static void testRelaunches() {
  const int total = 4096;
  std::vector<int> in(total);
  for (int i = 0; i < total; ++i) in[i] = i * 7 - 1000;
  int *dIn, *dOut, *dOther;
  CK(cudaMalloc(&dIn, total * sizeof(int)));
  CK(cudaMalloc(&dOut, total * sizeof(int)));
  CK(cudaMalloc(&dOther, total * sizeof(int)));
  CK(cudaMemcpy(dIn, in.data(), total * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dOther, in.data(), total * sizeof(int), cudaMemcpyHostToDevice));
  const int blocks[] = {256, 64, 256, 1024, 32, 256};
  int bad = 0;
  char detail[160] = "";
  for (int k = 0; k < 6; ++k) {
    const int block = blocks[k], offset = 100 * (k + 1);
    offsetReverse<<<total / block, block, block * sizeof(int)>>>(dIn, dOut, offset);
    scaleNoBarrier<<<total / 128, 128>>>(dOther, 1);
    CK_LAUNCH();
    std::vector<int> out(total);
    CK(cudaMemcpy(out.data(), dOut, total * sizeof(int), cudaMemcpyDeviceToHost));
    for (int g = 0; g < total; ++g) {
      const int b = g / block, t = g % block;
      const int expected = in[b * block + block - 1 - t] + offset;
      if (out[g] != expected && bad++ == 0)
        std::snprintf(detail, sizeof detail, "launch %d (block %d): out[%d] expected %d got %d", k,
                      block, g, expected, out[g]);
    }
  }
  check("relaunch_own_arguments", bad == 0, "%s (%d wrong)", detail, bad);
  CK(cudaFree(dIn));
  CK(cudaFree(dOut));
  CK(cudaFree(dOther));
}

int main() {
  testReverse(1024, 3);
  testReverse(33, 5);
  testReverse(100, 4);
  testReverse(1, 2);
  testSyncPredicates(1024);
  testSyncPredicates(33);
  testSyncPredicates(100);
  testEarlyExit(64, 48);
  testEarlyExit(96, 64);   // a whole warp (64..95) exits
  testEarlyExit(100, 33);  // odd block, partial last warp, exits in two warps
  testIndices3d(dim3(2, 3, 2), dim3(4, 2, 3));
  testIndices3d(dim3(3, 1, 2), dim3(5, 3, 7));
  testIndices3d(dim3(1, 2, 3), dim3(1, 1, 64));
  testSyncwarp();
  testBarrierLoop();
  testSharedScopes();
  testRelaunches();
  return finish("barriers");
}
