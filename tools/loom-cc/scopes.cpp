#include "scopes.h"

namespace loom::cc {
namespace {

// Whether the '{' at tokens[i] opens a namespace or an extern "C" block.
bool namespaceBrace(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  if (i >= 2 && tokens[i - 1].kind == TokenKind::String && isWord(text, tokens, i - 2, "extern")) return true;
  for (std::size_t j = i; j > 0 && (tokens[j - 1].kind == TokenKind::Identifier || isPunct(text, tokens, j - 1, ':'));
       --j)
    if (isWord(text, tokens, j - 1, "namespace")) return true;
  return false;
}

}  // namespace

std::vector<bool> namespaceScopeTokens(std::string_view text, const std::vector<Token>& tokens) {
  std::vector<bool> atNamespaceScope(tokens.size());
  std::vector<bool> braces;  // for each open brace: is it a namespace's
  int other = 0;             // open braces that are not
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (isPunct(text, tokens, i, '}') && !braces.empty()) {
      other -= !braces.back();
      braces.pop_back();
    }
    atNamespaceScope[i] = other == 0;
    if (isPunct(text, tokens, i, '{')) {
      braces.push_back(namespaceBrace(text, tokens, i));
      other += !braces.back();
    }
  }
  return atNamespaceScope;
}

}  // namespace loom::cc
