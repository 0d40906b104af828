// The device's work queue. Every stream operation (launch, async copy, event record, host
// function) is submitted here in issue order and run by one device thread, which spreads a
// launch's blocks over the workers. One FIFO for all streams is a legal CUDA schedule (streams
// may, not must, overlap) and it can never deadlock: cudaStreamWaitEvent waits for an event
// record issued earlier, and everything issued earlier runs first. Host code is not blocked by
// asynchronous work. In serial mode operations run at once on the calling thread.
#pragma once

#include <cstdint>
#include <functional>

#include "driver_types.h"

namespace loom::runtime {

class DeviceQueue {
public:
  static DeviceQueue& instance();

  // Returns the operation's sequence number; operations complete in sequence order.
  std::uint64_t submit(std::function<void()> operation);
  bool completed(std::uint64_t sequence) const;
  // Blocks the calling host thread until `sequence` completed. Every host-side wait for the
  // device goes through here, and so this is where what kernels printed becomes visible
  // (device/device_printf.h).
  void waitFor(std::uint64_t sequence);
  void waitAll();
  std::uint64_t lastSubmitted() const;

private:
  DeviceQueue();
  struct State;
  State* state_;
};

// What became of an operation issued to a stream: queued (its sequence number), captured into
// a graph (sequence 0: nothing to wait for), or refused by a capture (error).
struct Submission {
  std::uint64_t sequence = 0;
  cudaError_t error = cudaSuccess;
};

// Queues an operation on a stream (the default stream for 0): the stream's synchronisation
// then covers it. Every stream operation goes through here; while the stream is capturing, the
// operation becomes a graph node of `type` instead (runtime/stream_capture.h), and so it must
// be one that can run again at every launch of the graph. A launch passes its call too, which a
// captured kernel node keeps (cudaGraphKernelNodeGetParams/SetParams).
struct KernelCall;
Submission submitToStream(cudaStream_t stream, cudaGraphNodeType type, std::function<void()> operation,
                          const KernelCall* kernel = nullptr);

}  // namespace loom::runtime
