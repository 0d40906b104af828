// ncu_csv.h: Nsight Compute's CSV output (ncu --csv) as the record's ncu.json.
//
// C++17 and nlohmann-json only: built on the GPU machine by the campaign, and by Loom's unit tests.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace loom::validate {

// Splits one CSV line ("a","b,c",d) into fields; doubled quotes inside quotes are one quote.
std::vector<std::string> splitCsvLine(const std::string& line);

// Reads `ncu --csv` output (the default "details" page, one row per launch and metric, or
// "--page raw", one row per launch) and returns
//   {"launches": [{"kernel", "grid": [x,y,z], "block": [x,y,z], "metrics": {name: value}}]}
// in launch order. Values are numbers (thousands separators removed) or, where ncu printed
// something else ("n/a"), strings. Lines that are not CSV rows (==PROF== messages, the program's
// own output) are skipped. Throws std::runtime_error if there is no header row but rows exist.
nlohmann::json parseNcuCsv(const std::string& text);

}  // namespace loom::validate
