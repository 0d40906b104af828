#include "run_data.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace loom::validate {
namespace {

std::optional<std::string> readText(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

std::string normaliseKernelName(const std::string& name) {
  std::string s = name;
  // Cut the parameter list: the first '(' outside template brackets.
  int depth = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<') ++depth;
    else if (s[i] == '>') --depth;
    else if (s[i] == '(' && depth == 0) { s = s.substr(0, i); break; }
  }
  // Drop a return type ("void k"): the last space outside template brackets.
  depth = 0;
  std::size_t cut = std::string::npos;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<') ++depth;
    else if (s[i] == '>') --depth;
    else if (s[i] == ' ' && depth == 0) cut = i;
  }
  if (cut != std::string::npos) s = s.substr(cut + 1);
  // Template arguments as the demanglers print them: g++ writes an enum or typed constant as
  // "(ns::Access)0", an unsigned one as "1u" and a bool as "false", ncu as "0", "1" and "0". (The
  // \x01 keeps "$1" from reading the digit after it as part of the group number.)
  static const std::regex cast(R"(\((?:[A-Za-z_][A-Za-z0-9_:]*\s*)+\)(?=-?[0-9]))");
  static const std::regex suffix(R"(([0-9])[uUlL]+(?=[,>]))");
  if (s.find('<') != std::string::npos) {
    s = std::regex_replace(s, cast, "");
    s = std::regex_replace(s, suffix, "$1");
    for (const auto& [word, digit] : {std::pair{"false", "0"}, std::pair{"true", "1"}}) {
      const std::regex boolean(std::string("([<,]\\s*)") + word + "(?=\\s*[,>])");
      s = std::regex_replace(s, boolean, std::string("$1") + "\x01" + digit);
    }
    s.erase(std::remove(s.begin(), s.end(), '\x01'), s.end());
  }
  return s;
}

std::vector<Launch> parseLaunches(const nlohmann::json& doc) {
  std::vector<Launch> out;
  if (!doc.is_object() || !doc.contains("launches") || !doc["launches"].is_array())
    throw std::runtime_error("no \"launches\" array");
  for (const auto& l : doc["launches"]) {
    Launch launch;
    launch.kernel = normaliseKernelName(l.value("kernel", std::string()));
    if (l.contains("metrics") && l["metrics"].is_object())
      for (const auto& [k, v] : l["metrics"].items()) launch.metrics[k] = v;
    out.push_back(launch);
  }
  return out;
}

RunData readRunData(const std::string& dir, const std::string& countersFile) {
  RunData r;
  r.dir = dir;
  fs::path d(dir);
  r.buildFailed = fs::exists(d / "build_failed.txt");
  if (auto text = readText(d / "stdout.txt")) r.stdoutLines = splitLines(*text);
  if (auto text = readText(d / "exit.txt")) {
    std::string s = *text;
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    r.exitStatus = s;
  }
  if (fs::is_directory(d / "outputs"))
    for (const auto& e : fs::directory_iterator(d / "outputs")) {
      std::string file = e.path().filename().string();
      std::string key = file.size() > 3 && file.substr(file.size() - 3) == ".gz" ? file.substr(0, file.size() - 3) : file;
      r.buffers[key] = e.path().string();
    }
  if (auto text = readText(d / countersFile)) {
    try {
      r.launches = parseLaunches(nlohmann::json::parse(*text));
    } catch (const std::exception& e) {
      throw std::runtime_error((d / countersFile).string() + ": " + e.what());
    }
  }
  return r;
}

std::size_t addBaseBuffers(RunData& record, const std::string& baseDir) {
  if (!fs::is_directory(baseDir)) throw std::runtime_error(baseDir + ": the base record does not exist");
  RunData base = readRunData(baseDir, "ncu.json");
  if (base.buffers.empty()) throw std::runtime_error(baseDir + ": the base record holds no output buffers");
  std::size_t filled = 0;
  for (const auto& [key, path] : base.buffers) filled += record.buffers.try_emplace(key, path).second ? 1 : 0;
  return filled;
}

}  // namespace loom::validate
