// case_diff.h: the comparison of one case, Loom's run against the device record.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "case_file.h"
#include "known_divergences.h"
#include "run_data.h"

namespace loom::validate {

enum class Status { Exact, Known, Unexpected, NotCompared };
const char* statusName(Status s);

// One thing compared: a stdout line, the exit status, an output buffer, a counter of a launch.
struct Check {
  std::string kind;    // "stdout", "exit", "output", "ncu", "build"
  std::string what;    // the known-divergence key ("stdout:<first word>", "output:<buffer>", ...)
  Status status = Status::Exact;
  std::string detail;  // device vs Loom, for the report
  std::string reason;  // the known divergence's reason, when Known
  nlohmann::json data;  // per-kind numbers for --json (buffers: counts, max ulp, first difference)
};

struct Counts {
  long long checks = 0, exact = 0, known = 0, notCompared = 0, unexpected = 0;
  void add(Status s);
};

struct CaseReport {
  std::string name, recordDir;
  std::vector<Check> checks;
  std::vector<std::string> notes;  // counters not compared, stale or lower divergence rates
  std::vector<std::pair<std::string, Rate>> measured;  // every key that differs, with its rate
  Counts total() const;
  Counts totalOf(const std::string& kind) const;
  bool ok() const { return total().unexpected == 0; }
};

CaseReport diffCase(const CaseFile& c, const RunData& device, const RunData& loom, const DivergenceFile& known);

}  // namespace loom::validate
