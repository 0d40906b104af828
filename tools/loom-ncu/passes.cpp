#include "passes.h"

#include <algorithm>
#include <set>

#include "check/counters/metrics.h"

namespace loom::ncu {

unsigned passCount(const std::vector<std::string>& metrics) {
  std::set<std::string> unique(metrics.begin(), metrics.end());
  unsigned shared = 0, global = 0, instrumented = 0;
  for (const std::string& m : unique) {
    if (m.rfind("smsp__sass_", 0) == 0) ++instrumented;
    else if (m.rfind("l1tex__data_", 0) == 0) ++shared;
    else if (m.rfind("l1tex__t_sectors_", 0) == 0 || m.rfind("l1tex__t_requests_", 0) == 0) ++global;
  }
  if (shared + global == 0) return 1;
  if (instrumented == 0) return std::max(shared, global);
  return std::max(shared + 1, global + 2);
}

std::vector<std::string> loomMetrics() {
  std::vector<std::string> names(check::kMetricNames.begin(), check::kMetricNames.end());
  for (const check::MetricAlias& a : check::kMetricAliases) names.emplace_back(a.name);
  return names;
}

}  // namespace loom::ncu
