// The campaign's reading of ncu --csv output into ncu.json (validate/campaign/ncu_csv.h), on text
// in the two layouts ncu prints: the details page (a row per launch and metric) and the raw page.
#include <catch2/catch.hpp>

#include "ncu_csv.h"

using namespace loom::validate;

TEST_CASE("ncu details-page CSV becomes launches in order, with numbers", "[loomdiff]") {
  std::string csv =
      "==PROF== Connected to process 42 (/tmp/transpose_shared)\n"
      "transpose_shared_bank_conflict: PASS\n"
      "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\",\"Block Size\","
      "\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
      "\"0\",\"42\",\"t\",\"h\",\"bank_conflict\",\"1\",\"7\",\"(32, 32, 1)\",\"(1, 1, 1)\",\"0\",\"9.0\","
      "\"Command line profiler metrics\",\"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum\",\"\",\"992\"\n"
      "\"0\",\"42\",\"t\",\"h\",\"bank_conflict\",\"1\",\"7\",\"(32, 32, 1)\",\"(1, 1, 1)\",\"0\",\"9.0\","
      "\"Command line profiler metrics\",\"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum\",\"sector\",\"1,024\"\n"
      "\"1\",\"42\",\"t\",\"h\",\"no_conflict\",\"1\",\"7\",\"(32, 32, 1)\",\"(2, 1, 1)\",\"0\",\"9.0\","
      "\"Command line profiler metrics\",\"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum\",\"\",\"n/a\"\n";
  nlohmann::json j = parseNcuCsv(csv);
  REQUIRE(j["launches"].size() == 2);
  REQUIRE(j["launches"][0]["kernel"] == "bank_conflict");
  REQUIRE(j["launches"][0]["block"] == nlohmann::json({32, 32, 1}));
  REQUIRE(j["launches"][0]["metrics"]["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"] == 992);
  REQUIRE(j["launches"][0]["metrics"]["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] == 1024);
  REQUIRE(j["launches"][1]["grid"] == nlohmann::json({2, 1, 1}));
  REQUIRE(j["launches"][1]["metrics"]["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"] == "n/a");
}

TEST_CASE("ncu raw-page CSV: one row per launch after a units row", "[loomdiff]") {
  std::string csv =
      "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"m.sum\",\"n.avg\"\n"
      "\"\",\"\",\"\",\"\",\"sector\",\"\"\n"
      "\"0\",\"k\",\"(128, 1, 1)\",\"(10, 1, 1)\",\"7\",\"2.5\"\n";
  nlohmann::json j = parseNcuCsv(csv);
  REQUIRE(j["launches"].size() == 1);
  REQUIRE(j["launches"][0]["metrics"]["m.sum"] == 7);
  REQUIRE(j["launches"][0]["metrics"]["n.avg"] == 2.5);
  REQUIRE(splitCsvLine("\"a\"\"b\",c,\"d,e\"") == std::vector<std::string>{"a\"b", "c", "d,e"});
}
