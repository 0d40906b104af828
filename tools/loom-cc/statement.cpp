#include "statement.h"

namespace loom::cc {
namespace {

std::optional<std::size_t> readStatementEnd(std::string_view text, const std::vector<Token>& tokens, std::size_t i,
                                            StatementEnds* memo);

// A nested statement's end, through the memo when there is one.
std::optional<std::size_t> nestedEnd(std::string_view text, const std::vector<Token>& tokens, std::size_t i,
                                     StatementEnds* memo) {
  return memo ? (*memo)(i) : readStatementEnd(text, tokens, i, nullptr);
}

bool isOpen(char c) { return c == '(' || c == '[' || c == '{'; }
bool isClose(char c) { return c == ')' || c == ']' || c == '}'; }

// matchingClose, through the memo's bracket table when there is one.
std::optional<std::size_t> closeOf(std::string_view text, const std::vector<Token>& tokens, std::size_t i,
                                   StatementEnds* memo) {
  return memo ? memo->close(i) : matchingClose(text, tokens, i);
}

// `( ... )` at tokens[i]: one past its ')'.
std::optional<std::size_t> parenGroup(std::string_view text, const std::vector<Token>& tokens,
                                      std::size_t i, StatementEnds* memo) {
  if (!isPunct(text, tokens, i, '(')) return std::nullopt;
  return closeOf(text, tokens, i, memo);
}

// A statement that ends at the first ';' outside brackets: one past that ';'.
std::optional<std::size_t> simpleEnd(std::string_view text, const std::vector<Token>& tokens,
                                     std::size_t i, StatementEnds* memo) {
  for (; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenKind::Punct) continue;
    char c = text[tokens[i].begin];
    if (c == ';') return i + 1;
    if (isClose(c)) return std::nullopt;
    if (isOpen(c)) {
      std::optional<std::size_t> end = closeOf(text, tokens, i, memo);
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

namespace {

std::optional<std::size_t> readStatementEnd(std::string_view text, const std::vector<Token>& tokens, std::size_t i,
                                            StatementEnds* memo) {
  // `[[likely]] { ... }`, `[[fallthrough]];`: the attributes belong to the statement after them.
  while (isPunct(text, tokens, i, '[') && isPunct(text, tokens, i + 1, '[')) {
    std::optional<std::size_t> end = closeOf(text, tokens, i, memo);
    if (!end) return std::nullopt;
    i = *end;
  }
  if (i >= tokens.size() || tokens[i].kind == TokenKind::Directive) return std::nullopt;
  if (isPunct(text, tokens, i, '{')) return closeOf(text, tokens, i, memo);
  if (isPunct(text, tokens, i, ';')) return i + 1;
  if (isWord(text, tokens, i, "if")) {
    std::size_t k = i + 1;
    if (isWord(text, tokens, k, "constexpr")) ++k;
    std::optional<std::size_t> cond = parenGroup(text, tokens, k, memo);
    if (!cond) return std::nullopt;  // `if consteval`, or not C++
    std::optional<std::size_t> end = nestedEnd(text, tokens, *cond, memo);
    if (end && isWord(text, tokens, *end, "else")) end = nestedEnd(text, tokens, *end + 1, memo);
    return end;
  }
  if (isWord(text, tokens, i, "for") || isWord(text, tokens, i, "while") ||
      isWord(text, tokens, i, "switch")) {
    std::optional<std::size_t> head = parenGroup(text, tokens, i + 1, memo);
    if (!head) return std::nullopt;
    return nestedEnd(text, tokens, *head, memo);
  }
  if (isWord(text, tokens, i, "do")) {
    std::optional<std::size_t> body = nestedEnd(text, tokens, i + 1, memo);
    if (!body || !isWord(text, tokens, *body, "while")) return std::nullopt;
    std::optional<std::size_t> cond = parenGroup(text, tokens, *body + 1, memo);
    if (!cond || !isPunct(text, tokens, *cond, ';')) return std::nullopt;
    return *cond + 1;
  }
  if (isWord(text, tokens, i, "try")) {
    std::optional<std::size_t> end = nestedEnd(text, tokens, i + 1, memo);
    if (!end || !isWord(text, tokens, *end, "catch")) return std::nullopt;
    while (end && isWord(text, tokens, *end, "catch")) {
      std::optional<std::size_t> head = parenGroup(text, tokens, *end + 1, memo);
      if (!head || !isPunct(text, tokens, *head, '{')) return std::nullopt;
      end = closeOf(text, tokens, *head, memo);
    }
    return end;
  }
  // `case x:`, `default:` and `name:` label the statement after them; left alone.
  if (isWord(text, tokens, i, "case") || isWord(text, tokens, i, "default")) return std::nullopt;
  if (tokens[i].kind == TokenKind::Identifier && isPunct(text, tokens, i + 1, ':') &&
      !isPunct(text, tokens, i + 2, ':'))
    return std::nullopt;
  return simpleEnd(text, tokens, i, memo);
}

}  // namespace

std::optional<std::size_t> statementEnd(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  return readStatementEnd(text, tokens, i, nullptr);
}

StatementEnds::StatementEnds(std::string_view text, const std::vector<Token>& tokens)
    : text_(text), tokens_(tokens), ends_(tokens.size() + 1, -2), closes_(tokens.size(), -1) {
  // Each opener's closer, all kinds counted together as matchingClose counts them.
  std::vector<std::size_t> open;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    if (tokens[k].kind != TokenKind::Punct) continue;
    const char c = text[tokens[k].begin];
    if (isOpen(c)) open.push_back(k);
    if (isClose(c) && !open.empty()) {
      closes_[open.back()] = static_cast<long long>(k + 1);
      open.pop_back();
    }
  }
}

std::optional<std::size_t> StatementEnds::close(std::size_t i) const {
  if (i >= closes_.size() || closes_[i] < 0) return std::nullopt;
  return static_cast<std::size_t>(closes_[i]);
}

std::optional<std::size_t> StatementEnds::operator()(std::size_t i) {
  if (i >= ends_.size()) return readStatementEnd(text_, tokens_, i, this);
  if (ends_[i] == -2) {
    std::optional<std::size_t> end = readStatementEnd(text_, tokens_, i, this);
    ends_[i] = end ? static_cast<long long>(*end) : -1;
  }
  if (ends_[i] < 0) return std::nullopt;
  return static_cast<std::size_t>(ends_[i]);
}

}  // namespace loom::cc
