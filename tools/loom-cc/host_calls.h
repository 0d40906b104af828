// nvcc's front-end error for device code that calls a host function, which g++ alone would
// compile and run: a `__global__` or `__device__` function of the user's code calling a function
// the user's code defines for the host only. nvcc's words, at the call:
//   calling a __host__ function("hostTwice(int)") from a __global__ function("twice") is not allowed
// (validate/probes/frontend_errors records nvcc's answers). What nvcc accepts stays accepted: a
// name with a __device__ overload anywhere, a name the caller shadows (a parameter, a local
// functor), a member call. Left to the compiler: constexpr host functions (nvcc's error depends on
// --expt-relaxed-constexpr), __host__ __device__ callers (nvcc warns only), lambdas, and
// functions declared in headers outside the user's code (the standard library's are host code
// that device code may call under Loom, as printf and malloc are under nvcc).
#pragma once

#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "lexer.h"

namespace loom::cc {

void findHostCallErrors(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode,
                        std::vector<Diagnostic>& diagnostics);

}  // namespace loom::cc
