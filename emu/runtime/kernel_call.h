// A kernel launch as data: what a stream queues for <<<>>> and what a graph's kernel node runs
// at every launch of the graph. Each run is a fresh sched::Launch (its own fault state and
// counters record), so a graph can run the same call again.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

#include "loom/runtime/launch.h"

namespace loom::runtime {

struct KernelCall {
  const void* kernel = nullptr;
  RunThreads run = nullptr;
  std::shared_ptr<const void> arguments;
  dim3 grid, block;
  std::size_t sharedBytes = 0;
  // Counters were on when the launch was issued (for a graph: when the node was captured or
  // added): its run is counted and reported.
  bool counted = false;
  LaunchOptions options;  // cooperative, clusters
  unsigned profilerStream = 7;  // the stream as Nsight Compute numbers it (profilerStreamNumber)
};

// The device's answer to a launch configuration (cudaSuccess when it may run).
cudaError_t checkConfiguration(const void* kernel, dim3 grid, dim3 block, std::size_t sharedBytes,
                               const LaunchOptions& options = {});
// How many blocks of `kernel` an SM holds at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor).
int maxActiveBlocksPerSM(const void* kernel, int blockSize, std::size_t dynamicSharedBytes);
// The operation that runs the call once, on the device queue.
std::function<void()> kernelOperation(KernelCall call);

}  // namespace loom::runtime
