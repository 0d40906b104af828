#include "case_file.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

namespace loom::validate {
namespace {

std::string dirOf(const std::string& path) {
  auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// A path relative to the case file, made absolute and without "..": compilers print it in
// assert messages, so it should read well.
std::string resolve(const std::string& dir, const std::string& p) {
  std::filesystem::path path = (!p.empty() && p[0] == '/') ? std::filesystem::path(p) : std::filesystem::path(dir) / p;
  return path.lexically_normal().string();
}

std::vector<std::string> stringList(const nlohmann::json& j, const char* key, const std::string& file) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  const auto& v = j.at(key);
  if (!v.is_array()) throw std::runtime_error(file + ": \"" + key + "\" must be an array of strings");
  for (const auto& e : v) {
    if (!e.is_string()) throw std::runtime_error(file + ": \"" + key + "\" must be an array of strings");
    out.push_back(e.get<std::string>());
  }
  return out;
}

bool globMatch(const char* p, const char* s) {
  if (*p == '\0') return *s == '\0';
  if (*p == '*') return globMatch(p + 1, s) || (*s != '\0' && globMatch(p, s + 1));
  if (*s == '\0') return false;
  return (*p == '?' || *p == *s) && globMatch(p + 1, s + 1);
}

}  // namespace

BufferRule CaseFile::ruleFor(const std::string& buffer) const {
  auto it = outputs.find(buffer);
  if (it == outputs.end()) it = outputs.find("*");
  return it == outputs.end() ? BufferRule{} : it->second;
}

CaseFile readCaseFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open the case file");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path + ": not valid JSON: " + e.what());
  }
  if (!j.is_object()) throw std::runtime_error(path + ": a case file is a JSON object");
  static const std::set<std::string> known = {"name", "sources", "flags", "args", "stdout",
                                              "outputs", "ncu", "sanitizer", "timeout", "base", "comment"};
  for (const auto& [key, value] : j.items())
    if (!known.count(key)) throw std::runtime_error(path + ": unknown field \"" + key + "\"");

  CaseFile c;
  c.path = path;
  c.dir = dirOf(path);
  if (!j.contains("name") || !j["name"].is_string() || j["name"].get<std::string>().empty())
    throw std::runtime_error(path + ": \"name\" (a non-empty string) is required");
  c.name = j["name"].get<std::string>();
  if (c.name.find('/') != std::string::npos || c.name[0] == '.')
    throw std::runtime_error(path + ": \"name\" must not contain '/' or start with '.'");
  for (const auto& s : stringList(j, "sources", path)) c.sources.push_back(resolve(c.dir, s));
  if (c.sources.empty()) throw std::runtime_error(path + ": \"sources\" must list at least one file");
  c.flags = stringList(j, "flags", path);
  for (const auto& f : c.flags)
    if (f.rfind("-arch", 0) == 0 || f.rfind("--gpu-architecture", 0) == 0 || f.rfind("-gencode", 0) == 0)
      throw std::runtime_error(path + ": \"flags\" must not set the architecture (the campaign adds it)");
  c.args = stringList(j, "args", path);
  if (j.contains("stdout")) {
    std::string mode = j["stdout"].is_string() ? j["stdout"].get<std::string>() : "";
    if (mode == "ignore") c.compareStdout = false;
    else if (mode != "exact") throw std::runtime_error(path + ": \"stdout\" is \"exact\" or \"ignore\"");
  }
  if (j.contains("outputs")) {
    if (!j["outputs"].is_object()) throw std::runtime_error(path + ": \"outputs\" must be an object");
    for (const auto& [buffer, how] : j["outputs"].items()) {
      std::string mode = how.is_object() && how.contains("compare") && how["compare"].is_string()
                             ? how["compare"].get<std::string>() : "";
      BufferRule rule;
      if (mode == "exact") rule.compare = BufferCompare::Exact;
      else if (mode == "ulp") rule.compare = BufferCompare::Ulp;
      else throw std::runtime_error(path + ": outputs." + buffer + " needs {\"compare\": \"exact\"|\"ulp\"}");
      if (how.contains("max_ulp")) {
        if (rule.compare != BufferCompare::Ulp || !how["max_ulp"].is_number_integer() || how["max_ulp"].get<long long>() < 0)
          throw std::runtime_error(path + ": outputs." + buffer + ".max_ulp is a count of ulps, with \"compare\": \"ulp\"");
        rule.maxUlp = how["max_ulp"].get<long long>();
      }
      c.outputs[buffer] = rule;
    }
  }
  c.ncuMetrics = stringList(j, "ncu", path);
  c.sanitizerTools = stringList(j, "sanitizer", path);
  static const std::set<std::string> tools = {"memcheck", "racecheck", "synccheck", "initcheck"};
  for (const auto& t : c.sanitizerTools)
    if (!tools.count(t)) throw std::runtime_error(path + ": unknown compute-sanitizer tool \"" + t + "\"");
  if (j.contains("timeout")) {
    if (!j["timeout"].is_number_integer() || j["timeout"].get<int>() <= 0)
      throw std::runtime_error(path + ": \"timeout\" is a positive number of seconds");
    c.timeoutSeconds = j["timeout"].get<int>();
  }
  if (j.contains("base")) {
    if (!j["base"].is_string() || j["base"].get<std::string>().empty() || j["base"].get<std::string>() == c.name ||
        j["base"].get<std::string>().find('/') != std::string::npos)
      throw std::runtime_error(path + ": \"base\" names another case (its record lies beside this one's)");
    c.base = j["base"].get<std::string>();
  }
  return c;
}

bool globMatches(const std::string& pattern, const std::string& s) { return globMatch(pattern.c_str(), s.c_str()); }

bool caseNameMatches(const std::string& pattern, const std::string& name) {
  if (pattern.find_first_of("*?") == std::string::npos)
    return name == pattern || name.rfind(pattern + ".", 0) == 0;
  return globMatch(pattern.c_str(), name.c_str());
}

}  // namespace loom::validate
