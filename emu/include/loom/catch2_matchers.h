// Catch2 (v2) matchers for Loom's counters, for users' tests. Include after <catch2/catch.hpp>:
//
//   loom::setCountersEnabled(true);
//   transpose<<<grid, block>>>(...);
//   auto launch = loom::launchReports().back();
//   REQUIRE_THAT(launch, loom::HasNoBankConflicts());
//   REQUIRE_THAT(launch, loom::HasBankConflictsOnLine(52, 992, "transpose.cu"));
//
// Conflicts are ncu's l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st,atom}.sum, summed.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>

#include "loom/report.h"

namespace Catch {
template <>
struct StringMaker<loom::LaunchReport> {
  static std::string convert(const loom::LaunchReport& r) {
    std::ostringstream out;
    out << "launch of " << r.kernel << " with " << r.bankConflicts() << " bank conflicts";
    for (const loom::LineReport& l : r.lines) {
      std::uint64_t c = l.metric(loom::metric::sharedLoadBankConflicts) +
                        l.metric(loom::metric::sharedStoreBankConflicts) +
                        l.metric(loom::metric::sharedAtomicBankConflicts);
      if (c) out << "\n  " << l.file << ":" << l.line << ": " << c;
    }
    return out.str();
  }
};
}  // namespace Catch

namespace loom {

class NoBankConflictsMatcher : public Catch::MatcherBase<LaunchReport> {
public:
  bool match(const LaunchReport& r) const override { return r.bankConflicts() == 0; }
  std::string describe() const override { return "has no shared-memory bank conflicts"; }
};

class BankConflictsOnLineMatcher : public Catch::MatcherBase<LaunchReport> {
public:
  BankConflictsOnLineMatcher(unsigned line, std::uint64_t count, std::string fileSuffix)
      : line_(line), count_(count), file_(std::move(fileSuffix)) {}
  bool match(const LaunchReport& r) const override {
    const LineReport* l = r.findLine(line_, file_);
    std::uint64_t c = 0;
    if (l) {
      c = l->metric(metric::sharedLoadBankConflicts) + l->metric(metric::sharedStoreBankConflicts) +
          l->metric(metric::sharedAtomicBankConflicts);
    }
    return c == count_;  // a line with no shared access has 0 conflicts
  }
  std::string describe() const override {
    std::ostringstream out;
    out << "has exactly " << count_ << " bank conflicts on line " << line_;
    if (!file_.empty()) out << " of " << file_;
    return out.str();
  }

private:
  unsigned line_;
  std::uint64_t count_;
  std::string file_;
};

inline NoBankConflictsMatcher HasNoBankConflicts() { return {}; }
// Exactly `count` conflicts on source line `line` of the file whose path ends with `fileSuffix`.
inline BankConflictsOnLineMatcher HasBankConflictsOnLine(unsigned line, std::uint64_t count,
                                                         std::string fileSuffix = "") {
  return {line, count, std::move(fileSuffix)};
}

}  // namespace loom
