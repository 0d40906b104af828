#include "diagnostic.h"

#include <fstream>
#include <sstream>

#include "linemap.h"

namespace loom::cc {
namespace {

// 1-based column of the occurrence-th anchor in `line` (the first one if there are fewer), or 0.
int anchorColumn(std::string_view line, const std::string& anchor, int occurrence) {
  std::size_t first = line.find(anchor);
  if (first == std::string_view::npos) return 0;
  std::size_t at = first;
  for (int k = 0; k < occurrence; ++k) {
    std::size_t next = line.find(anchor, at + anchor.size());
    if (next == std::string_view::npos) return static_cast<int>(first) + 1;
    at = next;
  }
  return static_cast<int>(at) + 1;
}

}  // namespace

std::optional<std::string_view> nthLine(std::string_view text, int line) {
  std::size_t pos = 0;
  for (int i = 1; i < line; ++i) {
    pos = text.find('\n', pos);
    if (pos == std::string_view::npos) return std::nullopt;
    ++pos;
  }
  std::size_t end = text.find('\n', pos);
  return text.substr(pos, end == std::string_view::npos ? std::string_view::npos : end - pos);
}

Diagnostic diagnosticAt(std::string_view text, std::size_t begin, std::size_t end, std::string message) {
  std::size_t lineStart = begin == 0 ? 0 : text.rfind('\n', begin - 1);
  lineStart = lineStart == std::string_view::npos || begin == 0 ? 0 : lineStart + 1;
  int line = 1;
  for (std::size_t k = 0; k < lineStart; ++k) line += text[k] == '\n';
  std::string anchor(text.substr(begin, end - begin));
  std::string_view before = text.substr(lineStart, begin - lineStart);
  int occurrence = 0;
  for (std::size_t k = before.find(anchor); k != std::string_view::npos; k = before.find(anchor, k + anchor.size()))
    ++occurrence;
  return Diagnostic{line, static_cast<int>(begin - lineStart) + 1, anchor, occurrence, std::move(message)};
}

std::optional<std::string> readSourceFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string renderDiagnostic(const Diagnostic& d, const LineMap& lines, const SourceReader& read) {
  SourceLocation where = lines.locate(d.ppLine);
  int column = d.ppColumn;
  if (!d.anchor.empty() && read) {
    if (std::optional<std::string> source = read(where.file)) {
      if (std::optional<std::string_view> line = nthLine(*source, where.line)) {
        if (int c = anchorColumn(*line, d.anchor, d.occurrence)) column = c;
      }
    }
  }
  const std::string severity = d.warning ? "warning #" + std::to_string(d.warning) + "-D" : "error";
  return where.file + ":" + std::to_string(where.line) + ":" + std::to_string(column) + ": " + severity + ": " +
         d.message;
}

}  // namespace loom::cc
