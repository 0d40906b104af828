#include "report_io.h"

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

namespace loom::ncu {

namespace {

ProfiledLaunch launchFromJson(const nlohmann::json& l) {
  ProfiledLaunch p;
  p.kernel = l.value("profiler_name", l.value("kernel", std::string("?")));
  for (int i = 0; i < 3; ++i) {
    p.grid[i] = l.at("grid").at(i).get<unsigned>();
    p.block[i] = l.at("block").at(i).get<unsigned>();
  }
  p.stream = l.value("stream", 7u);
  for (const auto& [name, value] : l.at("metrics").items()) p.metrics[name] = value.get<std::uint64_t>();
  if (l.contains("lines"))
    for (const auto& line : l["lines"]) {
      ProfiledLaunch::Line out{line.value("file", std::string("?")), line.value("line", 0u), {}};
      for (const auto& [name, value] : line.at("metrics").items()) out.metrics[name] = value.get<std::uint64_t>();
      p.lines.push_back(std::move(out));
    }
  return p;
}

nlohmann::json launchToJson(const ProfiledLaunch& p) {
  nlohmann::json j;
  j["profiler_name"] = p.kernel;
  j["grid"] = {p.grid[0], p.grid[1], p.grid[2]};
  j["block"] = {p.block[0], p.block[1], p.block[2]};
  j["stream"] = p.stream;
  j["metrics"] = p.metrics;
  j["lines"] = nlohmann::json::array();
  for (const auto& l : p.lines) j["lines"].push_back({{"file", l.file}, {"line", l.line}, {"metrics", l.metrics}});
  return j;
}

}  // namespace

std::vector<ProfiledLaunch> readReport(const std::filesystem::path& report) {
  std::vector<ProfiledLaunch> launches;
  std::ifstream in(report);
  if (!in) return launches;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.contains("launches")) return launches;
  for (const auto& l : j["launches"]) launches.push_back(launchFromJson(l));
  return launches;
}

SourceFiles readSources(const std::vector<ProfiledLaunch>& launches) {
  std::set<std::string> files;
  for (const auto& l : launches)
    for (const auto& line : l.lines) files.insert(line.file);
  SourceFiles out;
  for (const std::string& f : files) {
    std::ifstream in(f);
    if (!in) continue;
    std::vector<std::string> lines;
    for (std::string text; std::getline(in, text);) lines.push_back(text);
    out[f] = std::move(lines);
  }
  return out;
}

std::filesystem::path exportPath(const std::string& name) {
  const std::string suffix = ".loom-rep";
  if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
    return name;
  return name + suffix;
}

void writeRun(const std::filesystem::path& path, const ProfiledRun& run) {
  nlohmann::json j;
  j["format"] = "loom-ncu report 1";
  j["process"] = {{"pid", run.process.pid}, {"name", run.process.name}};
  j["launches"] = nlohmann::json::array();
  for (const auto& l : run.launches) j["launches"].push_back(launchToJson(l));
  j["sources"] = run.sources;
  std::ofstream out(path);
  out << j.dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

ProfiledRun readRun(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path.string());
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || j.value("format", std::string()) != "loom-ncu report 1")
    throw std::runtime_error(path.string() + " is not a report written by loom-ncu -o");
  ProfiledRun run;
  try {
    run.process.pid = j.at("process").at("pid").get<long>();
    run.process.name = j.at("process").at("name").get<std::string>();
    for (const auto& l : j.at("launches")) run.launches.push_back(launchFromJson(l));
    run.sources = j.at("sources").get<SourceFiles>();
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
  return run;
}

}  // namespace loom::ncu
