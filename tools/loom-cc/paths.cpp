#include "paths.h"

#include <unistd.h>

#include <climits>

namespace loom::cc {

std::string_view baseName(std::string_view path) {
  std::size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string dirName(std::string_view path) {
  std::size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return ".";
  if (slash == 0) return "/";
  return std::string(path.substr(0, slash));
}

std::string stem(std::string_view path) {
  std::string_view name = baseName(path);
  std::size_t dot = name.rfind('.');
  return std::string(dot == std::string_view::npos || dot == 0 ? name : name.substr(0, dot));
}

std::string replaceSuffix(std::string_view path, std::string_view suffix) {
  std::size_t nameStart = path.size() - baseName(path).size();
  std::size_t dot = path.rfind('.');
  std::string out(dot == std::string_view::npos || dot <= nameStart ? path : path.substr(0, dot));
  out.append(suffix);
  return out;
}

std::string executablePath(const char* argv0) {
  // /proc/self/exe resolves symbolic links, so a loom-cc linked into /usr/local/bin still finds
  // its configuration beside the real file.
  char buffer[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  if (n > 0) return std::string(buffer, static_cast<std::size_t>(n));
  return argv0 ? argv0 : "loom-cc";
}

}  // namespace loom::cc
