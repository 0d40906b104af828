// The pure source rewriter: preprocessed CUDA text in, preprocessed C++ text out. It makes the
// rewrites emu/DESIGN.md allows (kernel launches, `extern __shared__` arrays, standard attributes
// after `__shared__` moved in front of their declaration), the insertions that change no token
// of the user's (kernel registrations, discarded atomicAdd results, control-flow regions,
// barrier-ahead and counted-loop marks, __flatten__), and two that reshape accesses as nvcc does
// so that lockstep counts match the device (an if/else's two stores to one element into one,
// diamond_stores.h; `c ? a[x] : a[y]` into one load, selected_loads.h; emu/DESIGN.md says why
// these go beyond the two rewrites that change the user's tokens). It keeps every line where it was (the one store
// after an if/else stands on the else's line through a linemarker), so compiler errors point
// at the user's lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "diagnostic.h"

namespace loom::cc {

struct RewriteResult {
  std::string text;  // empty when there are errors
  std::vector<Diagnostic> diagnostics;  // errors, and warnings (which leave the rewrite ok)
  bool ok() const {
    for (const Diagnostic& d : diagnostics)
      if (!d.warning) return false;
    return true;
  }
};

// `E <<<a, b[, s[, st]]>>> (args)` becomes `(::loom::LaunchScope(a, b[, s[, st]]), E (args))` and
// each kernel body starts by launching itself when a launch called it (kernel_prologue.h);
// `extern thread_local T name[];` (what `extern __shared__ T name[];` preprocesses to) becomes
// a pointer to the block's dynamic shared memory (extern_shared.h); `thread_local alignas(16) T x;`
// becomes `alignas(16) thread_local T x;` (shared_attributes.h).
// The `if`, `switch` and loop statements of the user's code (not of a system header or of a file
// under one of `libraryDirs`) become regions (reconvergence.h).
// The device pass (kernels and device functions, instrumented) gets every rewrite above; the
// host pass (DESIGN.md, "Two compilation passes") gets the launches, the `__shared__` declarations
// and the kernel registrations, and drops kernel and device-only function bodies (host_pass.h).
enum class Pass { Device, Host };

RewriteResult rewriteCuda(std::string_view preprocessed,
                          const std::vector<std::string>& libraryDirs = {}, Pass pass = Pass::Device);

// Every diagnostic rendered as "file:line:col: error: message".
std::vector<std::string> renderDiagnostics(const RewriteResult& result,
                                           std::string_view preprocessed, const SourceReader& read);

}  // namespace loom::cc
