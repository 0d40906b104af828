// Counters per access site (the code address of one instrumented access: one "instruction"),
// kept by each worker while it runs a block and merged into the launch when the block ends.
// A kernel has few sites, so a short vector with a one-entry cache beats a hash map here: the
// lockstep scheduler adds to it once per warp request.
#pragma once

#include <utility>
#include <vector>

#include "check/counters/metrics.h"

namespace loom::check {

class SiteTable {
public:
  Counters& at(const void* site) {
    if (site == lastSite_) return entries_[last_].second;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].first == site) return remember(site, i);
    }
    entries_.emplace_back(site, Counters{});
    return remember(site, entries_.size() - 1);
  }
  void mergeInto(SiteTable& other) const {
    for (const auto& [site, c] : entries_) other.at(site) += c;
  }
  void clear() {
    entries_.clear();
    lastSite_ = nullptr;
  }
  bool empty() const { return entries_.empty(); }
  const std::vector<std::pair<const void*, Counters>>& entries() const { return entries_; }

private:
  Counters& remember(const void* site, std::size_t i) {
    lastSite_ = site;
    last_ = i;
    return entries_[i].second;
  }
  std::vector<std::pair<const void*, Counters>> entries_;
  const void* lastSite_ = nullptr;
  std::size_t last_ = 0;
};

}  // namespace loom::check
