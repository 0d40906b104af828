#include "qualifier_marks.h"

namespace loom::cc {

QualifierMark qualifierMark(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  if (!isWord(text, tokens, i, "__attribute__") || !isPunct(text, tokens, i + 1, '(') ||
      !isPunct(text, tokens, i + 2, '('))
    return QualifierMark::None;
  std::size_t commas = 0;
  std::size_t j = i + 3;
  while (isPunct(text, tokens, j, ',')) ++commas, ++j;
  if (!isPunct(text, tokens, j, ')') || !isPunct(text, tokens, j + 1, ')')) return QualifierMark::None;
  switch (commas) {
    case 0: return QualifierMark::Global;
    case 1: return QualifierMark::Device;
    case 2: return QualifierMark::Host;
    case 3: return QualifierMark::Constant;
    default: return QualifierMark::None;
  }
}

}  // namespace loom::cc
