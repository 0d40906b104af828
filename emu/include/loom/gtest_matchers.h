// GoogleTest (gMock) matchers for Loom's counters and schedules, the same as loom/catch2_matchers.h
// gives Catch2. Include after <gmock/gmock.h>:
//
//   loom::setCountersEnabled(true);
//   transpose<<<grid, block>>>(...);
//   EXPECT_THAT(loom::launchReports().back(), loom::testing::HasNoBankConflicts());
//   EXPECT_THAT(loom::launchReports().back(), loom::testing::HasBankConflictsOnLine(52, 992, "transpose.cu"));
//   EXPECT_THAT(loom::underSchedules(20, body), loom::testing::SameUnderEverySchedule());
#pragma once

#include <gmock/gmock.h>

#include <cstdint>
#include <ostream>
#include <string>

#include "loom/report.h"
#include "loom/schedule.h"

namespace loom {

// How gtest prints a launch: its kernel and its conflicts per line.
inline void PrintTo(const LaunchReport& r, std::ostream* out) {
  *out << "launch of " << r.kernel << " with " << r.bankConflicts() << " bank conflicts";
  for (const LineReport& l : r.lines) {
    std::uint64_t c = l.metric(metric::sharedLoadBankConflicts) + l.metric(metric::sharedStoreBankConflicts) +
                      l.metric(metric::sharedAtomicBankConflicts);
    if (c) *out << "\n  " << l.file << ":" << l.line << ": " << c;
  }
}

// How gtest prints runs under several schedules: the first bad one, with its seed.
template <class R>
void PrintTo(const ScheduleRuns<R>& runs, std::ostream* out) {
  *out << runs.runs.size() << " runs under random schedules";
  if (const ScheduleRun<R>* bad = runs.firstBad()) {
    *out << "; seed " << bad->seed << " (LOOM_SCHEDULE=random:" << bad->seed << ")";
    if (bad->findings) *out << " made " << bad->findings << " sanitizer finding(s)";
    if (!(bad->result == runs.runs.front().result))
      *out << " gave " << ::testing::PrintToString(bad->result) << " where seed " << runs.runs.front().seed
           << " gave " << ::testing::PrintToString(runs.runs.front().result);
  }
}

namespace testing {

MATCHER(HasNoBankConflicts, "has no shared-memory bank conflicts") { return arg.bankConflicts() == 0; }

// Exactly `count` conflicts on source line `line` of the file whose path ends with `fileSuffix`.
MATCHER_P3(HasBankConflictsOnLine, line, count, fileSuffix,
           "has exactly " + ::testing::PrintToString(count) + " bank conflicts on line " +
               ::testing::PrintToString(line) +
               (std::string(fileSuffix).empty() ? std::string() : " of " + std::string(fileSuffix))) {
  const LineReport* l = arg.findLine(static_cast<unsigned>(line), std::string(fileSuffix));
  std::uint64_t c = 0;
  if (l)
    c = l->metric(metric::sharedLoadBankConflicts) + l->metric(metric::sharedStoreBankConflicts) +
        l->metric(metric::sharedAtomicBankConflicts);
  return c == static_cast<std::uint64_t>(count);  // a line with no shared access has 0 conflicts
}
inline auto HasBankConflictsOnLine(unsigned line, std::uint64_t count) {
  return HasBankConflictsOnLine(line, count, "");
}

MATCHER(SameUnderEverySchedule, "gives the same result, with no sanitizer finding, under every schedule") {
  return !arg.runs.empty() && !arg.firstBad();
}

}  // namespace testing
}  // namespace loom
