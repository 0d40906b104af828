// Recognizes `E <<<grid, block[, smem[, stream]]>>> (args)` in preprocessed text.
#pragma once

#include <string_view>
#include <vector>

#include "diagnostic.h"
#include "edit.h"
#include "lexer.h"

namespace loom::cc {

// Appends the edits that turn every launch into `E ->* ::loom::launchConfig(...)(args)`: only
// `<<<`, `>>>` and the blanks around them change, never a newline. Malformed launches add a
// diagnostic located at their `<<<` and no edit.
void findLaunchEdits(std::string_view text, const std::vector<Token>& tokens,
                     std::vector<Edit>& edits, std::vector<Diagnostic>& diagnostics);

}  // namespace loom::cc
