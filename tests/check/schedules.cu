// loom/schedule.h with loom/catch2_matchers.h in a user's Catch2 test: a body run under 20 block
// orders gives one result when its blocks are independent, and not when a block reads what the
// block before it by index wrote without waiting (CUDA promises no block order). Under racecheck
// (the [racecheck] cases, LOOM_SANITIZER=racecheck) the order-dependent body makes findings.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include <vector>

#include "loom/catch2_matchers.h"
#include "loom/schedule.h"

constexpr int kBlocks = 8, kThreads = 32;

// Each block's sum plus the total its predecessor by index published: depends on block order.
__global__ void chained(int* totals) {
  __shared__ int sum;
  if (threadIdx.x == 0) sum = 0;
  __syncthreads();
  atomicAdd(&sum, int(blockIdx.x) + 1);
  __syncthreads();
  if (threadIdx.x == 0) totals[blockIdx.x] = sum + (blockIdx.x > 0 ? totals[blockIdx.x - 1] : 0);
}

// Each block's own sum only.
__global__ void independent(int* totals) {
  __shared__ int sum;
  if (threadIdx.x == 0) sum = 0;
  __syncthreads();
  atomicAdd(&sum, int(blockIdx.x) + 1);
  __syncthreads();
  if (threadIdx.x == 0) totals[blockIdx.x] = sum;
}

static std::vector<int> run(bool dependent) {
  int* totals;
  cudaMalloc(&totals, kBlocks * sizeof(int));
  cudaMemset(totals, 0, kBlocks * sizeof(int));
  if (dependent) chained<<<kBlocks, kThreads>>>(totals);
  else independent<<<kBlocks, kThreads>>>(totals);
  cudaDeviceSynchronize();
  std::vector<int> out(kBlocks);
  cudaMemcpy(out.data(), totals, sizeof(int) * kBlocks, cudaMemcpyDeviceToHost);
  cudaFree(totals);
  return out;
}

TEST_CASE("schedules: independent blocks give one result under every order", "[check][schedule]") {
  auto runs = loom::underSchedules(20, [] { return run(false); });
  REQUIRE(runs.runs.size() == 20);
  CHECK(runs.runs[7].seed == 8);
  REQUIRE_THAT(runs, loom::SameUnderEverySchedule());
  CHECK(runs.runs.front().result == std::vector<int>{32, 64, 96, 128, 160, 192, 224, 256});
  CHECK(!loom::scheduleSeed());  // the index order is back
}

TEST_CASE("schedules: a block reading its predecessor's result differs, and the seed replays", "[check][schedule]") {
  auto runs = loom::underSchedules(20, [] { return run(true); });
  CHECK_FALSE(loom::SameUnderEverySchedule().match(runs));
  const auto* bad = runs.firstBad();
  REQUIRE(bad != nullptr);
  std::string text = Catch::Detail::stringify(runs);
  CHECK_THAT(text, Catch::Contains("seed " + std::to_string(bad->seed) + " (LOOM_SCHEDULE=random:"));
  // The same seed, the same order: the runs repeat exactly.
  auto again = loom::underSchedules(20, [] { return run(true); });
  for (std::size_t i = 0; i < runs.runs.size(); ++i) CHECK(again.runs[i].result == runs.runs[i].result);
  CHECK(!loom::scheduleSeed());  // the index order is back
  loom::setRandomSchedule(3);
  CHECK(loom::scheduleSeed() == std::optional<std::uint64_t>(3));
  loom::setIndexSchedule();
}

TEST_CASE("schedules: racecheck's findings fail the matcher", "[.][racecheck]") {
  auto clean = loom::underSchedules(4, [] { return run(false); });
  REQUIRE_THAT(clean, loom::SameUnderEverySchedule());
  auto racy = loom::underSchedules(4, [] { return run(true); });
  REQUIRE(racy.runs.front().findings > 0);  // the global race on totals[blockIdx.x - 1]
  CHECK_FALSE(loom::SameUnderEverySchedule().match(racy));
  CHECK_THAT(Catch::Detail::stringify(racy), Catch::Contains("sanitizer finding"));
}
