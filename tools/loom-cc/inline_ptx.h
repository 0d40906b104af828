// Inline PTX in device code (`asm("shfl.sync.down.b32 %0, %1, %2, %3, %4;" : "=r"(v) : ...)`),
// as CUB, libcu++ and hand-written kernels use it, becomes the C++ that does the same
// (ptx_translate.h), in the device pass, wherever it stands (user code and system headers such as
// CUB's; not Loom's own headers, whose `asm` is the host's). The statement becomes a block:
//   { auto& loom_ptx_0 = (out); const auto loom_ptx_1 = (in); ...translated instructions... }
// on the asm's first line (its other lines stay as line breaks). An `asm` whose template is empty
// or blank (a compiler barrier) is left alone. An instruction Loom does not translate is an error
// naming it, at the asm's line, never an assembler error; in a system header (a library such as
// CUB, whose unused functions nvcc compiles all the same) it fails the launch that reaches it,
// with the same words (::loom::device::unsupported).
#pragma once

#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "edit.h"
#include "lexer.h"
#include "user_code.h"

namespace loom::cc {

void findInlinePtxEdits(std::string_view text, const std::vector<Token>& tokens, const std::vector<CodeOrigin>& origins,
                        std::vector<Edit>& edits, std::vector<Diagnostic>& diagnostics);

}  // namespace loom::cc
