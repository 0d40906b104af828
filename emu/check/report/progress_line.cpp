#include "check/report/progress_line.h"

#include <unistd.h>

#include "report/symbolize.h"

namespace loom::check {

std::string progressName(const report::ProfilerNames& names) {
  constexpr std::size_t kWidth = 31;
  // ncu's own demangler spells template arguments with casts (`tpl<(int)3>`) where its CSV does
  // not: a template is shown by its function name, which ncu also does once the name is long.
  if (names.display.size() <= kWidth && names.display.find('<') == std::string::npos) return names.display;
  if (names.function.size() <= kWidth) return names.function;
  return names.function.substr(0, kWidth - 2) + "...";
}

std::string progressLine(const options::Options& o, const report::ProfilerNames& names,
                         unsigned long long id, unsigned stream) {
  std::string label;
  if (!o.reportKernelId.empty()) {
    // context:stream:[regex:]name:invocation, shown with the launch's context and stream.
    const std::string& spec = o.reportKernelId;
    std::size_t first = spec.find(':'), second = spec.find(':', first + 1), last = spec.rfind(':');
    std::string name = spec.substr(second + 1, last - second - 1);
    if (name.rfind("regex:", 0) == 0) name.erase(0, 6);
    label = "\"1:" + std::to_string(stream) + ":" + name + spec.substr(last) + "\"";
  } else if (!o.reportKernel.empty()) {
    label = "\"" + progressName(names) + "\"";
  } else {
    label = "\"" + progressName(names) + "\" - " + std::to_string(id);
    if (o.reportCount > 0) label += " (" + std::to_string(id + 1) + "/" + std::to_string(o.reportCount) + ")";
  }
  std::string passes = std::to_string(o.reportPasses) + (o.reportPasses == 1 ? " pass" : " passes");
  return "==PROF== Profiling " + label + ": 0%....50%....100% - " + passes + "\n";
}

void printProgressLine(const LaunchRecord& record) {
  const options::Options& o = options::get();
  if (o.reportProgressFd < 0) return;
  std::string line = progressLine(o, report::profilerNames(report::mangledName(record.kernel)), record.id, record.stream);
  for (std::size_t done = 0; done < line.size();) {
    ssize_t n = ::write(o.reportProgressFd, line.data() + done, line.size() - done);
    if (n <= 0) return;
    done += static_cast<std::size_t>(n);
  }
}

}  // namespace loom::check
