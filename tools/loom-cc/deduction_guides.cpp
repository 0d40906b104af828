#include "deduction_guides.h"

#include <optional>

#include "qualifier_marks.h"

namespace loom::cc {
namespace {

// One past the qualifier mark `__attribute__((,...))` at tokens[i].
std::size_t markEnd(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  std::size_t j = i + 3;
  while (isPunct(text, tokens, j, ',')) ++j;
  return j + 2;
}

std::size_t skipLineMarkers(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  while (isLineMarker(text, tokens, i)) ++i;
  return i;
}

// Whether a deduction guide follows the qualifiers, at tokens[i]: `explicit` (or
// `explicit(...)`), then a template name, its parameters and `->`. A constructor has no `->`; a
// function with a trailing return type has `auto` before its name; a lambda has no name.
bool deductionGuideAt(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  i = skipLineMarkers(text, tokens, i);
  if (isWord(text, tokens, i, "explicit")) {
    i = skipLineMarkers(text, tokens, i + 1);
    if (isPunct(text, tokens, i, '(')) {
      std::optional<std::size_t> close = closingBracket(text, tokens, i);
      if (!close) return false;
      i = skipLineMarkers(text, tokens, *close + 1);
    }
  }
  if (i >= tokens.size() || tokens[i].kind != TokenKind::Identifier) return false;
  const std::string_view name = spelling(text, tokens[i]);
  if (name == "auto" || name == "operator" || name == "__attribute__" || name == "decltype") return false;
  i = skipLineMarkers(text, tokens, i + 1);
  if (!isPunct(text, tokens, i, '(')) return false;
  std::optional<std::size_t> close = closingBracket(text, tokens, i);
  if (!close) return false;
  i = skipLineMarkers(text, tokens, *close + 1);
  return isPunct(text, tokens, i, '-') && isPunct(text, tokens, i + 1, '>') && adjacent(tokens, i);
}

}  // namespace

void findDeductionGuideEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (qualifierMark(text, tokens, i) == QualifierMark::None) continue;
    // The run of marks (and line markers among them) that starts here.
    std::vector<std::size_t> marks;
    std::size_t j = i;
    for (;;) {
      j = skipLineMarkers(text, tokens, j);
      if (qualifierMark(text, tokens, j) == QualifierMark::None) break;
      marks.push_back(j);
      j = markEnd(text, tokens, j);
    }
    if (deductionGuideAt(text, tokens, j)) {
      for (std::size_t m : marks) edits.push_back({tokens[m].begin, tokens[markEnd(text, tokens, m) - 1].end, ""});
    }
    i = j - 1;
  }
}

}  // namespace loom::cc
