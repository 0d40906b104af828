// Catch2 (v2) matchers for Loom's counters, for users' tests. Include after <catch2/catch.hpp>:
//
//   loom::setCountersEnabled(true);
//   transpose<<<grid, block>>>(...);
//   auto launch = loom::launchReports().back();
//   REQUIRE_THAT(launch, loom::HasNoBankConflicts());
//   REQUIRE_THAT(launch, loom::HasBankConflictsOnLine(52, 992, "transpose.cu"));
//
// Conflicts are ncu's l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st,atom}.sum, summed.
//
// And for a test body run under several block orders (loom/schedule.h):
//
//   REQUIRE_THAT(loom::underSchedules(20, body), loom::SameUnderEverySchedule());
//
// loom/gtest_matchers.h has the same matchers for GoogleTest.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>

#include "loom/report.h"
#include "loom/schedule.h"

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
// Runs under several schedules: the first one that differs from the first run, or made a finding.
template <class R>
struct StringMaker<loom::ScheduleRuns<R>> {
  static std::string convert(const loom::ScheduleRuns<R>& runs) {
    std::ostringstream out;
    out << runs.runs.size() << " runs under random schedules";
    if (const loom::ScheduleRun<R>* bad = runs.firstBad()) {
      out << "; seed " << bad->seed << " (LOOM_SCHEDULE=random:" << bad->seed << ")";
      if (bad->findings) out << " made " << bad->findings << " sanitizer finding(s)";
      if (!(bad->result == runs.runs.front().result))
        out << " gave " << Catch::Detail::stringify(bad->result) << " where seed " << runs.runs.front().seed
            << " gave " << Catch::Detail::stringify(runs.runs.front().result);
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

// Untyped, so that it takes the runs of any result type (REQUIRE_THAT needs only match and
// toString).
class SameUnderEverySchedule : public Catch::Matchers::Impl::MatcherUntypedBase {
public:
  template <class R>
  bool match(const ScheduleRuns<R>& runs) const {
    return !runs.runs.empty() && !runs.firstBad();
  }
  std::string describe() const override {
    return "gives the same result, with no sanitizer finding, under every schedule";
  }
};

inline NoBankConflictsMatcher HasNoBankConflicts() { return {}; }
// Exactly `count` conflicts on source line `line` of the file whose path ends with `fileSuffix`.
inline BankConflictsOnLineMatcher HasBankConflictsOnLine(unsigned line, std::uint64_t count,
                                                         std::string fileSuffix = "") {
  return {line, count, std::move(fileSuffix)};
}

}  // namespace loom
