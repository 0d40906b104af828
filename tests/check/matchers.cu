// loom/catch2_matchers.h in a user's Catch2 test: the seed transpose tile (one 32x32 block) has
// 992 load conflicts on its tile read unpadded and none padded (HARDWARE_NOTES.md).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "loom/catch2_matchers.h"
#include "loom/report.h"

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

TEST_CASE("bank-conflict matchers on the transpose tile", "[check][matchers]") {
  loom::setCountersEnabled(true);
  loom::clearLaunchReports();
  float *A, *B;
  REQUIRE(cudaMalloc(&A, 32 * 32 * sizeof(float)) == cudaSuccess);
  REQUIRE(cudaMalloc(&B, 32 * 32 * sizeof(float)) == cudaSuccess);
  tile<<<1, dim3(32, 32)>>>(A, B);
  tilePadded<<<1, dim3(32, 32)>>>(A, B);
  auto launches = loom::launchReports();
  REQUIRE(launches.size() == 2);
  const loom::LaunchReport& unpadded = launches[0];
  const loom::LaunchReport& padded = launches[1];

  REQUIRE_THAT(padded, loom::HasNoBankConflicts());
  REQUIRE_THAT(unpadded, loom::HasBankConflictsOnLine(kReadLine, 992, "matchers.cu"));
  REQUIRE_THAT(unpadded, loom::HasBankConflictsOnLine(kReadLine - 2, 0, "matchers.cu"));
  // The matchers must be able to fail.
  CHECK_FALSE(loom::HasNoBankConflicts().match(unpadded));
  CHECK_FALSE(loom::HasBankConflictsOnLine(kReadLine, 991).match(unpadded));
  CHECK_FALSE(loom::HasBankConflictsOnLine(kReadLine, 992, "other.cu").match(unpadded));
  cudaFree(A);
  cudaFree(B);
}
