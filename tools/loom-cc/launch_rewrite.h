// Recognizes `E <<<grid, block[, smem[, stream]]>>> (args)` in preprocessed text.
#pragma once

#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "edit.h"
#include "lexer.h"

namespace loom::cc {

// Appends the edits that turn every launch into `(::loom::LaunchScope(cfg), E (args))`: the
// configuration is pushed for the launch (loom/runtime/launch_scope.h), then E is called as nvcc's
// generated host function is, and the kernel launches itself (kernel_prologue.h). E, the kernel expression before
// `<<<` (a name, qualified or with template arguments, a member, a call, a parenthesized
// expression), moves behind the configuration; no newline moves. Malformed launches add a
// diagnostic located at their `<<<` and no edit.
void findLaunchEdits(std::string_view text, const std::vector<Token>& tokens,
                     std::vector<Edit>& edits, std::vector<Diagnostic>& diagnostics);

}  // namespace loom::cc
