#include "attributes.h"

namespace loom::cc {

std::optional<std::size_t> skipGroup(std::string_view text, const std::vector<Token>& tokens,
                                     std::size_t i) {
  int depth = 0;
  for (; i < tokens.size(); ++i) {
    if (tokens[i].kind != TokenKind::Punct) continue;
    char c = text[tokens[i].begin];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') {
      if (--depth == 0) return i + 1;
    }
    if (c == ';' || c == '{' || c == '}') return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::size_t> attributeEnd(std::string_view text, const std::vector<Token>& tokens,
                                        std::size_t i) {
  if ((isWord(text, tokens, i, "__attribute__") || isWord(text, tokens, i, "__attribute") ||
       isWord(text, tokens, i, "alignas") || isWord(text, tokens, i, "__declspec")) &&
      isPunct(text, tokens, i + 1, '(')) {
    return skipGroup(text, tokens, i + 1);
  }
  if (isPunct(text, tokens, i, '[') && isPunct(text, tokens, i + 1, '[')) return skipGroup(text, tokens, i);
  return std::nullopt;
}

bool isStandardAttribute(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  return isWord(text, tokens, i, "alignas") || isPunct(text, tokens, i, '[');
}

}  // namespace loom::cc
