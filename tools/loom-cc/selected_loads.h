// A conditional whose two sides are elements of the same array: `c ? a[x] : a[y]`. NVVM selects
// the address and loads once (recorded: tests.cuda.reconvergence's ternaryLoads, SASS in the
// record: one LDG per iteration, not two); g++ cannot, each load being a call under
// -fsanitize=thread. loom-cc writes it as
//   (*(c ? ::loom::device::selectable(a[x]) : ::loom::device::selectable(a[y])))
// (loom/device/selected_load.h): only the chosen index is evaluated, as before, and the one load
// is made by the lanes of both sides together. Left alone: sides of any other form, a nested
// conditional, and a condition whose start cannot be told (a '}' or a statement keyword
// before it; after `if (...)`, `else` or `do` it begins there).
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

void findSelectedLoadEdits(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode,
                           std::vector<Edit>& edits);

}  // namespace loom::cc
