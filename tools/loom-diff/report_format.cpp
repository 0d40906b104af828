#include "report_format.h"

#include <cstdio>
#include <map>

namespace loom::validate {
namespace {

nlohmann::json countsJson(const Counts& c) {
  return {{"checks", c.checks}, {"exact", c.exact}, {"known", c.known}, {"not_compared", c.notCompared},
          {"unexpected", c.unexpected}};
}

Counts countsFrom(const nlohmann::json& j) {
  Counts c;
  c.checks = j.value("checks", 0LL);
  c.exact = j.value("exact", 0LL);
  c.known = j.value("known", 0LL);
  c.notCompared = j.value("not_compared", 0LL);
  c.unexpected = j.value("unexpected", 0LL);
  return c;
}

const char* kKinds[] = {"build", "record", "stdout", "exit", "output", "ncu"};

}  // namespace

std::string formatText(const CaseReport& r) {
  std::string out = "loom-diff " + r.name + " (record " + r.recordDir + ")\n";
  char buf[256];
  std::snprintf(buf, sizeof buf, "  %-8s %8s %8s %8s %12s %11s\n", "", "checks", "exact", "known", "not compared",
                "unexpected");
  out += buf;
  for (const char* kind : kKinds) {
    Counts c = r.totalOf(kind);
    if (c.checks == 0) continue;
    std::snprintf(buf, sizeof buf, "  %-8s %8lld %8lld %8lld %12lld %11lld\n", kind, c.checks, c.exact, c.known,
                  c.notCompared, c.unexpected);
    out += buf;
  }
  for (const auto& ch : r.checks) {
    if (ch.status == Status::Known) out += "  known divergence: " + ch.detail + "\n      reason: " + ch.reason + "\n";
    else if (ch.status == Status::Unexpected) out += "  UNEXPECTED: " + ch.detail + "\n";
  }
  for (const auto& ch : r.checks)
    if (ch.kind == "output" && ch.status == Status::Exact) out += "  " + ch.detail + "\n";
  for (const auto& n : r.notes) out += "  note: " + n + "\n";
  Counts t = r.total();
  std::snprintf(buf, sizeof buf, "%s: %lld checks, %lld exact, %lld known divergences, %lld not compared, %lld unexpected\n",
                r.name.c_str(), t.checks, t.exact, t.known, t.notCompared, t.unexpected);
  out += buf;
  return out;
}

nlohmann::json formatJson(const CaseReport& r) {
  nlohmann::json j = {{"case", r.name}, {"record", r.recordDir}, {"ok", r.ok()}, {"counts", countsJson(r.total())}};
  j["by_kind"] = nlohmann::json::object();
  for (const char* kind : kKinds)
    if (r.totalOf(kind).checks > 0) j["by_kind"][kind] = countsJson(r.totalOf(kind));
  j["notes"] = r.notes;
  j["checks"] = nlohmann::json::array();
  j["buffers"] = nlohmann::json::array();
  for (const auto& ch : r.checks) {
    if (ch.status != Status::Exact) {
      nlohmann::json c = {{"kind", ch.kind}, {"what", ch.what}, {"status", statusName(ch.status)}, {"detail", ch.detail}};
      if (!ch.reason.empty()) c["reason"] = ch.reason;
      if (!ch.data.is_null()) c["data"] = ch.data;
      j["checks"].push_back(c);
    }
    if (ch.kind == "output" && !ch.data.is_null()) j["buffers"].push_back(ch.data);
  }
  return j;
}

std::string tableMarkdown(const std::vector<nlohmann::json>& cases) {
  struct Row {
    long long cases = 0;
    Counts counts;
  };
  std::map<std::string, Row> rows;
  Row total;
  for (const auto& c : cases) {
    std::string name = c.value("case", std::string());
    std::string suite = name.substr(0, name.find('.'));
    Counts n = countsFrom(c.value("counts", nlohmann::json::object()));
    for (Row* row : {&rows[suite], &total}) {
      row->cases += 1;
      row->counts.checks += n.checks;
      row->counts.exact += n.exact;
      row->counts.known += n.known;
      row->counts.notCompared += n.notCompared;
      row->counts.unexpected += n.unexpected;
    }
  }
  std::string out =
      "| suite | cases | checks | exact | known divergences | not compared (no Loom counter yet) | unexpected |\n"
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n";
  auto line = [](const std::string& label, const Row& r) {
    return "| " + label + " | " + std::to_string(r.cases) + " | " + std::to_string(r.counts.checks) + " | " +
           std::to_string(r.counts.exact) + " | " + std::to_string(r.counts.known) + " | " +
           std::to_string(r.counts.notCompared) + " | " + std::to_string(r.counts.unexpected) + " |\n";
  };
  for (const auto& [suite, row] : rows) out += line(suite, row);
  out += line("**total**", total);
  return out;
}

std::string replaceTable(const std::string& readme, const std::string& table, bool* found) {
  auto b = readme.find(kTableBegin);
  auto e = b == std::string::npos ? std::string::npos : readme.find(kTableEnd, b);
  *found = e != std::string::npos;
  if (!*found) return readme;
  std::size_t start = b + std::string(kTableBegin).size();
  return readme.substr(0, start) + "\n" + table + readme.substr(e);
}

}  // namespace loom::validate
