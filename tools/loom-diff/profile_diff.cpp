#include "profile_diff.h"

#include <set>
#include <sstream>
#include <utility>

#include "ncu_csv.h"

namespace loom::validate {
namespace {

std::set<std::pair<std::string, std::string>> parseKnown(const std::string& text) {
  std::set<std::pair<std::string, std::string>> known;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream fields(line);
    std::string launch, metric;
    if (fields >> launch >> metric) known.emplace(launch, metric);
  }
  return known;
}

std::string shape(const nlohmann::json& launch) {
  auto tuple = [](const nlohmann::json& v) {
    return "(" + v[0].dump() + ", " + v[1].dump() + ", " + v[2].dump() + ")";
  };
  return tuple(launch["grid"]) + "x" + tuple(launch["block"]);
}

}  // namespace

ProfileDiff diffProfiles(const std::string& deviceCsv, const std::string& loomCsv, const std::string& knownText,
                         bool loomColumnsOnly) {
  ProfileDiff d;
  const nlohmann::json device = parseNcuCsv(deviceCsv)["launches"];
  const nlohmann::json loom = parseNcuCsv(loomCsv)["launches"];
  const auto known = parseKnown(knownText);
  d.launches = std::max(device.size(), loom.size());
  d.unpaired = device.size() > loom.size() ? device.size() - loom.size() : loom.size() - device.size();
  if (d.unpaired)
    d.lines.push_back("launches: device " + std::to_string(device.size()) + ", loom " + std::to_string(loom.size()));
  for (std::size_t i = 0; i < std::min(device.size(), loom.size()); ++i) {
    const nlohmann::json& a = device[i];
    const nlohmann::json& b = loom[i];
    const std::string id = std::to_string(i);
    if (a["kernel"] != b["kernel"] || shape(a) != shape(b)) {
      ++d.mismatched;
      d.lines.push_back(id + ": device " + a["kernel"].get<std::string>() + " " + shape(a) + ", loom " +
                        b["kernel"].get<std::string>() + " " + shape(b));
      continue;
    }
    for (const auto& [metric, value] : a["metrics"].items()) {
      if (loomColumnsOnly && !b["metrics"].contains(metric)) continue;
      ++d.metrics;
      const nlohmann::json other = b["metrics"].contains(metric) ? b["metrics"][metric] : nlohmann::json("missing");
      if (other == value) {
        ++d.exact;
        continue;
      }
      const bool isKnown = known.count({id, metric}) || known.count({"*", metric});
      ++(isKnown ? d.known : d.unexpected);
      d.lines.push_back(id + " " + a["kernel"].get<std::string>() + " " + metric + ": device " + value.dump() +
                        ", loom " + other.dump() + (isKnown ? " (known)" : " (unexpected)"));
    }
  }
  d.lines.push_back("profile: " + std::to_string(d.launches) + " launches (" + std::to_string(d.unpaired) +
                    " unpaired, " + std::to_string(d.mismatched) + " of other kernels), " + std::to_string(d.metrics) +
                    " metrics: " + std::to_string(d.exact) + " exact, " + std::to_string(d.known) + " known, " +
                    std::to_string(d.unexpected) + " unexpected");
  return d;
}

}  // namespace loom::validate
