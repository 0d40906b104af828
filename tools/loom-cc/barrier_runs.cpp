#include "barrier_runs.h"

#include <optional>

#include "expression.h"
#include "statement.h"

namespace loom::cc {
namespace {

bool isStatementBoundary(std::string_view text, const std::vector<Token>& tokens, std::size_t k) {
  return isPunct(text, tokens, k, ';') || isPunct(text, tokens, k, '{') || isPunct(text, tokens, k, '}');
}

// Whether the `{` at tokens[open] begins a compound statement: it follows a statement's end, a
// label, `else`/`do`/`try`, or the `)` of `if`/`for`/`while`/`switch`/`catch`.
bool opensCompoundStatement(std::string_view text, const std::vector<Token>& tokens, std::size_t open) {
  if (open == 0) return true;
  const std::size_t k = open - 1;
  if (tokens[k].kind == TokenKind::Directive) return true;
  if (isStatementBoundary(text, tokens, k) || isPunct(text, tokens, k, ':')) return true;
  if (isWord(text, tokens, k, "else") || isWord(text, tokens, k, "do") || isWord(text, tokens, k, "try")) return true;
  if (!isPunct(text, tokens, k, ')')) return false;
  std::optional<std::size_t> paren = openingBracket(text, tokens, k);
  if (!paren || *paren == 0) return false;
  std::size_t w = *paren - 1;
  if (isWord(text, tokens, w, "constexpr") && w > 0) --w;
  return isWord(text, tokens, w, "if") || isWord(text, tokens, w, "for") || isWord(text, tokens, w, "while") ||
         isWord(text, tokens, w, "switch") || isWord(text, tokens, w, "catch");
}

// The first token of the run of simple statements that ends before the statement at
// tokens[barrier], or nullopt when it cannot be told.
std::optional<std::size_t> runStart(std::string_view text, const std::vector<Token>& tokens, std::size_t barrier) {
  for (std::size_t k = barrier; k-- > 0;) {
    const Token& t = tokens[k];
    if (t.kind == TokenKind::Directive) return k + 1;
    if (t.kind == TokenKind::Punct) {
      const char c = text[t.begin];
      if (c == '{') return k + 1;
      if (c == '}') {
        // A compound statement's end ends the run; the braces of a class body, an initializer
        // or a lambda (`__shared__ union { ... } temp;`) are inside the statement before it.
        std::optional<std::size_t> open = openingBracket(text, tokens, k);
        if (!open || opensCompoundStatement(text, tokens, *open)) return k + 1;
        k = *open;
        continue;
      }
      // Another barrier statement (`__syncthreads();`, `__syncwarp(m);`) ends the run too.
      if (c == ';' && k >= 1 && isPunct(text, tokens, k - 1, ')')) {
        std::optional<std::size_t> open = openingBracket(text, tokens, k - 1);
        if (open && *open >= 2 && tokens[*open - 1].kind == TokenKind::Identifier &&
            spelling(text, tokens[*open - 1]).substr(0, 6) == "__sync" && isStatementBoundary(text, tokens, *open - 2))
          return k + 1;
      }
      if (c == ')' || c == ']') {
        std::optional<std::size_t> open = openingBracket(text, tokens, k);
        if (!open) return std::nullopt;
        k = *open;
        continue;
      }
      // A label (`name:` where a statement begins) ends the run; a ':' of `?:` does not.
      if (c == ':' && k >= 2 && tokens[k - 1].kind == TokenKind::Identifier &&
          isStatementBoundary(text, tokens, k - 2) && !isPunct(text, tokens, k + 1, ':') &&
          !isPunct(text, tokens, k - 1, ':'))
        return k + 1;
      continue;
    }
    if (t.kind != TokenKind::Identifier) continue;
    if (isWord(text, tokens, k, "case") || isWord(text, tokens, k, "default")) return std::nullopt;
    const bool control = isWord(text, tokens, k, "if") || isWord(text, tokens, k, "for") ||
                         isWord(text, tokens, k, "while") || isWord(text, tokens, k, "switch") ||
                         isWord(text, tokens, k, "do") || isWord(text, tokens, k, "try");
    if (control) return statementEnd(text, tokens, k);
    if (isWord(text, tokens, k, "else")) return statementEnd(text, tokens, k + 1);
  }
  return std::nullopt;
}

}  // namespace

void findBarrierRunEdits(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode,
                         std::vector<Edit>& edits) {
  for (std::size_t n = 1; n + 3 < tokens.size(); ++n) {
    if (!userCode[n] || !isWord(text, tokens, n, "__syncthreads") || !isPunct(text, tokens, n + 1, '(') ||
        !isPunct(text, tokens, n + 2, ')') || !isPunct(text, tokens, n + 3, ';') ||
        !isStatementBoundary(text, tokens, n - 1))
      continue;
    std::optional<std::size_t> start = runStart(text, tokens, n);
    if (!start || *start >= n) continue;
    // After a label (`done:`) a space keeps the mark's `::` from making `done:::`.
    const std::size_t at = tokens[*start].begin;
    const bool afterColon = at > 0 && text[at - 1] == ':';
    edits.push_back(Edit{at, at, std::string(afterColon ? " " : "") + "::loom::device::barrierAhead(); "});
  }
}

}  // namespace loom::cc
