// `loom-diff profile DEVICE.csv LOOM.csv`: two Nsight Compute details pages (`ncu --csv` on the
// device, `loom-ncu --csv` with the same arguments here) compared launch by launch: the kernel's
// name, grid and block must agree, and each metric's value is exact, a known divergence, or
// unexpected. Known divergences are lines `<launch> <metric>  # why` (a `*` launch: every one).
#pragma once

#include <string>
#include <vector>

namespace loom::validate {

struct ProfileDiff {
  std::size_t launches = 0, unpaired = 0, mismatched = 0;  // launches not in both, or other kernels
  std::size_t metrics = 0, exact = 0, known = 0, unexpected = 0;
  std::vector<std::string> lines;  // the report, one line each
  bool ok() const { return unpaired == 0 && mismatched == 0 && unexpected == 0; }
};

// loomColumnsOnly: compare only the metrics Loom's page has (a raw page, whose ncu twin also has
// hundreds of device attributes and per-unit statistics Loom does not print).
ProfileDiff diffProfiles(const std::string& deviceCsv, const std::string& loomCsv, const std::string& knownText,
                         bool loomColumnsOnly = false);

}  // namespace loom::validate
