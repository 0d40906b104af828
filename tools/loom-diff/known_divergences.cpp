#include "known_divergences.h"

#include "case_file.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace loom::validate {
namespace {

std::optional<Rate> parseRate(const std::string& s) {
  auto slash = s.find('/');
  if (slash == std::string::npos || slash == 0 || slash + 1 == s.size()) return std::nullopt;
  try {
    std::size_t a = 0, b = 0;
    Rate r{std::stoll(s.substr(0, slash), &a), std::stoll(s.substr(slash + 1), &b)};
    if (a != slash || b != s.size() - slash - 1 || r.differing < 0 || r.total <= 0 || r.differing > r.total)
      return std::nullopt;
    return r;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

}  // namespace

const Divergence* DivergenceFile::find(const std::string& caseName, const std::string& what) const {
  for (const auto& e : entries)
    if (e.caseName == caseName && e.what == what) return &e;
  for (const auto& e : entries)
    if (e.caseName == caseName && e.what.find_first_of("*?") != std::string::npos && globMatches(e.what, what)) return &e;
  return nullptr;
}

DivergenceFile parseDivergences(const std::string& text, const std::string& path) {
  DivergenceFile f;
  f.path = path;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    f.lines.push_back(line);
    auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream words(line);
    Divergence d;
    std::string rate;
    words >> d.caseName >> d.what >> rate;
    std::getline(words >> std::ws, d.reason);
    d.runDependent = !rate.empty() && rate[0] == '~';
    auto r = parseRate(d.runDependent ? rate.substr(1) : rate);
    if (!r || d.what.empty() || d.reason.empty())
      throw std::runtime_error(path + ":" + std::to_string(number) +
                               ": expected '<case> <what> [~]<differing>/<total> <reason>'");
    bool twice = false;
    for (const auto& e : f.entries) twice = twice || (e.caseName == d.caseName && e.what == d.what);
    if (twice)
      throw std::runtime_error(path + ":" + std::to_string(number) + ": a second entry for " + d.caseName + " " + d.what);
    d.rate = *r;
    d.line = number;
    f.entries.push_back(d);
  }
  return f;
}

DivergenceFile readDivergences(const std::string& path) {
  std::ifstream in(path);
  if (!in) return DivergenceFile{path, {}, {}};
  std::ostringstream ss;
  ss << in.rdbuf();
  return parseDivergences(ss.str(), path);
}

std::string rebaselined(const DivergenceFile& file, const std::string& caseName,
                        const std::vector<std::pair<std::string, Rate>>& measured) {
  std::string out;
  for (std::size_t i = 0; i < file.lines.size(); ++i) {
    const Divergence* entry = nullptr;
    for (const auto& e : file.entries)
      if (e.line == static_cast<int>(i + 1) && e.caseName == caseName) entry = &e;
    if (entry == nullptr || entry->runDependent) {
      out += file.lines[i] + "\n";
      continue;
    }
    const Rate* now = nullptr;
    for (const auto& [what, rate] : measured)
      if (what == entry->what) now = &rate;
    if (now == nullptr || now->differing == 0) continue;  // gone: Loom agrees with the device now
    out += entry->caseName + " " + entry->what + " " + now->text() + " " + entry->reason + "\n";
  }
  return out;
}

}  // namespace loom::validate
