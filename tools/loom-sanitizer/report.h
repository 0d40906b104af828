// Loom's findings (check/sanitizer/findings.h, one JSON object a line) printed the way
// compute-sanitizer prints its own, so scripts that parse compute-sanitizer's output work.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "options.h"

namespace loom::sanitizer {

struct Report {
  std::string text;   // every line with the "========= " prefix
  long errors = 0;    // what ERROR SUMMARY says
};

// findings: the JSON objects, in the order the program produced them.
Report formatReport(const std::vector<nlohmann::json>& findings, const Options& options);

}  // namespace loom::sanitizer
