// Programs whose meaning loom-cc's rewrites once changed (found by reading the rewriter and by
// loom-fuzz), each a kernel that prints a checksum of what it wrote. `loom-fuzz --compare` builds
// this file with loom-cc and as plain C++ (tests/fuzz/README.md) and requires the same lines.
#include <cstdio>
#ifndef FUZZ_REFERENCE
#define FZ_LAUNCH(kernel, threads, args) \
  do { kernel<<<1, threads>>> args; fz_sync(#kernel); } while (0)
static void fz_sync(const char* kernel) {
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) std::printf("%s launch failed: %s\n", kernel, cudaGetErrorString(e));
}
#endif

// An if/else storing to one element whose index the init-statement declares: the merged store
// after the if named the outer j (diamond_stores.h).
__global__ void initStatement(const unsigned* in, unsigned* out) {
  unsigned t = threadIdx.x, j = 0;
  if (unsigned j = in[t] & 63u; t & 1u) out[j] = t; else out[j] = t + 100u;
  out[64 + t] = j;
}

// The same with a declaration as the condition, in scope in both branches.
__global__ void conditionDeclaration(const unsigned* in, unsigned* out) {
  unsigned t = threadIdx.x, j = 5;
  if (unsigned j = in[t] & 63u) out[j] = t; else out[j] = t + 100u;
  out[64 + t] = j;
}

// A branch declares the name the target's index uses, as `T x{v}`, `T x(v)` and `T* p`.
__global__ void branchDeclarations(const unsigned* in, unsigned* out) {
  unsigned t = threadIdx.x, k = t;
  unsigned* row = out + 64;
  if (t & 1u) { unsigned k{in[t] & 63u}; out[k] = 1u; } else { out[k] = 2u; }
  if (t & 2u) { unsigned k(in[t + 1] & 63u); row[k] += 3u; row[k] = 4u; } else { row[k] = 5u; }
  if (t & 4u) { unsigned* row = out; row[t] = 6u; } else { row[t] = 7u; }
}

// `c ? a[x] : a[y]` as the statement of an if or an else: the condition's start was looked for
// before the `if`, across a block.
__global__ void selectedLoadStatements(const unsigned* in, unsigned* out) {
  unsigned t = threadIdx.x, v = 0;
  { v = in[t]; }
  if (t & 1u) (t & 2u) ? out[t] : out[t + 64]; else (t & 4u) ? out[t] : out[t + 64];
  if (v & 1u) (void)((v & 2u) ? in[t] : in[(t + 1) & 63u]);
  out[t] = (t & 8u) ? in[t] : in[(t + 3) & 63u];
}

// A goto into an if or a loop body from outside: a region variable there would be jumped over.
__global__ void gotoIntoRegions(const unsigned* in, unsigned* out) {
  unsigned t = threadIdx.x, n = 0, k = 0;
  if (in[t] & 1u) goto inside;
  out[t] = 1u;
  if (t > 1000u) {
  inside:
    out[t] += 10u;
  }
  if (t & 1u) goto again;
  while (k < 3u) {
    n += k;
  again:
    n += 100u;
    ++k;
  }
  out[64 + t] = n;
}

// A barrier right after a label: the barrier mark's `::` made `done:::`.
__global__ void labelBeforeBarrier(const unsigned* in, unsigned* out) {
  unsigned t = threadIdx.x;
  if (in[t] & 1u) goto done;
  out[t] = 3u;
done:
  __syncthreads();
  out[64 + t] = t;
}

static unsigned *fz_in, *fz_out;
static void fz_report(const char* kernel) {
  unsigned long long h = 14695981039346656037ull;
  for (unsigned k = 0; k < 128u; ++k) h = (h ^ fz_out[k]) * 1099511628211ull;
  std::printf("%s %016llx\n", kernel, h);
  for (unsigned k = 0; k < 128u; ++k) fz_out[k] = 0;
}

int main() {
  cudaMallocManaged(&fz_in, 66 * sizeof(unsigned));
  cudaMallocManaged(&fz_out, 128 * sizeof(unsigned));
  for (unsigned k = 0; k < 66u; ++k) fz_in[k] = k * 2654435761u;
  for (unsigned k = 0; k < 128u; ++k) fz_out[k] = 0;
  FZ_LAUNCH(initStatement, 64, (fz_in, fz_out)); fz_report("initStatement");
  FZ_LAUNCH(conditionDeclaration, 64, (fz_in, fz_out)); fz_report("conditionDeclaration");
  FZ_LAUNCH(branchDeclarations, 64, (fz_in, fz_out)); fz_report("branchDeclarations");
  FZ_LAUNCH(selectedLoadStatements, 64, (fz_in, fz_out)); fz_report("selectedLoadStatements");
  FZ_LAUNCH(gotoIntoRegions, 64, (fz_in, fz_out)); fz_report("gotoIntoRegions");
  FZ_LAUNCH(labelBeforeBarrier, 64, (fz_in, fz_out)); fz_report("labelBeforeBarrier");
  cudaFree(fz_in);
  cudaFree(fz_out);
  return 0;
}
