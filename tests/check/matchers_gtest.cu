// loom/gtest_matchers.h in a user's GoogleTest test: the same checks as matchers.cu and
// schedules.cu make with Catch2 (the seed transpose tile's 992 load conflicts unpadded and none
// padded; a body under 20 block orders).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "loom/gtest_matchers.h"

using loom::testing::HasBankConflictsOnLine;
using loom::testing::HasNoBankConflicts;
using loom::testing::SameUnderEverySchedule;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr unsigned kReadLine = __LINE__ + 5;
__global__ void tile(const float* A, float* B) {
  __shared__ float S[32][32];
  S[threadIdx.y][threadIdx.x] = A[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  B[threadIdx.y * 32 + threadIdx.x] = S[threadIdx.x][threadIdx.y];
}

__global__ void tilePadded(const float* A, float* B) {
  __shared__ float S[32][33];
  S[threadIdx.y][threadIdx.x] = A[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  B[threadIdx.y * 32 + threadIdx.x] = S[threadIdx.x][threadIdx.y];
}

// Block b's total is b + 1 plus, when chained, the total of block b - 1 read without waiting.
__global__ void totals(int* out, bool chained) {
  if (threadIdx.x == 0) out[blockIdx.x] = int(blockIdx.x) + 1 + (chained && blockIdx.x > 0 ? out[blockIdx.x - 1] : 0);
}

static std::vector<int> run(bool chained) {
  int* out;
  cudaMalloc(&out, 8 * sizeof(int));
  cudaMemset(out, 0, 8 * sizeof(int));
  totals<<<8, 32>>>(out, chained);
  std::vector<int> h(8);
  cudaMemcpy(h.data(), out, sizeof(int) * 8, cudaMemcpyDeviceToHost);
  cudaFree(out);
  return h;
}

TEST(LoomMatchers, BankConflictsOfTheTransposeTile) {
  loom::setCountersEnabled(true);
  loom::clearLaunchReports();
  float *A, *B;
  ASSERT_EQ(cudaMalloc(&A, 32 * 32 * sizeof(float)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&B, 32 * 32 * sizeof(float)), cudaSuccess);
  tile<<<1, dim3(32, 32)>>>(A, B);
  tilePadded<<<1, dim3(32, 32)>>>(A, B);
  auto launches = loom::launchReports();
  ASSERT_EQ(launches.size(), 2u);
  EXPECT_THAT(launches[1], HasNoBankConflicts());
  EXPECT_THAT(launches[0], HasBankConflictsOnLine(kReadLine, 992, "matchers_gtest.cu"));
  EXPECT_THAT(launches[0], HasBankConflictsOnLine(kReadLine - 2, 0));
  // The matchers must be able to fail, with a description that says why.
  EXPECT_THAT(launches[0], Not(HasNoBankConflicts()));
  EXPECT_THAT(launches[0], Not(HasBankConflictsOnLine(kReadLine, 991)));
  EXPECT_THAT(launches[0], Not(HasBankConflictsOnLine(kReadLine, 992, "other.cu")));
  EXPECT_EQ(::testing::DescribeMatcher<loom::LaunchReport>(HasBankConflictsOnLine(kReadLine, 992, "t.cu")),
            "has exactly 992 bank conflicts on line " + std::to_string(kReadLine) + " of t.cu");
  EXPECT_THAT(::testing::PrintToString(launches[0]), HasSubstr("with 992 bank conflicts"));
  loom::setCountersEnabled(false);
  cudaFree(A);
  cudaFree(B);
}

TEST(LoomMatchers, SameUnderEverySchedule) {
  auto independent = loom::underSchedules(20, [] { return run(false); });
  EXPECT_THAT(independent, SameUnderEverySchedule());
  auto chained = loom::underSchedules(20, [] { return run(true); });
  EXPECT_THAT(chained, Not(SameUnderEverySchedule()));
  ASSERT_NE(chained.firstBad(), nullptr);
  EXPECT_THAT(::testing::PrintToString(chained),
              HasSubstr("seed " + std::to_string(chained.firstBad()->seed) + " (LOOM_SCHEDULE=random:"));
  EXPECT_FALSE(loom::scheduleSeed().has_value());  // the index order is back
}

int main(int argc, char** argv) {
  ::testing::InitGoogleMock(&argc, argv);
  return RUN_ALL_TESTS();
}
