// Maps lines of preprocessed text back to the user's file and line through the linemarkers
// (`# 12 "file.cu" 2`, `#line 12 "file.cu"`) that the preprocessor writes.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace loom::cc {

struct SourceLocation {
  std::string file;
  int line = 0;
};

class LineMap {
 public:
  // `fallbackFile` names lines before the first linemarker.
  explicit LineMap(std::string_view preprocessed, std::string fallbackFile = "<stdin>");

  // `ppLine` is 1-based.
  SourceLocation locate(int ppLine) const;

 private:
  struct Marker {
    int ppLine;  // the line holding the marker
    int line;    // the line number the marker gives to the next line
    std::string file;
  };
  std::vector<Marker> markers_;
  std::string fallbackFile_;
};

// Parses one directive line; false when it is not a linemarker. The file is unescaped (\\ and \").
// A marker without a file name keeps `file` unchanged. `systemHeader`, when given, is set when
// the marker carries GCC's flag 3 (the text that follows comes from a system header).
bool parseLinemarker(std::string_view line, int& number, std::string& file, bool* systemHeader = nullptr);

}  // namespace loom::cc
