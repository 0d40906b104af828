#include "source_diff.h"

#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "ncu_csv.h"

namespace loom::validate {
namespace {

struct Function {
  std::string name;
  std::vector<std::string> columns;                        // after "Line No"
  std::map<unsigned, std::map<std::string, std::string>> rows;  // line -> column -> value
};

// The functions of a correlated source page, in order; other lines (the program's output,
// ==PROF== lines) are skipped.
std::vector<Function> parsePage(const std::string& text) {
  std::vector<Function> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] != '"') continue;
    std::vector<std::string> f = splitCsvLine(line);
    if (f.empty()) continue;
    if (f[0] == "Function Name" && f.size() > 1) {
      out.push_back(Function{f[1], {}, {}});
    } else if (f[0] == "Line No" && !out.empty()) {
      out.back().columns.assign(f.begin() + 1, f.end());
    } else if (!out.empty() && !f[0].empty() && f[0].find_first_not_of("0123456789") == std::string::npos) {
      Function& fn = out.back();
      auto& row = fn.rows[static_cast<unsigned>(std::stoul(f[0]))];
      for (std::size_t i = 1; i < f.size() && i - 1 < fn.columns.size(); ++i) row.emplace(fn.columns[i - 1], f[i]);
    }
  }
  return out;
}

std::set<std::tuple<std::string, std::string, std::string>> parseKnown(const std::string& text) {
  std::set<std::tuple<std::string, std::string, std::string>> known;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream fields(line);
    std::string function, lineNo, rest;
    if (!(fields >> function >> lineNo)) continue;
    std::getline(fields, rest);
    std::size_t a = rest.find_first_not_of(' '), b = rest.find_last_not_of(' ');
    if (a != std::string::npos) known.emplace(function, lineNo, rest.substr(a, b - a + 1));
  }
  return known;
}

}  // namespace

SourceDiff diffSourcePages(const std::string& deviceCsv, const std::string& loomCsv, const std::string& knownText) {
  SourceDiff d;
  const std::vector<Function> device = parsePage(deviceCsv), loom = parsePage(loomCsv);
  const auto known = parseKnown(knownText);
  d.functions = std::max(device.size(), loom.size());
  d.unpaired = d.functions - std::min(device.size(), loom.size());
  if (d.unpaired)
    d.lines.push_back("functions: device " + std::to_string(device.size()) + ", loom " + std::to_string(loom.size()));
  for (std::size_t i = 0; i < std::min(device.size(), loom.size()); ++i) {
    const Function &a = device[i], &b = loom[i];
    const std::string id = std::to_string(i);
    std::set<unsigned> lines;
    for (const auto& [n, row] : a.rows) lines.insert(n);
    for (const auto& [n, row] : b.rows) lines.insert(n);
    for (const std::string& column : b.columns) {
      if (column == "Source") continue;
      for (unsigned n : lines) {
        auto value = [&](const Function& f) {
          auto row = f.rows.find(n);
          if (row == f.rows.end()) return std::string("0");
          auto it = row->second.find(column);
          return it == row->second.end() || it->second == "-" ? std::string("0") : it->second;
        };
        const std::string dv = value(a), lv = value(b);
        if (dv == "0" && lv == "0") continue;
        ++d.values;
        if (dv == lv) {
          ++d.exact;
          continue;
        }
        const std::string lineNo = std::to_string(n);
        const bool isKnown = known.count({id, lineNo, column}) || known.count({"*", lineNo, column});
        ++(isKnown ? d.known : d.unexpected);
        d.lines.push_back(id + " " + b.name + " line " + lineNo + " " + column + ": device " + dv + ", loom " + lv +
                          (isKnown ? " (known)" : " (unexpected)"));
      }
    }
  }
  d.lines.push_back("source: " + std::to_string(d.functions) + " functions (" + std::to_string(d.unpaired) +
                    " unpaired), " + std::to_string(d.values) + " values: " + std::to_string(d.exact) + " exact, " +
                    std::to_string(d.known) + " known, " + std::to_string(d.unexpected) + " unexpected");
  return d;
}

}  // namespace loom::validate
