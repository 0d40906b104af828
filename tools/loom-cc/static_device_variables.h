// A `static` (internal linkage) `__device__` or `__constant__` variable at namespace scope is one
// variable under nvcc, which the host's symbol API (cudaMemcpyToSymbol) and the kernels share.
// Loom's two passes (DESIGN.md, "Two compilation passes") would each have their own copy, which
// the merge cannot join (a local symbol is referenced by section, not by name). In both passes
// this gives it one name of external linkage, unique to the source file, so the merge makes one
// variable of the two (pass_merge.h): `static __constant__ float c[4];` becomes
// `__constant__ float c[4] __asm__("_loom_static_<hash>_c");`. Left alone: a declaration of
// several variables, and one outside namespace scope.
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

void findStaticDeviceVariableEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits);

}  // namespace loom::cc
