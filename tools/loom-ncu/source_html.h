// A self-contained HTML view of the source page (`loom-ncu --html FILE`): for each profiled
// launch, its source files line by line, each line beside its shared-memory wavefronts, ideal
// wavefronts, bank conflicts (excessive wavefronts) and global sectors, each cell shaded by its
// share of the launch's largest value in that column, so that the lines that conflict or touch
// too many sectors stand out. The data is embedded as JSON and the page draws itself with a
// short script: no server, no network, any browser.
#pragma once

#include <string>
#include <vector>

#include "details_page.h"
#include "report_io.h"

namespace loom::ncu {

std::string sourceHtml(const std::vector<ProfiledLaunch>& launches, const SourceFiles& sources);

}  // namespace loom::ncu
