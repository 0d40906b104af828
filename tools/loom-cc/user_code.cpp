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

std::vector<CodeOrigin> codeOrigins(std::string_view text, const std::vector<Token>& tokens,
                                    const std::vector<std::string>& libraryDirs) {
  std::vector<CodeOrigin> origins(tokens.size(), CodeOrigin::User);
  CodeOrigin current = CodeOrigin::User;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (tokens[i].kind == TokenKind::Directive) {
      int line = 0;
      std::string file;  // stays empty for a marker that names no file: the same file goes on
      bool system = false;
      if (parseLinemarker(spelling(text, tokens[i]), line, file, &system) && !file.empty()) {
        current = system || file.starts_with('<') ? CodeOrigin::SystemHeader : CodeOrigin::User;
        for (const std::string& dir : libraryDirs)
          if (underDirectory(file, dir)) current = CodeOrigin::Loom;
      }
      continue;
    }
    origins[i] = current;
  }
  return origins;
}

std::vector<bool> userCodeTokens(const std::vector<Token>& tokens, const std::vector<CodeOrigin>& origins) {
  std::vector<bool> user(tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i)
    user[i] = origins[i] == CodeOrigin::User && tokens[i].kind != TokenKind::Directive;
  return user;
}

}  // namespace loom::cc
