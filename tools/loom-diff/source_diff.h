// `loom-diff source DEVICE.csv LOOM.csv`: two source pages in ncu's correlated view
// (`--page source --csv --print-source cuda,sass`: ncu with the SourceCounters section on the
// device, loom-ncu here) compared line by line: for each function, in order, and each column
// that loom-ncu prints, the value of every source line that either side has. ncu's SASS rows
// (no line number) are left out: their values are summed in their line's row. Known divergences
// are lines `<function index|*> <line> <column>  # why`.
#pragma once

#include <string>
#include <vector>

namespace loom::validate {

struct SourceDiff {
  std::size_t functions = 0, unpaired = 0;
  std::size_t values = 0, exact = 0, known = 0, unexpected = 0;
  std::vector<std::string> lines;  // the report, one line each
  bool ok() const { return unpaired == 0 && unexpected == 0 && functions > 0; }
};

SourceDiff diffSourcePages(const std::string& deviceCsv, const std::string& loomCsv, const std::string& knownText);

}  // namespace loom::validate
