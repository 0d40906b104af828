#include "check/report/launch_filter.h"

#include <cstdlib>
#include <stdexcept>

namespace loom::check {

bool LaunchFilter::NameMatch::matches(const std::string& name) const {
  return regex ? std::regex_search(name, *regex) : name == text;
}

LaunchFilter::NameMatch LaunchFilter::nameMatch(const std::string& spec) {
  NameMatch m{spec, std::nullopt};
  if (spec.rfind("regex:", 0) == 0) m.regex.emplace(spec.substr(6));
  return m;
}

LaunchFilter::LaunchFilter(const options::Options& o)
    : nameBase_(o.reportKernelBase), skip_(o.reportSkip), count_(o.reportCount),
      skipBeforeMatch_(o.reportSkipBeforeMatch) {
  if (!o.reportKernel.empty()) kernel_ = nameMatch(o.reportKernel);
  if (!o.reportKernelId.empty()) {
    // context:stream:[regex:]name:invocation; contexts and streams are Loom's one of each, so
    // only the name and the invocation select. The name may hold `::`.
    const std::string& id = o.reportKernelId;
    std::size_t first = id.find(':');
    std::size_t second = first == std::string::npos ? first : id.find(':', first + 1);
    std::size_t last = id.rfind(':');
    if (second == std::string::npos || last <= second)
      throw std::invalid_argument("LOOM_REPORT_KERNEL_ID=" + id + " is not context:stream:[regex:]name:invocation");
    idKernel_ = nameMatch(id.substr(second + 1, last - second - 1));
    idInvocation_ = std::strtoull(id.c_str() + last + 1, nullptr, 10);
  }
  active_ = kernel_ || idKernel_ || skip_ || count_ || skipBeforeMatch_;
}

const std::string& LaunchFilter::base(const report::ProfilerNames& names) const {
  if (nameBase_ == "mangled") return names.mangled;
  if (nameBase_ == "demangled") return names.display;
  return names.function;
}

bool LaunchFilter::select(const report::ProfilerNames& names) {
  if (!active_) return true;
  ++launches_;
  if (idKernel_) {
    if (!idKernel_->matches(base(names))) return false;
    return ++invocations_[names.mangled] == idInvocation_;
  }
  if (launches_ <= skipBeforeMatch_) return false;
  if (kernel_ && !kernel_->matches(base(names))) return false;
  if (++matched_ <= skip_) return false;
  if (count_ && counted_ >= count_) return false;
  ++counted_;
  return true;
}

}  // namespace loom::check
