// Attribute groups in a declaration, as loom-cc's two declaration rewrites (extern_shared.h,
// shared_attributes.h) step over or move them: GNU `__attribute__((...))`, `__declspec(...)`,
// `alignas(...)` and `[[...]]`.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "lexer.h"

namespace loom::cc {

// Index one past the bracketed group opening at tokens[i] ('(' or '['), or nullopt if it is
// unbalanced or runs into a ';', '{' or '}' (a declaration's attribute never does).
std::optional<std::size_t> skipGroup(std::string_view text, const std::vector<Token>& tokens,
                                     std::size_t i);

// If an attribute group starts at tokens[i], the index one past it.
std::optional<std::size_t> attributeEnd(std::string_view text, const std::vector<Token>& tokens,
                                        std::size_t i);

// Whether the attribute group at tokens[i] is a standard one (`alignas(...)`, `[[...]]`): C++
// allows those only before a declaration's specifiers or after its declarator-id.
bool isStandardAttribute(std::string_view text, const std::vector<Token>& tokens, std::size_t i);

}  // namespace loom::cc
