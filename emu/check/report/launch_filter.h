// Which launches the counters count, selected as Nsight Compute selects the launches it profiles
// (its -k, --kernel-name-base, -s, -c, --launch-skip-before-match and --kernel-id; loom-ncu passes
// them through the LOOM_REPORT_* variables, emu/options/options.h). A launch not selected runs in
// the fast mode, so only the selected ones pay for lockstep warps and counting. Asked once per
// launch, in the order the device queue runs them, which is the order they were issued.
#pragma once

#include <map>
#include <optional>
#include <regex>
#include <string>

#include "options/options.h"
#include "report/profiler_names.h"

namespace loom::check {

class LaunchFilter {
public:
  explicit LaunchFilter(const options::Options& o);

  // Whether any selection was asked for (else every launch is counted).
  bool active() const { return active_; }

  // Whether this launch, the next one in issue order, is counted.
  bool select(const report::ProfilerNames& names);

private:
  struct NameMatch {
    std::string text;
    std::optional<std::regex> regex;
    bool matches(const std::string& name) const;
  };
  static NameMatch nameMatch(const std::string& spec);
  const std::string& base(const report::ProfilerNames& names) const;

  bool active_ = false;
  std::optional<NameMatch> kernel_;
  std::string nameBase_;
  unsigned long long skip_ = 0, count_ = 0, skipBeforeMatch_ = 0;
  // --kernel-id: the one launch of a matching kernel that is the invocation-th of that kernel.
  std::optional<NameMatch> idKernel_;
  unsigned long long idInvocation_ = 0;
  std::map<std::string, unsigned long long> invocations_;  // by mangled name

  unsigned long long launches_ = 0, matched_ = 0, counted_ = 0;
};

}  // namespace loom::check
