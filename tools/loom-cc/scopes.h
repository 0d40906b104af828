// Which tokens stand at namespace scope: inside no braces but a namespace's or an extern "C"
// block's. Shared by the rewrites that treat a declaration there differently from one in a
// function or class (inline_ptx.h, static_device_variables.h).
#pragma once

#include <string_view>
#include <vector>

#include "lexer.h"

namespace loom::cc {

std::vector<bool> namespaceScopeTokens(std::string_view text, const std::vector<Token>& tokens);

}  // namespace loom::cc
