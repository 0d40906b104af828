#include "linemap.h"

#include <algorithm>
#include <charconv>

namespace loom::cc {
namespace {

std::string_view skipBlanks(std::string_view s) {
  std::size_t i = s.find_first_not_of(" \t");
  return i == std::string_view::npos ? std::string_view{} : s.substr(i);
}

}  // namespace

bool parseLinemarker(std::string_view line, int& number, std::string& file, bool* systemHeader) {
  if (systemHeader) *systemHeader = false;
  line = skipBlanks(line);
  if (line.empty() || line.front() != '#') return false;
  line = skipBlanks(line.substr(1));
  if (line.substr(0, 4) == "line") line = skipBlanks(line.substr(4));
  std::size_t digits = 0;
  while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
  if (digits == 0) return false;  // #pragma, #ident, ...
  if (std::from_chars(line.data(), line.data() + digits, number).ec != std::errc{}) return false;
  line = skipBlanks(line.substr(digits));
  if (line.empty() || line.front() != '"') return true;
  std::string name;
  for (std::size_t i = 1; i < line.size(); ++i) {
    char c = line[i];
    if (c == '"') {
      file = std::move(name);
      // Flags follow the name: 1 enters a file, 2 returns to one, 3 a system header, 4 extern "C".
      for (std::string_view flags = line.substr(i + 1); !(flags = skipBlanks(flags)).empty();) {
        std::size_t n = flags.find_first_of(" \t");
        if (systemHeader && flags.substr(0, n) == "3") *systemHeader = true;
        flags = n == std::string_view::npos ? std::string_view{} : flags.substr(n);
      }
      return true;
    }
    if (c == '\\' && i + 1 < line.size()) c = line[++i];
    name.push_back(c);
  }
  return false;  // unterminated name: not a marker we understand
}

LineMap::LineMap(std::string_view text, std::string fallbackFile)
    : fallbackFile_(std::move(fallbackFile)) {
  std::string file = fallbackFile_;
  int ppLine = 1;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t nl = text.find('\n', pos);
    std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(pos, end - pos);
    int number = 0;
    if (line.find('#') != std::string_view::npos && parseLinemarker(line, number, file)) {
      markers_.push_back({ppLine, number, file});
    }
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
    ++ppLine;
  }
}

SourceLocation LineMap::locate(int ppLine) const {
  // Markers are in increasing ppLine order; find the last one above ppLine.
  auto it = std::upper_bound(markers_.begin(), markers_.end(), ppLine - 1,
                             [](int l, const Marker& m) { return l < m.ppLine; });
  if (it == markers_.begin()) return {fallbackFile_, ppLine};
  const Marker& m = *std::prev(it);
  return {m.file, m.line + (ppLine - m.ppLine - 1)};
}

}  // namespace loom::cc
