#include "permissive.h"

namespace loom::cc {

PermissiveOutcome restorePermissiveErrors(std::string_view text) {
  PermissiveOutcome out;
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(begin, end - begin));
    constexpr std::string_view kWarning = ": warning: ";
    constexpr std::string_view kTag = "[-fpermissive]";
    const std::size_t w = line.find(kWarning);
    const bool permissive = w != std::string::npos && line.size() >= kTag.size() &&
                            line.compare(line.size() - kTag.size(), kTag.size(), kTag) == 0;
    if (permissive && line.find("changes meaning") == std::string::npos) {
      line.replace(w, kWarning.size(), ": error: ");
      out.restoredErrors = true;
    }
    out.diagnostics += line;
    if (end < text.size()) out.diagnostics.push_back('\n');
    begin = end + 1;
  }
  return out;
}

}  // namespace loom::cc
