#include "user_code.h"

#include "linemap.h"

namespace loom::cc {
namespace {

bool underDirectory(std::string_view file, const std::string& dir) {
  if (dir.empty()) return false;
  std::string_view d = dir;
  while (d.size() > 1 && d.back() == '/') d.remove_suffix(1);
  return file.size() > d.size() && file.substr(0, d.size()) == d && file[d.size()] == '/';
}

}  // namespace

std::vector<bool> userCodeTokens(std::string_view text, const std::vector<Token>& tokens,
                                 const std::vector<std::string>& libraryDirs) {
  std::vector<bool> user(tokens.size(), false);
  bool current = true;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind == TokenKind::Directive) {
      int line = 0;
      std::string file;  // stays empty for a marker that names no file: the same file goes on
      bool system = false;
      if (parseLinemarker(spelling(text, tokens[i]), line, file, &system) && !file.empty()) {
        current = !system && !file.starts_with('<');
        for (const std::string& dir : libraryDirs) current = current && !underDirectory(file, dir);
      }
      continue;
    }
    user[i] = current;
  }
  return user;
}

}  // namespace loom::cc
