// Helpers for the tests that replay the device's recorded bank/coalescing sweep
// (validate/results/h100-sm90/banks.*/ncu.json) through Loom's models.
#pragma once

#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "../../../validate/sweeps/banks/patterns.h"

namespace loom::check::test {

inline nlohmann::json loadRecord(const std::string& caseName) {
  const std::string path =
      std::string(LOOM_SOURCE_DIR) + "/validate/results/h100-sm90/" + caseName + "/ncu.json";
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  return nlohmann::json::parse(in);
}

inline std::uint32_t metric(const nlohmann::json& launch, const std::string& name) {
  return launch.at("metrics").at(name + ".sum").get<std::uint32_t>();
}

}  // namespace loom::check::test
