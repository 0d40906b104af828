// The public C++ API of loom/report.h.
#include <fstream>

#include "check/report/launch_record.h"
#include "check/report/report_file.h"
#include "loom/report.h"
#include "runtime/device_queue.h"

namespace loom {

void setCountersEnabled(bool on) { check::Recorder::instance().setEnabled(on); }
bool countersEnabled() { return check::Recorder::instance().enabled(); }

std::vector<LaunchReport> launchReports() {
  runtime::DeviceQueue::instance().waitAll();
  return check::buildReports();
}

void clearLaunchReports() {
  runtime::DeviceQueue::instance().waitAll();
  check::Recorder::instance().clear();
}

std::string reportJson() { return check::toJson(launchReports()); }

bool writeReport(const std::string& path) {
  std::ofstream file(path);
  file << reportJson();
  return static_cast<bool>(file);
}

}  // namespace loom
