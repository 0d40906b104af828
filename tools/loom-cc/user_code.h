// Which tokens of the preprocessed text are the user's own code, as told by the preprocessor's
// linemarkers (`# 12 "file" flags`): not a system header (flag 3) and not a header under one of
// Loom's own include directories (loom-cc.conf's `library=`). Rewrites that insert code into
// every statement of a kind (reconvergence.h) touch only these: the standard library's and
// Loom's inline functions stay as they are.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "lexer.h"

namespace loom::cc {

// Where each token comes from. Text before the first linemarker counts as the user's (a test's
// snippet has none).
enum class CodeOrigin { User, SystemHeader, Loom };
std::vector<CodeOrigin> codeOrigins(std::string_view text, const std::vector<Token>& tokens,
                                    const std::vector<std::string>& libraryDirs);

// Whether each token is the user's own code (not a linemarker).
std::vector<bool> userCodeTokens(const std::vector<Token>& tokens, const std::vector<CodeOrigin>& origins);

}  // namespace loom::cc
