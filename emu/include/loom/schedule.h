// Block order and sanitizer findings for users' tests: run a test body under several schedules
// and require the same result, and no finding, under every one.
//
//   auto runs = loom::underSchedules(20, [&] {
//     scan<<<blocks, threads>>>(in, out);
//     cudaDeviceSynchronize();
//     return copyBack(out);          // anything with operator==
//   });
//   REQUIRE_THAT(runs, loom::SameUnderEverySchedule());   // loom/catch2_matchers.h
//   EXPECT_THAT(runs, loom::testing::SameUnderEverySchedule());   // loom/gtest_matchers.h
//
// A failure names the seed; LOOM_SCHEDULE=random:<seed> replays that order for the whole program.
// Findings are counted while a tool runs (loom-sanitizer, or LOOM_SANITIZER set for the test).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace loom {

// The order of later launches' blocks in this process, as LOOM_SCHEDULE sets it for a whole run:
// random, drawn from `seed` and the launch's number since this call (blocks one at a time), or by
// index (the default, in parallel over the workers).
void setRandomSchedule(std::uint64_t seed);
void setIndexSchedule();
// The seed of the random schedule in force (set here or by LOOM_SCHEDULE), if any.
std::optional<std::uint64_t> scheduleSeed();

// The findings the sanitizer tool in force has recorded in this process so far (0 without one).
std::uint64_t sanitizerFindings();

template <class Result>
struct ScheduleRun {
  std::uint64_t seed;
  Result result;
  std::uint64_t findings;  // sanitizer findings made during this run
};

template <class Result>
struct ScheduleRuns {
  std::vector<ScheduleRun<Result>> runs;
  // The first run whose result differs from the first run's, or that made a finding.
  const ScheduleRun<Result>* firstBad() const {
    for (const auto& r : runs)
      if (r.findings != 0 || !(r.result == runs.front().result)) return &r;
    return nullptr;
  }
};

// Runs `body` under the random schedules of seeds 1..seeds, one after another, and restores the
// schedule in force before. `body` returns the result to compare.
template <class Body>
auto underSchedules(unsigned seeds, Body body) {
  using Result = decltype(body());
  ScheduleRuns<Result> out;
  std::optional<std::uint64_t> before = scheduleSeed();
  for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
    setRandomSchedule(seed);
    std::uint64_t findings = sanitizerFindings();
    Result r = body();
    out.runs.push_back({seed, std::move(r), sanitizerFindings() - findings});
  }
  if (before) setRandomSchedule(*before);
  else setIndexSchedule();
  return out;
}

}  // namespace loom
