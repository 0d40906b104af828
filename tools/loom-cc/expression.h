// Token-level facts about C++ expressions that loom-cc's access rewrites share (counted loops,
// merged stores, selected loads, barrier runs): which operator a token begins, which bracket a
// closer closes, and which calls are known to hold no loop and to write no memory.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

#include "lexer.h"

namespace loom::cc {

bool isOneOf(std::string_view word, std::initializer_list<std::string_view> words);

// tokens[k] and tokens[k + 1] spell the two-character operator `a b` (no space between).
bool isOperatorPair(std::string_view text, const std::vector<Token>& tokens, std::size_t k, char a, char b);

// An assignment operator begins at tokens[k]: = (not ==), op=, <<=, >>=, ++ or --.
bool isAssignmentAt(std::string_view text, const std::vector<Token>& tokens, std::size_t k);

// tokens[k] names a member: it follows `.` or `->`.
bool isMemberName(std::string_view text, const std::vector<Token>& tokens, std::size_t k);

// The '*' at tokens[k] dereferences (it follows an operator or begins the range at `first`);
// after a name, a literal, `)` or `]` it multiplies.
bool isDereferenceAt(std::string_view text, const std::vector<Token>& tokens, std::size_t k, std::size_t first);

// The index of the '(', '[' or '{' that the closer at tokens[i] closes, counting every bracket
// kind together; nullopt when the text begins first.
std::optional<std::size_t> openingBracket(std::string_view text, const std::vector<Token>& tokens, std::size_t i);

bool isIntegerTypeName(std::string_view word);

// A call of `name` that runs no loop and writes no memory: loop-free arithmetic, loads through
// the read-only path, functional casts, and operators that look like calls. Any other function
// may hold a loop (sinf does: its argument reduction).
bool isLoopFreeCall(std::string_view name);

}  // namespace loom::cc
