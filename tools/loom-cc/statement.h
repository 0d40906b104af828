// The extent of a C++ statement in a token stream, as loom-cc's reconvergence regions
// (reconvergence.h) need it: where an `if`, `switch` or loop statement, with its else branches
// and nested statements, ends. A token-level reading of C++'s statement grammar: compound statements,
// if/else, for, while, do-while, switch, try/catch, and statements that end at a ';' outside
// any bracket (expressions, declarations, return, break, continue, goto).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "lexer.h"

namespace loom::cc {

// Index one past the last token of the statement that begins at tokens[i], or nullopt when the
// tokens do not read as one statement (unbalanced brackets, a labelled statement, a form this
// reading does not know): the caller then leaves the code alone. Directives inside it (the
// linemarkers of a macro's expansion, `#pragma unroll`) are stepped over; one where the
// statement begins is not.
std::optional<std::size_t> statementEnd(std::string_view text, const std::vector<Token>& tokens,
                                        std::size_t i);

// statementEnd over one token vector, each statement read once: a statement nested n deep is
// otherwise read again for each statement around it (20,000 nested ifs: minutes, not a moment).
class StatementEnds {
 public:
  StatementEnds(std::string_view text, const std::vector<Token>& tokens);
  std::optional<std::size_t> operator()(std::size_t i);
  // matchingClose(text, tokens, i), from a table made once.
  std::optional<std::size_t> close(std::size_t i) const;

 private:
  std::string_view text_;
  const std::vector<Token>& tokens_;
  std::vector<long long> ends_;    // per token: -2 not read yet, -1 no statement, else its end
  std::vector<long long> closes_;  // per opener: one past its closer, or -1
};

// Index one past the bracket that closes the one opening at tokens[i] ('(', '[' or '{'),
// whatever lies between (lambdas, init-statements, directives), or nullopt if it is unbalanced.
std::optional<std::size_t> matchingClose(std::string_view text, const std::vector<Token>& tokens,
                                         std::size_t i);

}  // namespace loom::cc
