#include "edit.h"

#include <algorithm>

namespace loom::cc {

std::string applyEdits(std::string_view text, std::vector<Edit> edits) {
  // At one offset an insertion goes before a replacement that starts there (a brace opened in
  // front of a statement that another rewrite replaces): the replacement would otherwise move
  // `at` past it, and the insertion would be dropped as an overlap.
  std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) {
    if (a.begin != b.begin) return a.begin < b.begin;
    return a.begin == a.end && b.begin != b.end;
  });
  std::string out;
  out.reserve(text.size() + edits.size() * 32);
  std::size_t at = 0;
  for (const Edit& e : edits) {
    std::size_t begin = std::max(e.begin, at);
    if (begin > e.end) continue;
    out.append(text.substr(at, begin - at));
    out.append(e.replacement);
    at = e.end;
  }
  out.append(text.substr(at));
  return out;
}

}  // namespace loom::cc
