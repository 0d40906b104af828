#include "check/report/report_file.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

#include "check/report/launch_record.h"
#include "options/options.h"
#include "report/profiler_names.h"
#include "report/symbolize.h"
#include "runtime/device_queue.h"

namespace loom::check {

namespace {

struct SourceLine {
  std::string file = "?";
  unsigned line = 0;
};

// addr2line is a process per address: cache what it said, across launches. Never destroyed:
// the exit-time report runs after static destructors of objects made after it registered.
SourceLine symbolize(const void* site) {
  static std::mutex& mutex = *new std::mutex;
  static std::map<const void*, SourceLine>& cache = *new std::map<const void*, SourceLine>;
  {
    std::lock_guard lock(mutex);
    if (auto it = cache.find(site); it != cache.end()) return it->second;
  }
  SourceLine s;
  std::string where = report::sourceLine(site);
  if (auto colon = where.rfind(':'); colon != std::string::npos && colon > 0) {
    s.file = where.substr(0, colon);
    s.line = static_cast<unsigned>(std::strtoul(where.c_str() + colon + 1, nullptr, 10));
  }
  std::lock_guard lock(mutex);
  cache.emplace(site, s);
  return s;
}

Metrics toMetrics(const Counters& c) {
  Metrics m;
  for (std::size_t i = 0; i < kMetricCount; ++i) m[std::string(kMetricNames[i])] = c.value[i];
  for (const MetricAlias& a : kMetricAliases) m[std::string(a.name)] = c[a.metric];
  return m;
}

nlohmann::ordered_json metricsJson(const Metrics& m) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (std::string_view name : kMetricNames) j[std::string(name)] = m.at(std::string(name));
  for (const MetricAlias& a : kMetricAliases) j[std::string(a.name)] = m.at(std::string(a.name));
  return j;
}

}  // namespace

std::vector<LaunchReport> buildReports() {
  std::vector<LaunchReport> out;
  for (const auto& record : Recorder::instance().records()) {
    LaunchReport r;
    r.kernel = report::functionName(record->kernel);
    r.mangled = report::mangledName(record->kernel);
    r.grid[0] = record->grid.x, r.grid[1] = record->grid.y, r.grid[2] = record->grid.z;
    r.block[0] = record->block.x, r.block[1] = record->block.y, r.block[2] = record->block.z;
    r.stream = record->stream;
    Counters total;
    std::map<std::tuple<std::string, unsigned>, Counters> lines;
    {
      std::lock_guard lock(record->mutex);
      for (const auto& [site, counters] : record->sites.entries()) {
        const Counters& c = counters.reported();
        total += c;
        SourceLine s = symbolize(site);
        lines[{s.file, s.line}] += c;
      }
    }
    r.metrics = toMetrics(total);
    for (const auto& [key, c] : lines)
      r.lines.push_back(LineReport{std::get<0>(key), std::get<1>(key), toMetrics(c)});
    out.push_back(std::move(r));
  }
  return out;
}

std::string toJson(const std::vector<LaunchReport>& launches) {
  nlohmann::ordered_json root;
  root["launches"] = nlohmann::ordered_json::array();
  for (const LaunchReport& r : launches) {
    nlohmann::ordered_json j;
    j["kernel"] = r.kernel;
    // As Nsight Compute names and matches it (loom-ncu prints these).
    report::ProfilerNames names = report::profilerNames(r.mangled);
    if (names.display.empty()) names = {r.kernel, r.kernel, r.kernel};  // no symbol found
    j["mangled"] = names.mangled;
    j["profiler_name"] = names.display;
    j["function"] = names.function;
    j["grid"] = {r.grid[0], r.grid[1], r.grid[2]};
    j["block"] = {r.block[0], r.block[1], r.block[2]};
    j["stream"] = r.stream;
    j["metrics"] = metricsJson(r.metrics);
    j["lines"] = nlohmann::ordered_json::array();
    for (const LineReport& l : r.lines) {
      nlohmann::ordered_json lj;
      lj["file"] = l.file;
      lj["line"] = l.line;
      lj["metrics"] = metricsJson(l.metrics);
      j["lines"].push_back(std::move(lj));
    }
    root["launches"].push_back(std::move(j));
  }
  return root.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string summary(const std::vector<LaunchReport>& launches) {
  struct Entry {
    const LaunchReport* launch;
    const LineReport* line;
    double score;
  };
  std::vector<Entry> conflicts, sectors;
  for (const LaunchReport& r : launches) {
    for (const LineReport& l : r.lines) {
      std::uint64_t c = l.metric(metric::sharedLoadBankConflicts) +
                        l.metric(metric::sharedStoreBankConflicts) +
                        l.metric(metric::sharedAtomicBankConflicts);
      if (c) conflicts.push_back({&r, &l, double(c)});
      // Loads and stores of one line are separate instructions: rank the worse of the two.
      double worst = 0;
      for (auto [req, sec] : {std::pair{metric::globalLoadRequests, metric::globalLoadSectors},
                              std::pair{metric::globalStoreRequests, metric::globalStoreSectors}}) {
        if (l.metric(req)) worst = std::max(worst, double(l.metric(sec)) / double(l.metric(req)));
      }
      if (worst > 0) sectors.push_back({&r, &l, worst});
    }
  }
  auto byScore = [](const Entry& a, const Entry& b) { return a.score > b.score; };
  std::stable_sort(conflicts.begin(), conflicts.end(), byScore);
  std::stable_sort(sectors.begin(), sectors.end(), byScore);
  std::ostringstream out;
  auto name = [](const Entry& e) {
    std::string file = e.line->file;
    if (auto slash = file.rfind('/'); slash != std::string::npos) file = file.substr(slash + 1);
    return file + ":" + std::to_string(e.line->line) + " in " + e.launch->kernel;
  };
  if (!conflicts.empty()) {
    out << "loom: lines with the most shared-memory bank conflicts:\n";
    for (std::size_t i = 0; i < conflicts.size() && i < 3; ++i) {
      const LineReport& l = *conflicts[i].line;
      out << "  " << name(conflicts[i]) << ": " << std::uint64_t(conflicts[i].score)
          << " conflicts (ld " << l.metric(metric::sharedLoadBankConflicts) << ", st "
          << l.metric(metric::sharedStoreBankConflicts) << ", atom "
          << l.metric(metric::sharedAtomicBankConflicts) << ")\n";
    }
  } else if (!launches.empty()) {
    out << "loom: no shared-memory bank conflicts\n";
  }
  if (!sectors.empty()) {
    out << "loom: lines with the most global sectors per request:\n";
    char buf[64];
    for (std::size_t i = 0; i < sectors.size() && i < 3; ++i) {
      std::snprintf(buf, sizeof buf, "%.2f", sectors[i].score);
      out << "  " << name(sectors[i]) << ": " << buf << " sectors per request\n";
    }
  }
  return out.str();
}

void writeReportAtExit(const std::string& path) {
  static std::string reportPath = path;
  std::atexit([] {
    runtime::DeviceQueue::instance().waitAll();  // launches still queued run first
    std::vector<LaunchReport> launches = buildReports();
    std::ofstream file(reportPath);
    file << toJson(launches);
    if (!file) {
      std::fprintf(stderr, "loom: cannot write the report to %s\n", reportPath.c_str());
      return;
    }
    if (options::get().reportQuiet) return;
    std::string text = summary(launches);
    text += "loom: counters of " + std::to_string(launches.size()) + " launches written to " +
            reportPath + "\n";
    std::fputs(text.c_str(), stderr);
  });
}

}  // namespace loom::check
