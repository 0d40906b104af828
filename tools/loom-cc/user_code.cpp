#include "user_code.h"

#include <cctype>
#include <optional>

namespace loom::cc {
namespace {

struct Linemarker {
  std::string_view file;
  bool system = false;
};

// `# <line> "<file>" [flags]` (GCC's form of a #line), or nothing for other directives.
std::optional<Linemarker> parseLinemarker(std::string_view d) {
  std::size_t i = 1;
  while (i < d.size() && (d[i] == ' ' || d[i] == '\t')) ++i;
  if (d.substr(i, 4) == "line") i += 4;
  while (i < d.size() && (d[i] == ' ' || d[i] == '\t')) ++i;
  if (i >= d.size() || !std::isdigit(static_cast<unsigned char>(d[i]))) return std::nullopt;
  while (i < d.size() && std::isdigit(static_cast<unsigned char>(d[i]))) ++i;
  std::size_t open = d.find('"', i);
  if (open == std::string_view::npos) return std::nullopt;
  std::size_t close = open + 1;
  while (close < d.size() && d[close] != '"') close += d[close] == '\\' ? 2 : 1;
  if (close >= d.size()) return std::nullopt;
  Linemarker m;
  m.file = d.substr(open + 1, close - open - 1);
  for (std::size_t k = close + 1; k < d.size(); ++k) {
    if (d[k] == '3' && (d[k - 1] == ' ' || d[k - 1] == '\t')) m.system = true;
  }
  return m;
}

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
      if (std::optional<Linemarker> m = parseLinemarker(spelling(text, tokens[i]))) {
        current = !m->system && !m->file.starts_with('<');
        for (const std::string& dir : libraryDirs) current = current && !underDirectory(m->file, dir);
      }
      continue;
    }
    user[i] = current;
  }
  return user;
}

}  // namespace loom::cc
