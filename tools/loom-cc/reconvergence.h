// Marks the regions of structured control flow where a warp's divergent lanes meet again:
// every `if`, `switch`, `for`, `while` and `do` statement of the user's code (user_code.h), and
// every loop's body, gets a region variable whose cleanup runs on each way out of it:
//   { [[maybe_unused, gnu::cleanup(__loom_leave_region)]] int loom_region_3 =
//         ::loom::device::enterRegion(); if (...) ... else ... }
// A loop body `{ ... }` gets the declaration after its `{`; a body that is one statement is
// wrapped in braces. The insertions stand on the lines of the tokens they follow, so no line
// moves. They are nvcc's convergence barriers (BSSY/BSYNC) as lockstep mode sees them
// (loom/device/reconverge.h). An `else if` is inside the region of the `if` that begins the
// chain. Left alone: statements this reading of C++ cannot delimit (statement.h), and a
// statement or loop body holding a `case` label of an enclosing switch, or a label that a goto
// outside it names (the declaration would be jumped over). Each statement is read once
// (StatementEnds), so nesting of any depth costs time in proportion to its length.
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

void findReconvergenceEdits(std::string_view text, const std::vector<Token>& tokens,
                            const std::vector<bool>& userCode, std::vector<Edit>& edits);

}  // namespace loom::cc
