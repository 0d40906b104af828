#include "statement.h"

namespace loom::cc {
namespace {

bool isOpen(char c) { return c == '(' || c == '[' || c == '{'; }
bool isClose(char c) { return c == ')' || c == ']' || c == '}'; }

// `( ... )` at tokens[i]: one past its ')'.
std::optional<std::size_t> parenGroup(std::string_view text, const std::vector<Token>& tokens,
                                      std::size_t i) {
  if (!isPunct(text, tokens, i, '(')) return std::nullopt;
  return matchingClose(text, tokens, i);
}

// A statement that ends at the first ';' outside brackets: one past that ';'.
std::optional<std::size_t> simpleEnd(std::string_view text, const std::vector<Token>& tokens,
                                     std::size_t i) {
  for (; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenKind::Punct) continue;
    char c = text[tokens[i].begin];
    if (c == ';') return i + 1;
    if (isClose(c)) return std::nullopt;
    if (isOpen(c)) {
      std::optional<std::size_t> end = matchingClose(text, tokens, i);
      if (!end) return std::nullopt;
      i = *end - 1;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::size_t> matchingClose(std::string_view text, const std::vector<Token>& tokens,
                                         std::size_t i) {
  int depth = 0;
  for (; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenKind::Punct) continue;
    char c = text[tokens[i].begin];
    if (isOpen(c)) ++depth;
    if (isClose(c) && --depth == 0) return i + 1;
  }
  return std::nullopt;
}

std::optional<std::size_t> statementEnd(std::string_view text, const std::vector<Token>& tokens,
                                        std::size_t i) {
  // `[[likely]] { ... }`, `[[fallthrough]];`: the attributes belong to the statement after them.
  while (isPunct(text, tokens, i, '[') && isPunct(text, tokens, i + 1, '[')) {
    std::optional<std::size_t> end = matchingClose(text, tokens, i);
    if (!end) return std::nullopt;
    i = *end;
  }
  if (i >= tokens.size() || tokens[i].kind == TokenKind::Directive) return std::nullopt;
  if (isPunct(text, tokens, i, '{')) return matchingClose(text, tokens, i);
  if (isPunct(text, tokens, i, ';')) return i + 1;
  if (isWord(text, tokens, i, "if")) {
    std::size_t k = i + 1;
    if (isWord(text, tokens, k, "constexpr")) ++k;
    std::optional<std::size_t> cond = parenGroup(text, tokens, k);
    if (!cond) return std::nullopt;  // `if consteval`, or not C++
    std::optional<std::size_t> end = statementEnd(text, tokens, *cond);
    if (end && isWord(text, tokens, *end, "else")) end = statementEnd(text, tokens, *end + 1);
    return end;
  }
  if (isWord(text, tokens, i, "for") || isWord(text, tokens, i, "while") ||
      isWord(text, tokens, i, "switch")) {
    std::optional<std::size_t> head = parenGroup(text, tokens, i + 1);
    if (!head) return std::nullopt;
    return statementEnd(text, tokens, *head);
  }
  if (isWord(text, tokens, i, "do")) {
    std::optional<std::size_t> body = statementEnd(text, tokens, i + 1);
    if (!body || !isWord(text, tokens, *body, "while")) return std::nullopt;
    std::optional<std::size_t> cond = parenGroup(text, tokens, *body + 1);
    if (!cond || !isPunct(text, tokens, *cond, ';')) return std::nullopt;
    return *cond + 1;
  }
  if (isWord(text, tokens, i, "try")) {
    std::optional<std::size_t> end = statementEnd(text, tokens, i + 1);
    if (!end || !isWord(text, tokens, *end, "catch")) return std::nullopt;
    while (end && isWord(text, tokens, *end, "catch")) {
      std::optional<std::size_t> head = parenGroup(text, tokens, *end + 1);
      if (!head || !isPunct(text, tokens, *head, '{')) return std::nullopt;
      end = matchingClose(text, tokens, *head);
    }
    return end;
  }
  // `case x:`, `default:` and `name:` label the statement after them; left alone.
  if (isWord(text, tokens, i, "case") || isWord(text, tokens, i, "default")) return std::nullopt;
  if (tokens[i].kind == TokenKind::Identifier && isPunct(text, tokens, i + 1, ':') &&
      !isPunct(text, tokens, i + 2, ':'))
    return std::nullopt;
  return simpleEnd(text, tokens, i);
}

}  // namespace loom::cc
