// What the counters collect for one launch, and the process-wide list of launches in launch
// order. A record is created when the launch starts on the device queue, which runs launches in
// the order they were issued (a graph's kernels in the graph's order, at each launch of the
// graph), and filled by the workers as its blocks end.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "check/counters/site_table.h"
#include "check/report/launch_filter.h"
#include "vector_types.h"

namespace loom::check {

struct LaunchRecord {
  const void* kernel = nullptr;
  dim3 grid, block;
  unsigned stream = 7;      // as Nsight Compute numbers streams
  unsigned long long id = 0;  // the launch's place among the counted ones, from 0 (ncu's ID)
  std::mutex mutex;  // guards sites while blocks finish on several workers
  SiteTable sites;

  void add(const SiteTable& blockSites) {
    std::lock_guard lock(mutex);
    blockSites.mergeInto(sites);
  }
};

class Recorder {
public:
  static Recorder& instance();

  // Counters (and with them lockstep warps) are on when LOOM_REPORT or LOOM_LOCKSTEP=1 is set
  // or the C++ API turned them on. Read once per launch.
  bool enabled() const;
  void setEnabled(bool on);

  // A new record for a launch about to run (counted: counters were on when it was issued), or
  // null when the launch filter (LOOM_REPORT_KERNEL, ...) leaves it out: it runs in fast mode.
  std::shared_ptr<LaunchRecord> begin(const void* kernel, dim3 grid, dim3 block, unsigned stream = 7);
  std::vector<std::shared_ptr<LaunchRecord>> records() const;
  void clear();

private:
  Recorder();
  mutable std::mutex mutex_;
  bool enabled_ = false;
  std::optional<LaunchFilter> filter_;
  std::vector<std::shared_ptr<LaunchRecord>> records_;
};

}  // namespace loom::check
