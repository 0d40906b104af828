// The isa sweep probe's machinery: every row of an isa/table/*.def file becomes an "op" (a
// struct that calls the CUDA intrinsic by its CUDA name on inputs decoded from 64-bit
// patterns and encodes the result as raw bits) and a kernel instantiated for it. The same
// source builds with nvcc, where the names are CUDA's, and with loom-cc, where they are
// Loom's table-generated wrappers: comparing the two records is the end-to-end diff.
//
// A family file (isa_<family>.cu) defines LOOM_ISA_PROBE_FAMILY and includes its .def between
// isa_probe_rows_begin.h and isa_probe_rows_end.h; isa_sweep.cu runs what registered.
// A row whose CUDA name does not exist in the toolkit compiles anyway (an overload picked by
// SFINAE) and is reported as missing instead of breaking the whole probe.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <utility>
#include <vector>

#include "../../../isa/table/sweep_inputs.h"
#include "../../../isa/table/types.h"
#include "../../include/loom_case.h"

namespace loom_isa_probe {

using ::loom::isa::sweep::Domain;

struct Missing {};

// Launches the row's kernel over n inputs (device pointers); the kernel sets *missing (a
// device int) when the CUDA name is missing from this toolkit.
using LaunchFn = void (*)(const uint64_t* const* args, void* out, int n, int* missing);

struct Row {
  const char* family;
  const char* id;
  int arity;
  Domain domains[3];
  size_t storeSize;   // bytes per result
  const char* dtype;  // element dtype of the record file
  size_t elemSize;    // bytes per element (a __half2 result is two f16 elements)
  LaunchFn launch;
};

inline std::vector<Row>& registry() {
  static std::vector<Row> rows;
  return rows;
}
struct Registrar {
  explicit Registrar(const Row& row) { registry().push_back(row); }
};

// Whether a name exists is only known in device compilation (nvcc's host pass does not see
// device-only intrinsics), so the kernel reports it: thread 0 sets *missing when the op's
// CUDA name was not found.
template <class Op>
__global__ void sweepKernel1(const uint64_t* a, typename Op::Store* out, int n, int* missing) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i == 0 && !Op::kPresent) *missing = 1;
  if (i < n) out[i] = Op::template run<0>(a[i]);
}
template <class Op>
__global__ void sweepKernel2(const uint64_t* a, const uint64_t* b, typename Op::Store* out, int n,
                             int* missing) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i == 0 && !Op::kPresent) *missing = 1;
  if (i < n) out[i] = Op::template run<0>(a[i], b[i]);
}
template <class Op>
__global__ void sweepKernel3(const uint64_t* a, const uint64_t* b, const uint64_t* c,
                             typename Op::Store* out, int n, int* missing) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i == 0 && !Op::kPresent) *missing = 1;
  if (i < n) out[i] = Op::template run<0>(a[i], b[i], c[i]);
}

constexpr int kBlock = 256;
inline int blocksFor(int n) { return (n + kBlock - 1) / kBlock; }

template <class Op>
void launch1(const uint64_t* const* args, void* out, int n, int* missing) {
  sweepKernel1<Op><<<blocksFor(n), kBlock>>>(args[0], static_cast<typename Op::Store*>(out), n,
      missing);
}
template <class Op>
void launch2(const uint64_t* const* args, void* out, int n, int* missing) {
  sweepKernel2<Op><<<blocksFor(n), kBlock>>>(args[0], args[1],
                                             static_cast<typename Op::Store*>(out), n,
      missing);
}
template <class Op>
void launch3(const uint64_t* const* args, void* out, int n, int* missing) {
  sweepKernel3<Op><<<blocksFor(n), kBlock>>>(args[0], args[1], args[2],
                                             static_cast<typename Op::Store*>(out), n,
      missing);
}

// Runs the rows of `family` (all rows when null) and writes each result buffer with
// loom_case.h. Returns the number of failures (CUDA errors).
int runFamily(const char* family);

}  // namespace loom_isa_probe
