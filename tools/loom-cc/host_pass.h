// The host pass's own rewrites. loom-cc compiles a .cu file twice, as nvcc does (DESIGN.md,
// "Two compilation passes"): the device pass with __CUDA_ARCH__ defined, instrumented, holds the
// kernels and device functions; the host pass without __CUDA_ARCH__, compiled as plain C++,
// holds host code. Here the host pass drops what belongs to the device pass:
// - each kernel's body (a friend defined in its class keeps its body, whose launches are refused
//   as in the device pass): the kernel becomes a declaration, so a launch calls the device pass's
//   kernel (`static` is dropped from a kernel's declarations, so that the call names a symbol
//   the merge can bind, pass_merge.h); a kernel template's body becomes a launch of the device
//   pass's instantiation of the same name, since an instantiation with no linkage (for a
//   lambda's type) cannot be declared and called across objects;
// - the body of each function declared `__device__` and not `__host__` (its declaration gets
//   GCC's error attribute, so that a call from host code is nvcc's error "calling a __device__
//   function("f") from host code is not allowed"), so that its device-only
//   code (inline PTX, device intrinsics) is never compiled for the host
//   and a device function called from another .cu file (-rdc) keeps one definition. Left alone:
//   constexpr functions (host code may evaluate them), functions whose return type is deduced,
//   definitions outside their class or namespace (`S::f() { }` cannot become a declaration),
//   constructors with member initializers, defaulted and deleted functions, and lambdas.
// Line breaks inside a dropped body stay, so the lines after it keep their numbers.
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

void findHostPassEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits);

}  // namespace loom::cc
