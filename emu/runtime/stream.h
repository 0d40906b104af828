// What a stream and an event are under Loom (the runtime's side of cudaStream_t and cudaEvent_t):
// a stream remembers the sequence number of its last operation on the device queue, an event
// the one of its last record; synchronising is waiting for that number. Capture state is
// guarded by the capture lock (runtime/stream_capture.cpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "driver_types.h"

namespace loom::runtime {
struct Capture;
}

struct CUstream_st {
  std::atomic<std::uint64_t> last{0};
  unsigned flags = 0;
  int priority = 0;
  std::uint64_t id = 0;  // cudaStreamGetId: numbered at creation
  unsigned profilerNumber = 0;  // the stream's number in Nsight Compute's reports (profilerStreamNumber)
  // Stream attributes (cudaStreamSetAttribute): kept and read back; nothing acts on them. The
  // H100 reads a stream's synchronization policy back as -1 until one is set.
  cudaAccessPolicyWindow window{};
  int syncPolicy = -1;
  cudaLaunchMemSyncDomainMap memSyncDomainMap{};
  cudaLaunchMemSyncDomain memSyncDomain = cudaLaunchMemSyncDomainDefault;
  // While capturing: the capture, and the nodes the stream's next operation depends on.
  loom::runtime::Capture* capture = nullptr;
  std::vector<cudaGraphNode_t> frontier;
};

struct CUevent_st {
  std::atomic<std::uint64_t> recorded{0};  // sequence of the latest record; 0: never recorded
  std::atomic<double> milliseconds{0};     // when the record ran on the device
  unsigned flags = 0;
  // Recorded in a capturing stream: the capture's id (0: recorded outside a capture) and the
  // nodes a wait on the event depends on.
  std::uint64_t captureId = 0;
  std::vector<cudaGraphNode_t> captured;
};

namespace loom::runtime {
bool isDefaultStream(cudaStream_t s);
// The number Nsight Compute gives a launch's stream (its "Stream" column): 7 for the legacy default
// stream; created streams take 13, 14, ... in the order of their creation, and the per-thread
// default stream takes the next number when a kernel first runs in it
// (validate/probes/ncu_cli/source_record/streams_csv.stdout).
unsigned profilerStreamNumber(cudaStream_t s);
// The stream behind a handle (the legacy default stream for 0), or null for an unknown handle.
CUstream_st* resolveStream(cudaStream_t s);
}  // namespace loom::runtime
