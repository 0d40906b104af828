// Execution-space qualifiers on deduction guides: nvcc accepts
// `template <class T> __host__ __device__ Box(T) -> Box<T>;` (libraries mark their guides so that
// one macro serves every declaration), but loom-cc's qualifiers are GNU attributes
// (qualifier_marks.h) and g++ rejects any decl-specifier or attribute in front of a deduction
// guide ("'decl-specifier' in declaration of deduction guide"). A guide is no function: it has no
// execution space, and nvcc uses it in host and device code alike.
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

// Appends one edit per qualifier mark that stands in front of a deduction guide
// (`[marks] [explicit[(...)]] name ( ... ) -> ...`), removing it. Line markers among the marks
// stay.
void findDeductionGuideEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits);

}  // namespace loom::cc
