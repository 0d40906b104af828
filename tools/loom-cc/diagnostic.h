// A rewrite error or warning, located in the preprocessed text, and its rendering in terms of
// the user's source: `file:line:col: error: ...`, or nvcc's numbered warnings as
// `file:line:col: warning #20093-D: ...`.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace loom::cc {

class LineMap;

struct Diagnostic {
  int ppLine = 0;    // 1-based line in the preprocessed text
  int ppColumn = 0;  // 1-based byte column in that line
  // The source text the error points at ("<<<"), and which of its occurrences on the preprocessed
  // line it is (0-based): used to find the column in the user's original line.
  std::string anchor;
  int occurrence = 0;
  std::string message;
  // A warning: nvcc's number for it (20093 prints `warning #20093-D`); 0 for an error.
  int warning = 0;
};

// An error at the byte range [begin, end) of the preprocessed text, anchored at that text.
Diagnostic diagnosticAt(std::string_view preprocessed, std::size_t begin, std::size_t end, std::string message);

// Line `line` (1-based) of `text`, without its newline; nullopt past the end.
std::optional<std::string_view> nthLine(std::string_view text, int line);

// Reads a source file named by a linemarker; nullopt when it cannot be read.
using SourceReader = std::function<std::optional<std::string>(const std::string& path)>;

// Reads from the file system.
std::optional<std::string> readSourceFile(const std::string& path);

// "file:line:col: error: message". File and line come from the linemarkers; the column is where
// the anchor occurs in the original source line when that file is readable and the line holds the
// anchor (a launch produced by a macro does not), else the column in the preprocessed line.
std::string renderDiagnostic(const Diagnostic& d, const LineMap& lines, const SourceReader& read);

}  // namespace loom::cc
