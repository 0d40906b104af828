#include "details_page.h"

#include <algorithm>
#include <set>

namespace loom::ncu {
namespace {

std::vector<std::string> sortedMetrics(const std::vector<std::string>& metrics) {
  std::set<std::string> unique(metrics.begin(), metrics.end());
  return {unique.begin(), unique.end()};
}

std::string tuple(const unsigned v[3]) {
  return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ")";
}

std::string value(const ProfiledLaunch& l, const std::string& metric) {
  auto it = l.metrics.find(metric);
  return it == l.metrics.end() ? "n/a" : withSeparators(it->second);
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string padRight(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}
std::string padLeft(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

}  // namespace

std::string metricUnit(const std::string& metric) {
  if (metric.find("__t_sectors") != std::string::npos) return "sector";
  if (metric.rfind("smsp__sass_inst_executed", 0) == 0) return "inst";
  return "";
}

std::string withSeparators(std::uint64_t value) {
  std::string digits = std::to_string(value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

namespace {

const char* const kIdentityColumns =
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\","
    "\"Grid Size\",\"Device\",\"CC\"";

// A launch's identity columns, as both CSV pages start their rows.
std::string identity(const Process& process, std::size_t id, const ProfiledLaunch& l) {
  return quoted(std::to_string(id)) + "," + quoted(std::to_string(process.pid)) + "," + quoted(process.name) + "," +
         quoted("127.0.0.1") + "," + quoted(l.kernel) + "," + quoted("1") + "," + quoted(std::to_string(l.stream)) +
         "," + quoted(tuple(l.block)) + "," + quoted(tuple(l.grid)) + "," + quoted("0") + "," + quoted("9.0");
}

}  // namespace

std::string rawPage(const Process& process, const std::vector<ProfiledLaunch>& launches,
                    const std::vector<std::string>& metrics) {
  const std::vector<std::string> names = sortedMetrics(metrics);
  std::string out = kIdentityColumns, units = quoted("");
  for (int i = 1; i < 11; ++i) units += "," + quoted("");
  for (const std::string& m : names) {
    out += "," + quoted(m);
    bool counted = !launches.empty() && launches.front().metrics.count(m);
    units += "," + quoted(counted ? metricUnit(m) : "");
  }
  out += "\n" + units + "\n";
  for (std::size_t id = 0; id < launches.size(); ++id) {
    out += identity(process, id, launches[id]);
    for (const std::string& m : names) out += "," + quoted(value(launches[id], m));
    out += "\n";
  }
  return out;
}

std::string csvPage(const Process& process, const std::vector<ProfiledLaunch>& launches,
                    const std::vector<std::string>& metrics) {
  std::string out = std::string(kIdentityColumns) + ",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";
  const std::vector<std::string> names = sortedMetrics(metrics);
  for (std::size_t id = 0; id < launches.size(); ++id) {
    const ProfiledLaunch& l = launches[id];
    const std::string head = identity(process, id, l) + "," + quoted("Command line profiler metrics") + ",";
    for (const std::string& m : names)
      out += head + quoted(m) + "," + quoted(l.metrics.count(m) ? metricUnit(m) : "") + "," + quoted(value(l, m)) + "\n";
  }
  return out;
}

namespace {

// The text page flags a metric it could not collect with "(!)", as ncu does; the CSV does not.
std::string textValue(const ProfiledLaunch& l, const std::string& m) {
  return l.metrics.count(m) ? value(l, m) : "(!) n/a";
}

}  // namespace

std::string textPage(const Process& process, const std::vector<ProfiledLaunch>& launches,
                     const std::vector<std::string>& metrics) {
  const std::vector<std::string> names = sortedMetrics(metrics);
  std::size_t nameWidth = std::string("Metric Name").size(), unitWidth = std::string("Metric Unit").size(),
              valueWidth = std::string("Metric Value").size();
  for (const std::string& m : names) {
    nameWidth = std::max(nameWidth, m.size());
    unitWidth = std::max(unitWidth, metricUnit(m).size());
    for (const ProfiledLaunch& l : launches) valueWidth = std::max(valueWidth, textValue(l, m).size());
  }
  const std::string rule = "    " + std::string(nameWidth, '-') + " " + std::string(unitWidth, '-') + " " +
                           std::string(valueWidth, '-') + "\n";
  std::string out = "[" + std::to_string(process.pid) + "] " + process.name + "@127.0.0.1\n";
  for (const ProfiledLaunch& l : launches) {
    out += "  " + l.kernel + " " + tuple(l.grid) + "x" + tuple(l.block) + ", Context 1, Stream " + std::to_string(l.stream) + ", Device 0, CC 9.0\n";
    out += "    Section: Command line profiler metrics\n" + rule;
    out += "    " + padRight("Metric Name", nameWidth) + " " + padLeft("Metric Unit", unitWidth) + " " +
           padLeft("Metric Value", valueWidth) + "\n" + rule;
    for (const std::string& m : names)
      out += "    " + padRight(m, nameWidth) + " " + padLeft(l.metrics.count(m) ? metricUnit(m) : "", unitWidth) +
             " " + padLeft(textValue(l, m), valueWidth) + "\n";
    out += rule + "\n";
  }
  return out;
}

}  // namespace loom::ncu
