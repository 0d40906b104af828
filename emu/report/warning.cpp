#include "report/warning.h"

#include <cstdio>
#include <mutex>
#include <unordered_set>

#include "report/symbolize.h"

namespace loom::report {

bool firstWarningAt(const void* site) {
  static std::mutex mutex;
  static std::unordered_set<const void*> reported;
  std::lock_guard lock(mutex);
  return reported.insert(site).second;
}

void warn(const void* site, const std::string& message) {
  std::string where = sourceLine(site);
  std::fprintf(stderr, "loom: warning: %s\n  at %s\n", message.c_str(),
               where.empty() ? "<unknown source line: build with loom-cc>" : where.c_str());
  std::fflush(stderr);
}

}  // namespace loom::report
