#include "discarded_atomics.h"

#include <optional>

#include "attributes.h"

namespace loom::cc {
namespace {

bool isAddName(std::string_view word) {
  return word == "atomicAdd" || word == "atomicAdd_block" || word == "atomicAdd_system";
}

// For each token, whether its innermost enclosing bracket is a brace (or none): only there can a
// statement begin; a '(' or '[' around it makes it part of an expression or a for-header.
std::vector<bool> braceLevel(std::string_view text, const std::vector<Token>& tokens) {
  std::vector<bool> level(tokens.size(), true);
  std::vector<char> open;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    level[i] = open.empty() || open.back() == '{';
    if (tokens[i].kind != TokenKind::Punct) continue;
    char c = text[tokens[i].begin];
    if (c == '{' || c == '(' || c == '[') open.push_back(c);
    if ((c == '}' || c == ')' || c == ']') && !open.empty()) open.pop_back();
  }
  return level;
}

// The '(' matching the ')' at tokens[close], or nullopt.
std::optional<std::size_t> openingParen(std::string_view text, const std::vector<Token>& tokens, std::size_t close) {
  int depth = 0;
  for (std::size_t j = close + 1; j-- > 0;) {
    if (isPunct(text, tokens, j, ')')) ++depth;
    if (isPunct(text, tokens, j, '(') && --depth == 0) return j;
  }
  return std::nullopt;
}

// Whether a statement can begin at tokens[i] (which is at brace level): after ';', '{', '}',
// `else`, `do`, the condition of if/while/for/switch, or a `(void)` cast that itself begins one.
bool beginsStatement(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  if (i == 0) return true;
  std::size_t p = i - 1;
  if (tokens[p].kind == TokenKind::Directive) return true;
  if (isPunct(text, tokens, p, ';') || isPunct(text, tokens, p, '{') || isPunct(text, tokens, p, '}')) return true;
  if (isWord(text, tokens, p, "else") || isWord(text, tokens, p, "do")) return true;
  if (!isPunct(text, tokens, p, ')')) return false;
  std::optional<std::size_t> open = openingParen(text, tokens, p);
  if (!open) return false;
  if (*open + 2 == p && isWord(text, tokens, *open + 1, "void")) return beginsStatement(text, tokens, *open);
  if (*open == 0) return false;
  std::size_t k = *open - 1;
  if (isWord(text, tokens, k, "constexpr") && k > 0) --k;  // if constexpr (...)
  return isWord(text, tokens, k, "if") || isWord(text, tokens, k, "while") || isWord(text, tokens, k, "for") ||
         isWord(text, tokens, k, "switch");
}

}  // namespace

void findDiscardedAtomicEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits) {
  std::vector<bool> level;
  for (std::size_t n = 0; n + 1 < tokens.size(); ++n) {
    if (tokens[n].kind != TokenKind::Identifier || !isAddName(spelling(text, tokens[n]))) continue;
    if (!isPunct(text, tokens, n + 1, '(')) continue;
    if (level.empty()) level = braceLevel(text, tokens);
    // `::atomicAdd(`: the statement begins at the `::`.
    std::size_t start = n;
    if (n >= 2 && isPunct(text, tokens, n - 1, ':') && isPunct(text, tokens, n - 2, ':') && adjacent(tokens, n - 2))
      start = n - 2;
    if (!level[start] || !beginsStatement(text, tokens, start)) continue;
    std::optional<std::size_t> end = skipGroup(text, tokens, n + 1);  // one past the call's ')'
    if (!end || !isPunct(text, tokens, *end, ';')) continue;
    std::size_t close = *end - 1;
    bool nested = false;
    for (std::size_t k = n + 2; k < close; ++k)
      if (tokens[k].kind == TokenKind::Identifier && spelling(text, tokens[k]).starts_with("atomic")) nested = true;
    if (nested) continue;
    edits.push_back(Edit{tokens[start].begin, tokens[start].begin, "(void)::loom::device::ResultUnused{}, "});
    n = close;
  }
}

}  // namespace loom::cc
