#include "expression.h"

namespace loom::cc {

bool isOneOf(std::string_view word, std::initializer_list<std::string_view> words) {
  for (std::string_view w : words)
    if (word == w) return true;
  return false;
}

bool isOperatorPair(std::string_view text, const std::vector<Token>& tokens, std::size_t k, char a, char b) {
  return isPunct(text, tokens, k, a) && isPunct(text, tokens, k + 1, b) && adjacent(tokens, k);
}

bool isAssignmentAt(std::string_view text, const std::vector<Token>& tokens, std::size_t k) {
  if (isOperatorPair(text, tokens, k, '+', '+') || isOperatorPair(text, tokens, k, '-', '-')) return true;
  if (isPunct(text, tokens, k, '=')) return !isOperatorPair(text, tokens, k, '=', '=');
  for (char c : {'+', '-', '*', '/', '%', '&', '|', '^'})
    if (isOperatorPair(text, tokens, k, c, '=')) return true;
  return (isOperatorPair(text, tokens, k, '<', '<') && isOperatorPair(text, tokens, k + 1, '<', '=')) ||
         (isOperatorPair(text, tokens, k, '>', '>') && isOperatorPair(text, tokens, k + 1, '>', '='));
}

bool isMemberName(std::string_view text, const std::vector<Token>& tokens, std::size_t k) {
  return k > 0 && (isPunct(text, tokens, k - 1, '.') || (k > 1 && isOperatorPair(text, tokens, k - 2, '-', '>')));
}

bool isDereferenceAt(std::string_view text, const std::vector<Token>& tokens, std::size_t k, std::size_t first) {
  if (!isPunct(text, tokens, k, '*')) return false;
  if (k == first) return true;
  return tokens[k - 1].kind == TokenKind::Punct && !isPunct(text, tokens, k - 1, ')') &&
         !isPunct(text, tokens, k - 1, ']');
}

std::optional<std::size_t> openingBracket(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  int depth = 0;
  for (std::size_t k = i + 1; k-- > 0;) {
    if (tokens[k].kind != TokenKind::Punct) continue;
    const char c = text[tokens[k].begin];
    if (c == ')' || c == ']' || c == '}') ++depth;
    if (c == '(' || c == '[' || c == '{') --depth;
    if (depth == 0) return k;
  }
  return std::nullopt;
}

bool isIntegerTypeName(std::string_view word) {
  return isOneOf(word, {"int", "unsigned", "signed", "long", "short", "char", "auto", "size_t", "int8_t", "int16_t",
                        "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t"});
}

bool isLoopFreeCall(std::string_view name) {
  if (name.substr(0, 5) == "__ldc" || name == "__ldg" || name == "__ldlu") return true;
  return isIntegerTypeName(name) ||
         isOneOf(name, {"min", "max", "abs", "fabsf", "fabs", "fminf", "fmaxf", "fmin", "fmax", "sqrtf", "sizeof",
                        "alignof", "decltype", "noexcept", "float", "double", "bool", "void"});
}

}  // namespace loom::cc
