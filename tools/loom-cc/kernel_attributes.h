// The attributes the device pass gives every kernel definition, in its mark `__attribute__(())`
// (loom/core/qualifiers.h):
// - `__flatten__`: every call in a kernel inlined, as nvcc compiles device code. nvcc builds a
//   translation unit's device code as one program and inlines its __device__ functions into the
//   kernels (unless __noinline__); g++ keeps a function of external linkage out of line unless it
//   is small. The difference is visible in the counters: nvcc sinks `return partial[0]` of an
//   inlined helper into the caller's `if (threadIdx.x == 0)`, its only use, so one lane of one
//   warp loads it, where an out-of-line helper makes every warp load it
//   (kernels.threadfence_sum). g++ then inlines every call the kernel makes, and the calls those
//   make, except functions declared noinline (`__noinline__`) and calls it cannot inline
//   (recursion, functions defined elsewhere).
// - `__used__`: the kernel is emitted even when nothing in the device pass calls it any more. The
//   host pass launches the device pass's kernel by its symbol (host_pass.h, pass_merge.h), and
//   g++ drops a template's instantiation, or a kernel of internal linkage, whose every use the
//   optimizer removed: CUB's dispatch takes a kernel's address in code that, with __CUDA_ARCH__
//   defined, returns before launching it, and a launch after such a call is dead code there.
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

void findKernelAttributeEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits);

}  // namespace loom::cc
