// Every call in a kernel inlined, as nvcc compiles device code. nvcc builds a translation unit's
// device code as one program and inlines its __device__ functions into the kernels (unless
// __noinline__); g++ keeps a function of external linkage out of line unless it is small. The
// difference is visible in the counters: nvcc sinks `return partial[0]` of an inlined helper into
// the caller's `if (threadIdx.x == 0)`, its only use, so one lane of one warp loads it, where an
// out-of-line helper makes every warp load it (kernels.threadfence_sum). This turns the mark of
// each kernel definition, `__attribute__(())` (loom/core/qualifiers.h), into
// `__attribute__((__flatten__))`: g++ then inlines every call the kernel makes, and the calls
// those make, except functions declared noinline (`__noinline__`) and calls it cannot inline
// (recursion, functions defined elsewhere).
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

void findKernelInliningEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits);

}  // namespace loom::cc
