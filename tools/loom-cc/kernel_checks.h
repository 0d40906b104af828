// nvcc's front-end errors about kernels that g++ alone would accept, so that code which builds
// under loom-cc builds under nvcc too: a `__global__` function whose return type is not void
// ("a __global__ function must have a void return type").
#pragma once

#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "lexer.h"

namespace loom::cc {

void findKernelErrors(std::string_view text, const std::vector<Token>& tokens, std::vector<Diagnostic>& diagnostics);

}  // namespace loom::cc
