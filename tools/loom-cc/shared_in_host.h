// nvcc's warnings for host code that uses a `__shared__` variable, which g++ alone compiles and
// runs (a worker-local variable under Loom) and nvcc only warns about (validate/probes/
// frontend_errors records its answers), at the variable's name:
//   warning #20093-D: address of a __shared__ variable "tile" cannot be directly taken in a host function
//     (`&tile[0]`, or an array that decays to a pointer: `float* p = tile;`)
//   warning #20091-D: a __shared__ variable "counter" cannot be directly read in a host function
// The variables are the user's namespace-scope `__shared__` ones: `__shared__` is `thread_local`
// once preprocessed, so a declaration counts when its source line spells `__shared__`. The host
// functions are the user's namespace-scope definitions without a __device__ or __global__ mark.
// Writes are left alone (no record of nvcc's words for them).
#pragma once

#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "lexer.h"

namespace loom::cc {

void findSharedInHostWarnings(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode,
                              const SourceReader& read, std::vector<Diagnostic>& diagnostics);

}  // namespace loom::cc
