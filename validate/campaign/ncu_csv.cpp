#include "ncu_csv.h"

#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace loom::validate {
namespace {

// "1,024" -> 1024; "12.5" -> 12.5; anything else stays a string.
nlohmann::json metricValue(const std::string& raw) {
  std::string digits;
  for (char ch : raw)
    if (ch != ',') digits += ch;
  if (digits.empty()) return raw;
  char* end = nullptr;
  double d = std::strtod(digits.c_str(), &end);
  if (end == nullptr || *end != '\0') return raw;
  if (d == static_cast<double>(static_cast<long long>(d)) && digits.find_first_of(".eE") == std::string::npos)
    return static_cast<long long>(d);
  return d;
}

// "(32, 32, 1)" -> [32, 32, 1]; anything else stays a string.
nlohmann::json dim3Value(const std::string& raw) {
  nlohmann::json out = nlohmann::json::array();
  std::string num;
  for (char ch : raw) {
    if (ch >= '0' && ch <= '9') num += ch;
    else if (!num.empty()) { out.push_back(std::stoll(num)); num.clear(); }
  }
  if (!num.empty()) out.push_back(std::stoll(num));
  if (out.size() != 3) return raw;
  return out;
}

const std::set<std::string>& identityColumns() {
  static const std::set<std::string> cols = {
      "ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Context", "Stream",
      "Block Size", "Grid Size", "Device", "CC", "Section Name", "Metric Name", "Metric Unit",
      "Metric Value", "Kernel Time", "Rule Name", "Rule Type", "Rule Description",
      "Estimated Speedup Type", "Estimated Speedup", "Function Name", "Demangled Name"};
  return cols;
}

}  // namespace

std::vector<std::string> splitCsvLine(const std::string& line) {
  std::vector<std::string> fields;
  std::string cur;
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char ch = line[i];
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') { cur += '"'; ++i; }
      else if (ch == '"') quoted = false;
      else cur += ch;
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      fields.push_back(cur);
      cur.clear();
    } else if (ch != '\r') {
      cur += ch;
    }
  }
  fields.push_back(cur);
  return fields;
}

nlohmann::json parseNcuCsv(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::vector<std::string> header;
  std::map<std::string, size_t> col;
  nlohmann::json launches = nlohmann::json::array();
  std::map<std::string, size_t> launchById;  // ncu's "ID" -> index in launches
  bool rawPage = false, unitsRowPending = false;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] != '"') continue;  // ==PROF== lines, the program's output
    auto f = splitCsvLine(line);
    if (header.empty() || (f.size() > 0 && f[0] == "ID")) {
      if (f.empty() || f[0] != "ID") throw std::runtime_error("ncu CSV: a row before the header row");
      header = f;
      col.clear();
      for (size_t i = 0; i < f.size(); ++i) col[f[i]] = i;
      rawPage = !col.count("Metric Name");
      unitsRowPending = rawPage;
      continue;
    }
    if (unitsRowPending) {  // the raw page's second row holds units
      unitsRowPending = false;
      if (f.size() > 0 && f[0].empty()) continue;
    }
    auto field = [&](const char* name) -> std::string {
      auto it = col.find(name);
      return it != col.end() && it->second < f.size() ? f[it->second] : std::string();
    };
    std::string id = field("ID");
    auto found = launchById.find(id);
    if (found == launchById.end()) {
      nlohmann::json launch = {{"kernel", field("Kernel Name")},
                               {"grid", dim3Value(field("Grid Size"))},
                               {"block", dim3Value(field("Block Size"))},
                               {"metrics", nlohmann::json::object()}};
      found = launchById.emplace(id, launches.size()).first;
      launches.push_back(launch);
    }
    auto& metrics = launches[found->second]["metrics"];
    if (rawPage) {
      for (size_t i = 0; i < header.size() && i < f.size(); ++i)
        if (!identityColumns().count(header[i])) metrics[header[i]] = metricValue(f[i]);
    } else {
      metrics[field("Metric Name")] = metricValue(field("Metric Value"));
    }
  }
  return {{"launches", launches}};
}

}  // namespace loom::validate
