#include "config.h"

#include "diagnostic.h"
#include "paths.h"

namespace loom::cc {
namespace {

std::string_view trim(std::string_view s) {
  std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  std::size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

// A '#' after a blank starts a comment (paths rarely hold " #").
std::string_view stripComment(std::string_view line) {
  for (std::size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '#' && (line[i - 1] == ' ' || line[i - 1] == '\t')) return line.substr(0, i);
  }
  return line;
}

std::string expand(std::string_view value, std::string_view confDir) {
  constexpr std::string_view kConfDir = "${confdir}";
  std::string out;
  for (std::size_t i = 0; i < value.size();) {
    if (value.substr(i, kConfDir.size()) == kConfDir) {
      out.append(confDir);
      i += kConfDir.size();
    } else {
      out.push_back(value[i++]);
    }
  }
  return out;
}

std::vector<std::string> splitList(std::string_view value, std::string_view confDir) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (pos <= value.size()) {
    std::size_t semi = value.find(';', pos);
    std::string_view item = trim(
        value.substr(pos, semi == std::string_view::npos ? std::string_view::npos : semi - pos));
    if (!item.empty()) out.push_back(expand(item, confDir));
    if (semi == std::string_view::npos) break;
    pos = semi + 1;
  }
  return out;
}

}  // namespace

ConfigResult parseConfig(std::string_view text, std::string_view confDir) {
  ConfigResult r;
  int lineNumber = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t nl = text.find('\n', pos);
    std::string_view raw =
        text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    ++lineNumber;
    std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    line = trim(stripComment(line));
    std::size_t eq = line.find('=');
    if (eq == std::string_view::npos) {
      r.error = "line " + std::to_string(lineNumber) + ": expected key=value";
      return r;
    }
    std::string_view key = trim(line.substr(0, eq));
    std::string_view value = trim(line.substr(eq + 1));
    if (key == "cxx") {
      if (value.empty()) {
        r.error = "line " + std::to_string(lineNumber) + ": cxx is empty";
        return r;
      }
      r.config.cxx = expand(value, confDir);
    } else if (key == "include") {
      r.config.includeDirs = splitList(value, confDir);
    } else if (key == "library") {
      r.config.libraryDirs = splitList(value, confDir);
    } else if (key == "defines") {
      r.config.defines = splitList(value, confDir);
    } else if (key == "link") {
      r.config.linkArgs = splitList(value, confDir);
    } else if (key == "gdb_script") {
      r.config.gdbScript = expand(value, confDir);
    }
  }
  return r;
}

std::string configPath(const char* envOverride, const std::string& executable) {
  if (envOverride && *envOverride) return envOverride;
  return dirName(executable) + "/../share/loom/loom-cc.conf";
}

ConfigResult loadConfig(const std::string& path) {
  std::optional<std::string> text = readSourceFile(path);
  if (!text) {
    ConfigResult r;
    r.error = "cannot read the configuration file '" + path +
              "' (build or install Loom, or point LOOM_CC_CONF at a loom-cc.conf)";
    return r;
  }
  ConfigResult r = parseConfig(*text, dirName(path));
  if (r.error) r.error = path + ": " + *r.error;
  return r;
}

}  // namespace loom::cc
