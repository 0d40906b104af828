// Nsight Compute's source page (`--page source --csv`), from Loom's per-line counters.
//   --print-source cuda      every line of each source file, as ncu prints it (ncu gives no
//                            metrics in this view);
//   --print-source cuda,sass ncu's correlated view: per launch, "File Path", "Function Name", then
//                            one row per source line with counters, with the columns of ncu's
//                            SourceCounters section that Loom counts (sourceColumns()). ncu also
//                            lists each line's SASS instructions beneath it; Loom has no SASS.
// Rows are as ncu writes them: every field quoted, inner quotes left as they are, the source
// text of the correlated view without its indentation.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "details_page.h"
#include "report_io.h"

namespace loom::ncu {

struct SourceColumn {
  const char* name;  // ncu's column name
  std::uint64_t (*value)(const ProfiledLaunch::Line&);
};
const std::vector<SourceColumn>& sourceColumns();

std::string sourcePageCuda(const std::vector<ProfiledLaunch>& launches, const SourceFiles& sources);
std::string sourcePageCorrelated(const std::vector<ProfiledLaunch>& launches, const SourceFiles& sources);

// The source line's text, or "" when the file or line is unknown.
std::string sourceText(const SourceFiles& sources, const std::string& file, unsigned line);

}  // namespace loom::ncu
