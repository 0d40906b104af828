// `loom-diff profile`: ncu's CSV against loom-ncu's, launch by launch (profile_diff.h).
#include <catch2/catch.hpp>

#include <string>

#include "profile_diff.h"

namespace {

const std::string kHeader =
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\","
    "\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n";

std::string row(int id, const std::string& kernel, const std::string& grid, const std::string& metric,
                const std::string& value) {
  return "\"" + std::to_string(id) + "\",\"1\",\"app\",\"127.0.0.1\",\"" + kernel + "\",\"1\",\"7\",\"(256, 1, 1)\",\"" +
         grid + "\",\"0\",\"9.0\",\"Command line profiler metrics\",\"" + metric + "\",\"\",\"" + value + "\"\n";
}

}  // namespace

TEST_CASE("loom-diff profile: exact, known and unexpected values", "[loomdiff][profile]") {
  const std::string device = "==PROF== Connected to process 1 (/x/app)\nprogram output\n" + kHeader +
                             row(0, "k(int *)", "(4, 1, 1)", "a.sum", "3,400") +
                             row(0, "k(int *)", "(4, 1, 1)", "b.sum", "10") +
                             row(1, "k(int *)", "(2, 1, 1)", "a.sum", "7");
  const std::string loom = kHeader + row(0, "k(int *)", "(4, 1, 1)", "a.sum", "3,400") +
                           row(0, "k(int *)", "(4, 1, 1)", "b.sum", "12") +
                           row(1, "k(int *)", "(2, 1, 1)", "a.sum", "7");
  auto d = loom::validate::diffProfiles(device, loom, "");
  CHECK(d.launches == 2);
  CHECK(d.metrics == 3);
  CHECK(d.exact == 2);
  CHECK(d.unexpected == 1);
  CHECK_FALSE(d.ok());
  CHECK(d.lines.front() == "0 k(int *) b.sum: device 10, loom 12 (unexpected)");
  auto listed = loom::validate::diffProfiles(device, loom, "0 b.sum  # nvcc keeps it in a register\n");
  CHECK(listed.known == 1);
  CHECK(listed.ok());
  CHECK(loom::validate::diffProfiles(device, loom, "* b.sum\n").ok());
}

TEST_CASE("loom-diff profile: launches of other kernels or shapes, or missing, fail", "[loomdiff][profile]") {
  const std::string device = kHeader + row(0, "k(int *)", "(4, 1, 1)", "a.sum", "1");
  CHECK(loom::validate::diffProfiles(device, kHeader + row(0, "j(int *)", "(4, 1, 1)", "a.sum", "1"), "").mismatched == 1);
  CHECK(loom::validate::diffProfiles(device, kHeader + row(0, "k(int *)", "(5, 1, 1)", "a.sum", "1"), "").mismatched == 1);
  auto missing = loom::validate::diffProfiles(device + row(1, "k(int *)", "(4, 1, 1)", "a.sum", "1"),
                                              kHeader + row(0, "k(int *)", "(4, 1, 1)", "a.sum", "1"), "");
  CHECK(missing.unpaired == 1);
  CHECK_FALSE(missing.ok());
}

TEST_CASE("loom-diff profile --loom-columns: only the metrics Loom's page has are compared", "[loomdiff][profile]") {
  const std::string device = kHeader + row(0, "k(int *)", "(4, 1, 1)", "a.sum", "1") +
                             row(0, "k(int *)", "(4, 1, 1)", "device__attribute_x", "9");
  const std::string loom = kHeader + row(0, "k(int *)", "(4, 1, 1)", "a.sum", "1");
  CHECK_FALSE(loom::validate::diffProfiles(device, loom, "").ok());  // the attribute is missing
  auto d = loom::validate::diffProfiles(device, loom, "", true);
  CHECK(d.metrics == 1);
  CHECK(d.exact == 1);
  CHECK(d.ok());
}
