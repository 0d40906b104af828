// Standard attributes after `__shared__`: `__shared__ alignas(16) float tile[256];` is accepted by
// nvcc (checked on the H100, validate/results/h100-sm90/tests.cuda.alignment), but `__shared__` is
// a macro for `thread_local`, and g++ rejects a standard attribute (`alignas(...)`, `[[...]]`)
// after a decl-specifier ("standard attributes in middle of decl-specifiers").
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

// For every non-extern `[static] thread_local` declaration with standard attributes among its
// specifiers, appends edits that move those attributes in front of the declaration, where C++
// allows them: `static thread_local alignas(16) float t[4];` becomes
// `alignas(16) static thread_local float t[4];`. Line breaks stay where they were. GNU
// attributes, which g++ accepts anywhere, stay; `extern` declarations are extern_shared.h's.
void findSharedAttributeEdits(std::string_view text, const std::vector<Token>& tokens,
                              std::vector<Edit>& edits);

}  // namespace loom::cc
