#include "kernel_registration.h"

#include <optional>
#include <string>

#include "attributes.h"

namespace loom::cc {
namespace {

bool isMarker(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  return i + 4 < tokens.size() && isWord(text, tokens, i, "__attribute__") && isPunct(text, tokens, i + 1, '(') &&
         isPunct(text, tokens, i + 2, '(') && isPunct(text, tokens, i + 3, ')') && isPunct(text, tokens, i + 4, ')');
}

// For each token, whether every brace around it opens a namespace or an `extern "C"` block.
std::vector<bool> namespaceScope(std::string_view text, const std::vector<Token>& tokens) {
  std::vector<bool> atNamespace(tokens.size(), true);
  std::vector<bool> stack;  // per open brace: a namespace-like one
  bool all = true;
  auto recompute = [&] {
    all = true;
    for (bool b : stack) all = all && b;
  };
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    atNamespace[i] = all;
    if (isPunct(text, tokens, i, '{')) {
      bool ns = false;
      if (i >= 1 && tokens[i - 1].kind == TokenKind::String && i >= 2 && isWord(text, tokens, i - 2, "extern")) ns = true;
      std::size_t j = i;
      while (j > 0 && (tokens[j - 1].kind == TokenKind::Identifier || isPunct(text, tokens, j - 1, ':'))) {
        if (isWord(text, tokens, j - 1, "namespace")) {
          ns = true;
          break;
        }
        --j;
      }
      stack.push_back(ns);
      recompute();
    } else if (isPunct(text, tokens, i, '}') && !stack.empty()) {
      stack.pop_back();
      recompute();
    }
  }
  return atNamespace;
}

// Whether the declaration holding the marker at tokens[at] is a template's: a '>' or `template`
// among the tokens before it back to the previous declaration.
bool isTemplate(std::string_view text, const std::vector<Token>& tokens, std::size_t at) {
  for (std::size_t j = at; j-- > 0;) {
    const Token& t = tokens[j];
    if (t.kind == TokenKind::Directive) return false;
    if (isPunct(text, tokens, j, ';') || isPunct(text, tokens, j, '{') || isPunct(text, tokens, j, '}')) return false;
    if (isPunct(text, tokens, j, '>') || isWord(text, tokens, j, "template")) return true;
  }
  return false;
}

}  // namespace

void findKernelRegistrationEdits(std::string_view text, const std::vector<Token>& tokens,
                                 std::vector<Edit>& edits) {
  std::vector<bool> atNamespace;
  unsigned count = 0;
  for (std::size_t m = 0; m < tokens.size(); ++m) {
    if (!isMarker(text, tokens, m)) continue;
    if (atNamespace.empty()) atNamespace = namespaceScope(text, tokens);
    if (!atNamespace[m] || isTemplate(text, tokens, m)) continue;
    // The declarator: the first '(' that is not an attribute's follows the kernel's name.
    std::size_t i = m + 5;
    std::optional<std::size_t> open;
    while (i < tokens.size()) {
      if (std::optional<std::size_t> end = attributeEnd(text, tokens, i)) {
        i = *end;
        continue;
      }
      if (isPunct(text, tokens, i, '(')) {
        open = i;
        break;
      }
      if (tokens[i].kind != TokenKind::Identifier && !isPunct(text, tokens, i, ':')) break;
      ++i;
    }
    if (!open || *open == 0 || tokens[*open - 1].kind != TokenKind::Identifier) continue;
    std::size_t nameBegin = *open - 1;
    while (nameBegin >= 2 && isPunct(text, tokens, nameBegin - 1, ':') && isPunct(text, tokens, nameBegin - 2, ':') &&
           nameBegin >= 3 && tokens[nameBegin - 3].kind == TokenKind::Identifier)
      nameBegin -= 3;
    std::optional<std::size_t> close = skipGroup(text, tokens, *open);
    if (!close) continue;
    bool defaults = false;
    int depth = 0;
    for (std::size_t k = *open; k < *close; ++k) {
      if (isPunct(text, tokens, k, '(')) ++depth;
      if (isPunct(text, tokens, k, ')')) --depth;
      if (depth == 1 && isPunct(text, tokens, k, '=')) defaults = true;
    }
    if (defaults) continue;
    // The end of the declaration: its ';', or the '}' closing its body.
    std::size_t e = *close;
    while (e < tokens.size() && !isPunct(text, tokens, e, ';') && !isPunct(text, tokens, e, '{')) ++e;
    if (e == tokens.size()) continue;
    if (isPunct(text, tokens, e, '{')) {
      int braces = 0;
      for (; e < tokens.size(); ++e) {
        if (isPunct(text, tokens, e, '{')) ++braces;
        if (isPunct(text, tokens, e, '}') && --braces == 0) break;
      }
      if (e == tokens.size()) continue;
    }
    std::string name(text.substr(tokens[nameBegin].begin, tokens[*open - 1].end - tokens[nameBegin].begin));
    std::string params(text.substr(tokens[*open].begin, tokens[*close - 1].end - tokens[*open].begin));
    for (char& c : params)
      if (c == '\n') c = ' ';  // the registration stays on the declaration's last line
    std::string registration = " [[maybe_unused]] static const bool loom_kernel_registered_" + std::to_string(count++) +
                               " = (::loom::registerKernelType(static_cast<void (*)" + params + ">(&" + name +
                               ")), true);";
    edits.push_back(Edit{tokens[e].end, tokens[e].end, registration});
    m = e;
  }
}

}  // namespace loom::cc
