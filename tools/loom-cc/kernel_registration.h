// Registers every kernel's type at program start, so that a kernel named only by its address
// (`cudaLaunchCooperativeKernel((void*)k, grid, block, args)`, `cudaLaunchKernel((void*)k, ...)`,
// a graph kernel node's `func`) can be called from an argument array before any typed use.
//
// `__global__` expands to `__attribute__(())` (loom/core/qualifiers.h): an empty GNU attribute,
// valid wherever CUDA allows `__global__` and meaning nothing to g++, which marks the kernels in
// preprocessed text. After each marked declaration or definition at namespace scope, on the same
// line (line numbers stay the user's), this appends
//   [[maybe_unused]] static const bool loom_kernel_registered_N =
//       (::loom::registerKernelType(static_cast<void (*)(PARAMS)>(&NAME)), true);
// The cast names the overload. Left alone (their typed launches still register them): kernel
// templates and explicit specializations, declarations with default arguments, and declarations
// outside namespace scope.
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

void findKernelRegistrationEdits(std::string_view text, const std::vector<Token>& tokens,
                                 std::vector<Edit>& edits);

}  // namespace loom::cc
