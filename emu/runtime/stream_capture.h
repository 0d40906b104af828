// Stream capture (cudaStreamBeginCapture ... cudaStreamEndCapture): while a stream captures, the
// work issued to it becomes nodes of a graph instead of running. Each captured stream keeps the
// nodes its next operation depends on; an event recorded in a capturing stream carries them to
// the streams that wait on it, which join the capture (fork and join). The calls a capture
// forbids answer as the H100 does (validate/results/h100-sm90/tests.cuda.graphs): they fail and
// invalidate the capture, which then ends with cudaErrorStreamCaptureInvalidated.
#pragma once

#include <functional>
#include <optional>

#include "runtime/device_queue.h"
#include "runtime/stream.h"

namespace loom::runtime {

// Whether work issued to `stream` now goes into a graph.
bool capturing(cudaStream_t stream);
// For the calls that stream capture forbids unless it is relaxed (cudaMalloc): true when this
// call is forbidden now, and the calling thread's captures are then invalidated.
bool unsafeCallDuringCapture();

// The stream layer's side (runtime/stream_api.cpp). An operation issued to `s` (`legacy`: the
// legacy default stream): taken into s's capture as a node, or refused; nullopt when the
// stream queues it as usual.
std::optional<Submission> captureOperation(CUstream_st* s, bool legacy, cudaGraphNodeType type,
                                           std::function<void()>& operation, const KernelCall* kernel);
// Synchronising with or querying a capturing stream, or the device while anything captures:
// cudaErrorStreamCaptureUnsupported, and the captures concerned are invalidated.
cudaError_t refuseStreamSynchronize(CUstream_st* s);
cudaError_t refuseDeviceSynchronize();
// cudaEventRecord in a capturing stream (true: the event now marks the stream's place in the
// capture; nothing is queued), and outside one (false: the event forgets any capture).
bool captureEventRecord(CUstream_st* s, CUevent_st* event);
// cudaStreamWaitEvent on an event recorded in an active capture: the stream joins it (nullopt
// when the event was not recorded in one).
std::optional<cudaError_t> captureEventWait(CUstream_st* s, CUevent_st* event);
// A stream being destroyed leaves its capture.
void leaveCapture(CUstream_st* s);

}  // namespace loom::runtime
