// Registers every kernel's type at program start, so that a kernel named only by its address
// (`cudaLaunchCooperativeKernel((void*)k, grid, block, args)`, `cudaLaunchKernel((void*)k, ...)`,
// a graph kernel node's `func`) can be called from an argument array before any typed use.
//
// After each kernel declaration or definition at namespace scope (kernel_declarations.h), on the
// same line (line numbers stay the user's), this appends
//   [[maybe_unused]] static const bool loom_kernel_registered_N =
//       (::loom::registerKernelType(static_cast<void (*)(PARAMS)>(&NAME)), true);
// The cast names the overload; PARAMS are the parameters without their default arguments. Left
// alone (their launches still register them): kernel templates and explicit specializations,
// and declarations outside namespace scope.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "edit.h"
#include "kernel_declarations.h"
#include "lexer.h"

namespace loom::cc {

// `void (*)(PARAMS)`: the kernel's type, its parameters without default arguments.
std::string kernelPointerType(std::string_view text, const std::vector<Token>& tokens, const KernelDeclaration& k);

void findKernelRegistrationEdits(std::string_view text, const std::vector<Token>& tokens,
                                 std::vector<Edit>& edits);

}  // namespace loom::cc
