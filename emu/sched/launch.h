// One kernel launch as the execution engine sees it: what to call, over which grid, and the
// outcome that the runtime turns into a cudaError_t.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>

#include "check/report/launch_record.h"
#include "loom/runtime/launch.h"
#include "report/fault.h"
#include "vector_types.h"

namespace loom::sched {

// Launches in the order they were made (device printf orders its buffer by it).
inline std::atomic<std::uint64_t> gLaunchSequence{0};

struct Launch {
  const std::uint64_t sequence = gLaunchSequence.fetch_add(1, std::memory_order_relaxed);
  const void* kernel = nullptr;             // the __global__ function: identity and name
  runtime::RunThreads run = nullptr;        // runs threads of a block on the calling fiber
  std::shared_ptr<const void> arguments;    // what run is called with
  dim3 grid, block;
  std::size_t dynamicSharedBytes = 0;
  // cudaLaunchCooperativeKernel (grid.sync()): every block resident at once.
  bool cooperative = false;
  // Thread block clusters (cudaLaunchAttributeClusterDimension): {1,1,1} is no cluster.
  dim3 cluster{1, 1, 1};
  bool clusterSpecified = false;  // __clusterDimIsSpecified(): given at launch, even as (1,1,1)
  // Where the counters go; non-null runs the launch in lockstep mode.
  std::shared_ptr<check::LaunchRecord> counters;

  std::uint64_t blockCount() const {
    return std::uint64_t(grid.x) * grid.y * grid.z;
  }
  unsigned threadsPerBlock() const { return block.x * block.y * block.z; }
  unsigned clusterBlocks() const { return cluster.x * cluster.y * cluster.z; }
  // Blocks that must run at the same time (sched/block_group.h).
  bool coResident() const { return cooperative || clusterBlocks() > 1; }

  // Set by the first fault; workers stop starting blocks once it is set.
  std::atomic<bool> failed{false};
  void recordFault(report::Fault fault);
  std::optional<report::Fault> fault() const;

private:
  mutable std::mutex faultMutex_;
  std::optional<report::Fault> fault_;
  static constexpr unsigned kTimeoutBlocksShown = 7;
  unsigned extraTimeoutBlocks_ = 0;
};

}  // namespace loom::sched
