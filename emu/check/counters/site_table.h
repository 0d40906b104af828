// Counters per access site (the code address of one instrumented access: one "instruction"),
// kept by each worker while it runs a block and merged into the launch when the block ends.
// A kernel has few sites, so a short vector with a one-entry cache beats a hash map here: the
// lockstep scheduler adds to it once per warp request.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "check/counters/metrics.h"

namespace loom::check {

// One site's counters. A site of an atomic nvcc warp-aggregates on a uniform address
// (PendingAccess::aggregable) is priced both ways, per lane in `counters` and as one lane's
// request in `oneLane`; which one it reports is known only once the launch is complete, when
// every request has shown whether the address was uniform.
struct SiteCounters {
  Counters counters;
  Counters oneLane;
  bool aggregable = false;
  bool uniform = true;  // every request: all lanes on one address, and one address per block
  // Two warps of one block named the same address. A uniform address is the same in every warp;
  // with one warp Loom cannot tell `&s[0]` from `&s[threadIdx.x / 32]` (or inline PTX, which
  // nvcc never aggregates), and prices per lane.
  bool seenInTwoWarps = false;
  // The address and warp of the block's first request (a block's table only: blocks may differ,
  // as with `&s[blockIdx.x % 2]`, and still be uniform).
  bool haveBlockAddress = false;
  unsigned blockAddressWarp = 0;
  std::uint64_t blockAddress = 0;

  const Counters& reported() const { return aggregable && uniform && seenInTwoWarps ? oneLane : counters; }
  void mergeFrom(const SiteCounters& o) {
    counters += o.counters;
    oneLane += o.oneLane;
    aggregable = aggregable || o.aggregable;
    uniform = uniform && o.uniform;
    seenInTwoWarps = seenInTwoWarps || o.seenInTwoWarps;
  }
};

class SiteTable {
public:
  SiteCounters& at(const void* site) {
    if (site == lastSite_) return entries_[last_].second;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].first == site) return remember(site, i);
    }
    entries_.emplace_back(site, SiteCounters{});
    return remember(site, entries_.size() - 1);
  }
  void mergeInto(SiteTable& other) const {
    for (const auto& [site, c] : entries_) other.at(site).mergeFrom(c);
  }
  void clear() {
    entries_.clear();
    lastSite_ = nullptr;
  }
  bool empty() const { return entries_.empty(); }
  const std::vector<std::pair<const void*, SiteCounters>>& entries() const { return entries_; }

private:
  SiteCounters& remember(const void* site, std::size_t i) {
    lastSite_ = site;
    last_ = i;
    return entries_[i].second;
  }
  std::vector<std::pair<const void*, SiteCounters>> entries_;
  const void* lastSite_ = nullptr;
  std::size_t last_ = 0;
};

}  // namespace loom::check
