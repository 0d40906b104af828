// The report: the recorded launches as loom::LaunchReport (symbolized per source line), as JSON,
// and the short stderr summary naming the worst lines.
#pragma once

#include <string>
#include <vector>

#include "loom/report.h"

namespace loom::check {

std::vector<LaunchReport> buildReports();
std::string toJson(const std::vector<LaunchReport>& launches);
// Lines with the most bank conflicts and the most sectors per global request; "" if none.
std::string summary(const std::vector<LaunchReport>& launches);
// LOOM_REPORT: at exit, after the device queue drained, write the file and print the summary.
void writeReportAtExit(const std::string& path);

}  // namespace loom::check
