// Every global-memory pattern the H100 sweep recorded, replayed through the coalescing model:
// requests and sectors must equal ncu's l1tex__t_{requests,sectors}_pipe_lsu_mem_global_op_{ld,st}.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "check/coalescing_model.h"
#include "recorded_sweep.h"

namespace test = loom::check::test;

namespace {

int replay(const char* part, const char* op, int& total) {
  const std::vector<loom_sweep::Pattern> patterns = loom_sweep::bankSweepPatterns();
  const nlohmann::json record = test::loadRecord(part);
  int matched = 0;
  total = 0;
  for (const auto& launch : record.at("launches")) {
    const auto& p = patterns.at(launch.at("index").get<std::size_t>());
    REQUIRE(launch.at("pattern").get<std::string>() == p.name);
    loom::check::GlobalRequest r{};
    r.store = p.access == loom_sweep::Access::Store;
    r.width = p.width;
    r.activeMask = p.mask;
    // The probe's buffer comes from cudaMalloc (256-byte aligned); any aligned base gives the
    // same sectors.
    for (unsigned l = 0; l < 32; ++l) r.address[l] = 0x7f0000000000ull + p.offset[l];
    const loom::check::GlobalCost cost = loom::check::globalCost(r);
    ++total;
    const std::uint32_t requests = test::metric(launch, std::string("l1tex__t_requests_pipe_lsu_mem_global_op_") + op);
    const std::uint32_t sectors = test::metric(launch, std::string("l1tex__t_sectors_pipe_lsu_mem_global_op_") + op);
    if (cost.requests == requests && cost.sectors == sectors) ++matched;
    else UNSCOPED_INFO(p.name << ": device " << requests << " requests, " << sectors << " sectors; model "
                              << cost.requests << ", " << cost.sectors);
  }
  return matched;
}

}  // namespace

TEST_CASE("coalescing model reproduces every recorded global load", "[check][coalescing]") {
  int total = 0;
  const int matched = replay("banks.global_ld", "ld", total);
  CHECK(total == 83);
  CHECK(matched == total);
}

TEST_CASE("coalescing model reproduces every recorded global store", "[check][coalescing]") {
  int total = 0;
  const int matched = replay("banks.global_st", "st", total);
  CHECK(total == 90);
  CHECK(matched == total);
}

TEST_CASE("coalescing model: a request with no active lane costs nothing", "[check][coalescing]") {
  loom::check::GlobalRequest r{};
  r.width = 4;
  CHECK(loom::check::globalCost(r).requests == 0);
  CHECK(loom::check::globalCost(r).sectors == 0);
}
