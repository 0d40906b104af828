#include "case_diff.h"

#include <map>
#include <set>

#include "buffer_diff.h"

namespace loom::validate {
namespace {

std::string firstWord(const std::string& line) {
  auto start = line.find_first_not_of(' ');
  if (start == std::string::npos) return "";
  return line.substr(start, line.find(' ', start) - start);
}

std::string quoteLine(const std::string& s) { return "'" + s + "'"; }

// Differences per key, before the known-divergence file is applied. A check's `units` is how
// many lines/elements/launches it stands for, `differing` how many of them differ.
struct Pending {
  Check check;
  long long units = 1, differing = 0;
};

void diffStdout(const CaseFile& c, const RunData& device, const RunData& loom, std::vector<Pending>& out) {
  if (!c.compareStdout) return;
  if (!device.stdoutLines) {  // a record made without the campaign may hold only buffers or counters
    out.push_back({{"stdout", "stdout", Status::NotCompared, "the record has no stdout.txt", "", {}}, 1, 0});
    return;
  }
  const auto& d = *device.stdoutLines;
  const std::vector<std::string> none;
  const auto& l = loom.stdoutLines ? *loom.stdoutLines : none;
  std::size_t n = std::max(d.size(), l.size());
  for (std::size_t i = 0; i < n; ++i) {
    Pending p;
    p.check.kind = "stdout";
    const std::string* dl = i < d.size() ? &d[i] : nullptr;
    const std::string* ll = i < l.size() ? &l[i] : nullptr;
    p.check.what = "stdout:" + firstWord(dl ? *dl : *ll);
    if (dl && ll && *dl == *ll) {
      p.check.status = Status::Exact;
    } else {
      p.differing = 1;
      p.check.detail = "line " + std::to_string(i + 1) + ": device " + (dl ? quoteLine(*dl) : "<no line>") +
                       " / Loom " + (ll ? quoteLine(*ll) : "<no line>");
    }
    out.push_back(p);
  }
}

void diffExit(const RunData& device, const RunData& loom, std::vector<Pending>& out) {
  Pending p;
  p.check.kind = "exit";
  p.check.what = "exit";
  if (!device.exitStatus) {
    p.check.status = Status::NotCompared;
    p.check.detail = "the record has no exit.txt";
    out.push_back(p);
    return;
  }
  std::string d = device.exitStatus.value_or("<none>"), l = loom.exitStatus.value_or("<none>");
  if (d != l) {
    p.differing = 1;
    p.check.detail = "exit status: device " + d + " / Loom " + l;
  }
  out.push_back(p);
}

void diffOutputs(const CaseFile& c, const RunData& device, const RunData& loom, std::vector<Pending>& out) {
  std::set<std::string> names;
  for (const auto& [k, v] : device.buffers) names.insert(k);
  for (const auto& [k, v] : loom.buffers) names.insert(k);
  for (const auto& key : names) {
    Pending p;
    p.check.kind = "output";
    auto dot = key.find_last_of('.');
    std::string name = dot == std::string::npos ? key : key.substr(0, dot);
    std::string dtypeName = dot == std::string::npos ? "" : key.substr(dot + 1);
    p.check.what = "output:" + name;
    auto dev = device.buffers.find(key);
    auto lm = loom.buffers.find(key);
    auto t = dtypeByName(dtypeName);
    if (!t) {
      p.differing = 1;
      p.check.detail = key + ": unknown dtype '" + dtypeName + "'";
    } else if (dev == device.buffers.end() || lm == loom.buffers.end()) {
      p.differing = 1;
      p.check.detail = key + (dev == device.buffers.end() ? ": Loom wrote it, the device record has none"
                                                          : ": in the device record, Loom wrote none");
    } else {
      BufferDiff b = diffBuffers(name, *t, readBufferFile(dev->second), readBufferFile(lm->second), c.ruleFor(name));
      p.units = static_cast<long long>(b.total());
      p.differing = static_cast<long long>(b.differing);
      p.check.data = {{"buffer", name},        {"dtype", t->name},         {"device_count", b.deviceCount},
                      {"loom_count", b.loomCount}, {"bit_exact", b.bitExact}, {"differing", b.differing}};
      std::string summary = key + ": " + std::to_string(b.total()) + " elements, " + std::to_string(b.bitExact) +
                            " bit-exact";
      if (t->isFloat) {
        p.check.data["max_ulp"] = b.maxUlp;
        summary += ", max ulp " + (b.maxUlp < 0 ? std::string("NaN vs number") : std::to_string(b.maxUlp));
      }
      if (b.deviceCount != b.loomCount)
        summary += ", device " + std::to_string(b.deviceCount) + " / Loom " + std::to_string(b.loomCount) + " elements";
      if (b.firstDiff) {
        p.check.data["first_diff"] = {{"index", *b.firstDiff}, {"device", b.firstDevice}, {"loom", b.firstLoom}};
        summary += "; first difference at [" + std::to_string(*b.firstDiff) + "]: device " + b.firstDevice +
                   " / Loom " + b.firstLoom;
      }
      p.check.detail = summary;
    }
    if (p.differing == 0) p.check.status = Status::Exact;
    out.push_back(p);
  }
}

void diffCounters(const RunData& device, const RunData& loom, std::vector<Pending>& out,
                  std::vector<std::string>& notes) {
  if (!device.launches) return;
  bool loomHasLaunches = loom.launches && !loom.launches->empty();
  std::map<std::string, std::vector<const Launch*>> loomByKernel;
  if (loom.launches)
    for (const auto& l : *loom.launches) loomByKernel[l.kernel].push_back(&l);
  std::map<std::string, std::size_t> seen;  // kernel -> launches of it matched so far
  std::set<std::string> missingMetrics;
  long long notCompared = 0;
  for (const auto& d : *device.launches) {
    std::size_t k = seen[d.kernel]++;
    const Launch* l = nullptr;
    auto it = loomByKernel.find(d.kernel);
    if (it != loomByKernel.end() && k < it->second.size()) l = it->second[k];
    for (const auto& [metric, dv] : d.metrics) {
      Pending p;
      p.check.kind = "ncu";
      p.check.what = "ncu:" + d.kernel + ":" + metric;
      std::string where = d.kernel + " (launch " + std::to_string(k + 1) + ") " + metric;
      if (!loomHasLaunches) {
        p.check.status = Status::NotCompared;
        ++notCompared;
      } else if (l == nullptr) {
        p.differing = 1;
        p.check.detail = where + ": device " + dv.dump() + " / Loom reported no such launch";
      } else if (!l->metrics.count(metric) || !dv.is_number()) {
        p.check.status = Status::NotCompared;
        if (!l->metrics.count(metric)) missingMetrics.insert(metric);
        ++notCompared;
      } else {
        const auto& lv = l->metrics.at(metric);
        p.check.data = {{"kernel", d.kernel}, {"launch", k + 1}, {"metric", metric}, {"device", dv}, {"loom", lv}};
        if (!lv.is_number() || lv.get<double>() != dv.get<double>()) {
          p.differing = 1;
          p.check.detail = where + ": device " + dv.dump() + " / Loom " + lv.dump();
        }
      }
      if (p.differing == 0 && p.check.status != Status::NotCompared) p.check.status = Status::Exact;
      out.push_back(p);
    }
  }
  if (loomHasLaunches)
    for (const auto& [kernel, launches] : loomByKernel)
      if (launches.size() > seen[kernel]) {
        Pending p;
        p.check.kind = "ncu";
        p.check.what = "ncu:" + kernel + ":launches";
        p.differing = 1;
        p.check.detail = kernel + ": Loom reported " + std::to_string(launches.size()) + " launches, the device " +
                         std::to_string(seen[kernel]);
        out.push_back(p);
      }
  if (!loomHasLaunches && notCompared > 0)
    notes.push_back("counters: " + std::to_string(notCompared) +
                    " not compared: Loom's run wrote no report with launches (LOOM_REPORT)");
  else if (!missingMetrics.empty())
    notes.push_back("counters: " + std::to_string(notCompared) + " not compared: Loom's report has no " +
                    std::to_string(missingMetrics.size()) + " of the recorded metrics (e.g. " +
                    *missingMetrics.begin() + ")");
}

}  // namespace

const char* statusName(Status s) {
  switch (s) {
    case Status::Exact: return "exact";
    case Status::Known: return "known";
    case Status::Unexpected: return "unexpected";
    case Status::NotCompared: return "not_compared";
  }
  return "?";
}

void Counts::add(Status s) {
  ++checks;
  switch (s) {
    case Status::Exact: ++exact; break;
    case Status::Known: ++known; break;
    case Status::Unexpected: ++unexpected; break;
    case Status::NotCompared: ++notCompared; break;
  }
}

Counts CaseReport::total() const {
  Counts c;
  for (const auto& ch : checks) c.add(ch.status);
  return c;
}

Counts CaseReport::totalOf(const std::string& kind) const {
  Counts c;
  for (const auto& ch : checks)
    if (ch.kind == kind) c.add(ch.status);
  return c;
}

CaseReport diffCase(const CaseFile& c, const RunData& device, const RunData& loom, const DivergenceFile& known) {
  CaseReport r;
  r.name = c.name;
  r.recordDir = device.dir;
  std::vector<Pending> pending;
  if (device.buildFailed) {
    pending.push_back({{"build", "build", Status::Unexpected,
                        "nvcc could not build the case on the device (the record holds build_failed.txt)", "", {}}, 1, 1});
  } else {
    diffStdout(c, device, loom, pending);
    diffExit(device, loom, pending);
    diffOutputs(c, device, loom, pending);
    diffCounters(device, loom, pending, r.notes);
    for (const auto& p : pending)
      if (p.check.status == Status::NotCompared && !p.check.detail.empty()) r.notes.push_back(p.check.detail);
    bool anyCompared = false;
    for (const auto& p : pending) anyCompared = anyCompared || p.check.status != Status::NotCompared;
    if (!anyCompared)
      pending.push_back({{"record", "record", Status::Unexpected,
                          "the record holds nothing Loom's run can be compared with", "", {}}, 1, 1});
  }
  // Rates per key, then per known-divergence entry (a glob entry sums the keys it covers); the
  // entry's listed rate decides whether its differences are expected.
  std::map<std::string, Rate> rates;
  std::vector<std::string> order;
  for (const auto& p : pending) {
    if (p.check.status == Status::NotCompared) continue;
    auto [it, fresh] = rates.try_emplace(p.check.what, Rate{0, 0});
    if (fresh) order.push_back(p.check.what);
    it->second.differing += p.differing;
    it->second.total += p.units;
  }
  std::map<const Divergence*, Rate> entryRates;
  for (const auto& what : order)
    if (const Divergence* d = known.find(c.name, what)) {
      Rate& sum = entryRates[d];
      sum.differing += rates[what].differing;
      sum.total += rates[what].total;
    }
  for (const auto& what : order) {
    const Divergence* d = known.find(c.name, what);
    if (rates[what].differing > 0 && (d == nullptr || d->what == what)) r.measured.emplace_back(what, rates[what]);
  }
  for (const auto& [d, sum] : entryRates)
    if (d->what.find_first_of("*?") != std::string::npos && sum.differing > 0) r.measured.emplace_back(d->what, sum);
  for (auto& p : pending) {
    if (p.differing > 0 && p.check.status != Status::Unexpected) {
      const Divergence* d = known.find(c.name, p.check.what);
      const Rate now = d != nullptr ? entryRates[d] : rates[p.check.what];
      if (d != nullptr && !now.exceeds(d->rate)) {
        p.check.status = Status::Known;
        p.check.reason = d->reason;
      } else {
        p.check.status = Status::Unexpected;
        if (d != nullptr)
          p.check.detail += " (more than the known divergence's " + d->rate.text() + ": " + now.text() + ")";
      }
    } else if (p.differing > 0) {
      p.check.status = Status::Unexpected;
    } else if (p.check.status == Status::Exact) {
      // A run-dependent divergence that this run happens to match still counts as the known one,
      // so that the tables do not change from run to run.
      const Divergence* d = known.find(c.name, p.check.what);
      if (d != nullptr && d->runDependent) {
        p.check.status = Status::Known;
        p.check.reason = d->reason;
      }
    }
    r.checks.push_back(p.check);
  }
  for (const auto& e : known.entries) {
    if (e.caseName != c.name || e.runDependent) continue;
    auto it = entryRates.find(&e);
    if (it == entryRates.end() || it->second.differing == 0)
      r.notes.push_back("known divergence " + e.what + " (" + known.path + ":" + std::to_string(e.line) +
                        ") no longer differs: remove it (--rebaseline)");
    else if (e.rate.exceeds(it->second))
      r.notes.push_back("known divergence " + e.what + " measured " + it->second.text() + ", listed " +
                        e.rate.text() + ": lower it (--rebaseline)");
  }
  return r;
}

}  // namespace loom::validate
