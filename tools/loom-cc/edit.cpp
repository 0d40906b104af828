#include "edit.h"

#include <algorithm>

namespace loom::cc {

std::string applyEdits(std::string_view text, std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
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
