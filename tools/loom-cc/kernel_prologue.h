// The prologue of every kernel definition, which makes the kernel do what nvcc's generated host
// function for it does when a launch calls it: a launch
// `k<<<cfg>>>(args)` becomes `(::loom::LaunchScope(cfg), k(args))` (launch_rewrite.h), a real
// call of the kernel, so C++ resolves it as nvcc does (overloads, templates, default arguments,
// braced lists, conversions). Right after the '{' of each kernel body, on the same line, this
// inserts
//   if (__builtin_expect(::loom::launchPending(), 0))
//     return ::loom::launchFromKernel(static_cast<void (*)(PARAMS)>(&::SCOPE::NAME<TARGS>), p1, p2, ...);
// Called by a launch, the kernel hands its parameters to the runtime, which launches it with
// the configuration the LaunchScope holds; called as a CUDA thread (the run loop, launch.h) it
// runs its body. The name is qualified from the global namespace, so that a parameter named like
// the kernel does not hide it; a template kernel names its own specialization. Unnamed
// parameters (of the kernel and of its template) are given names, `loom_param_N`, so that they
// can be passed on. A kernel defined inside a class (a friend) cannot be named from its
// namespace: its launches are refused with a report (::loom::refuseLaunch) rather than its body
// run on the host.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "edit.h"
#include "kernel_declarations.h"
#include "lexer.h"

namespace loom::cc {

// How a kernel's own body names the kernel and passes its parameters on: `::SCOPE::NAME<TARGS>`,
// `void (*)(PARAMS)`, `p1, p2, rest...`; unnamed parameters get names (edits).
struct KernelSelf {
  std::string name;
  std::string pointerType;
  std::string arguments;
};
KernelSelf kernelSelf(std::string_view text, const std::vector<Token>& tokens, const KernelDeclaration& k,
                      std::vector<Edit>& edits);

// The refusal a kernel defined inside a class (a friend) starts with, in both passes.
Edit refusalEdit(std::string_view text, const std::vector<Token>& tokens, const KernelDeclaration& k);

void findKernelPrologueEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits);

}  // namespace loom::cc
