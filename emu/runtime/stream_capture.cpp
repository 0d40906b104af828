#include "runtime/stream_capture.h"

#include <algorithm>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "cuda_runtime_api.h"
#include "runtime/error_state.h"
#include "runtime/graph.h"

namespace loom::runtime {

// One capture sequence: begun on `origin`, joined by the streams that waited on its events.
struct Capture {
  std::uint64_t id;
  cudaStreamCaptureMode mode;
  std::thread::id thread;  // the thread that began it (what the capture modes are about)
  CUstream_st* origin;
  CUgraph_st* graph;
  bool invalidated = false;
  std::vector<CUstream_st*> streams;  // origin first
};

namespace {

std::mutex gMutex;  // guards every capture, the streams' capture state and captured events
std::vector<Capture*> gCaptures;  // the active ones
std::uint64_t gNextId = 1;
thread_local cudaStreamCaptureMode tThreadMode = cudaStreamCaptureModeGlobal;

Capture* activeCapture(std::uint64_t id) {
  for (Capture* c : gCaptures)
    if (c->id == id) return c;
  return nullptr;
}

// Whether every other stream's last work is ordered before the origin's: the fork was joined.
bool joined(const Capture& c) {
  std::set<const CUgraphNode_st*> before;
  std::vector<const CUgraphNode_st*> unvisited(c.origin->frontier.begin(), c.origin->frontier.end());
  while (!unvisited.empty()) {
    const CUgraphNode_st* n = unvisited.back();
    unvisited.pop_back();
    if (!before.insert(n).second) continue;
    unvisited.insert(unvisited.end(), n->dependencies.begin(), n->dependencies.end());
  }
  for (const CUstream_st* s : c.streams)
    for (const CUgraphNode_st* n : s->frontier)
      if (s != c.origin && !before.count(n)) return false;
  return true;
}

void end(Capture* c) {
  for (CUstream_st* s : c->streams) {
    s->capture = nullptr;
    s->frontier.clear();
  }
  gCaptures.erase(std::find(gCaptures.begin(), gCaptures.end(), c));
}

}  // namespace

bool capturing(cudaStream_t stream) {
  CUstream_st* s = resolveStream(stream);
  std::lock_guard lock(gMutex);
  return s && s->capture;
}

bool unsafeCallDuringCapture() {
  std::lock_guard lock(gMutex);
  if (tThreadMode == cudaStreamCaptureModeRelaxed) return false;
  bool forbidden = false;
  for (Capture* c : gCaptures)
    if (c->thread == std::this_thread::get_id() && c->mode != cudaStreamCaptureModeRelaxed) {
      c->invalidated = true;
      forbidden = true;
    }
  if (tThreadMode == cudaStreamCaptureModeGlobal)
    for (Capture* c : gCaptures)
      if (c->thread != std::this_thread::get_id() && c->mode == cudaStreamCaptureModeGlobal) forbidden = true;
  return forbidden;
}

std::optional<Submission> captureOperation(CUstream_st* s, bool legacy, cudaGraphNodeType type,
                                           std::function<void()>& operation, const KernelCall* kernel) {
  std::lock_guard lock(gMutex);
  if (legacy) {
    // The legacy default stream synchronises with every blocking stream, a capturing one too.
    bool implicit = false;
    for (Capture* c : gCaptures)
      for (CUstream_st* captured : c->streams)
        if (!(captured->flags & cudaStreamNonBlocking)) c->invalidated = implicit = true;
    if (implicit) return Submission{0, cudaErrorStreamCaptureImplicit};
    return std::nullopt;
  }
  if (!s->capture) return std::nullopt;
  if (s->capture->invalidated) return Submission{0, cudaErrorStreamCaptureInvalidated};
  CUgraphNode_st* node = addGraphNode(s->capture->graph, type, s->frontier, std::move(operation));
  if (kernel) node->kernel = *kernel;
  s->frontier.assign(1, node);
  return Submission{0, cudaSuccess};
}

cudaError_t refuseStreamSynchronize(CUstream_st* s) {
  std::lock_guard lock(gMutex);
  if (!s->capture) return cudaSuccess;
  s->capture->invalidated = true;
  return cudaErrorStreamCaptureUnsupported;
}

cudaError_t refuseDeviceSynchronize() {
  std::lock_guard lock(gMutex);
  if (gCaptures.empty()) return cudaSuccess;
  for (Capture* c : gCaptures) c->invalidated = true;
  return cudaErrorStreamCaptureUnsupported;
}

bool captureEventRecord(CUstream_st* s, CUevent_st* event) {
  std::lock_guard lock(gMutex);
  if (!s->capture) {
    event->captureId = 0;
    event->captured.clear();
    return false;
  }
  event->captureId = s->capture->id;
  event->captured = s->frontier;
  return true;
}

std::optional<cudaError_t> captureEventWait(CUstream_st* s, CUevent_st* event) {
  std::lock_guard lock(gMutex);
  Capture* c = event->captureId ? activeCapture(event->captureId) : nullptr;
  if (!c) return std::nullopt;
  if (!s->capture) {
    s->capture = c;
    s->frontier = event->captured;
    c->streams.push_back(s);
    return cudaSuccess;
  }
  if (s->capture != c) return cudaErrorStreamCaptureMerge;
  for (cudaGraphNode_t n : event->captured)
    if (std::find(s->frontier.begin(), s->frontier.end(), n) == s->frontier.end()) s->frontier.push_back(n);
  return cudaSuccess;
}

void leaveCapture(CUstream_st* s) {
  std::lock_guard lock(gMutex);
  Capture* c = s->capture;
  if (!c) return;
  c->invalidated = true;
  if (s == c->origin) {
    end(c);
    delete c->graph;
    delete c;
    return;
  }
  c->streams.erase(std::find(c->streams.begin(), c->streams.end(), s));
  s->capture = nullptr;
  s->frontier.clear();
}

}  // namespace loom::runtime

using namespace loom::runtime;

extern "C" {

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode) {
  if (isDefaultStream(stream)) return recordError(cudaErrorStreamCaptureUnsupported);
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (mode != cudaStreamCaptureModeGlobal && mode != cudaStreamCaptureModeThreadLocal &&
      mode != cudaStreamCaptureModeRelaxed)
    return recordError(cudaErrorInvalidValue);
  std::lock_guard lock(gMutex);
  if (s->capture) return recordError(cudaErrorIllegalState);
  auto* c = new Capture{gNextId++, mode, std::this_thread::get_id(), s, new CUgraph_st, false, {s}};
  s->capture = c;
  s->frontier.clear();
  gCaptures.push_back(c);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* pGraph) {
  if (!pGraph) return recordError(cudaErrorInvalidValue);
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  std::lock_guard lock(gMutex);
  Capture* c = s->capture;
  if (!c) return recordError(cudaErrorIllegalState);
  if (s != c->origin) {
    c->invalidated = true;  // the device's answer: the origin's end then reports it invalidated
    return recordError(cudaErrorStreamCaptureUnmatched);
  }
  cudaError_t result = c->invalidated ? cudaErrorStreamCaptureInvalidated
                       : !joined(*c)  ? cudaErrorStreamCaptureUnjoined
                                      : cudaSuccess;
  end(c);
  if (result == cudaSuccess) {
    *pGraph = c->graph;
  } else {
    delete c->graph;
    *pGraph = nullptr;
  }
  delete c;
  return result == cudaSuccess ? stickyOr(cudaSuccess) : recordError(result);
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* pCaptureStatus) {
  return cudaStreamGetCaptureInfo(stream, pCaptureStatus);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* captureStatus_out,
                                     unsigned long long* id_out, cudaGraph_t* graph_out,
                                     const cudaGraphNode_t** dependencies_out,
                                     const cudaGraphEdgeData** edgeData_out, size_t* numDependencies_out) {
  if (!captureStatus_out) return recordError(cudaErrorInvalidValue);
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  std::lock_guard lock(gMutex);
  Capture* c = s->capture;
  *captureStatus_out = !c ? cudaStreamCaptureStatusNone
                       : c->invalidated ? cudaStreamCaptureStatusInvalidated
                                        : cudaStreamCaptureStatusActive;
  if (id_out && c) *id_out = c->id;
  if (graph_out) *graph_out = c ? c->graph : nullptr;
  if (dependencies_out) *dependencies_out = c ? s->frontier.data() : nullptr;
  if (edgeData_out) *edgeData_out = nullptr;  // every edge is a default one
  if (numDependencies_out) *numDependencies_out = c ? s->frontier.size() : 0;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode* mode) {
  if (!mode) return recordError(cudaErrorInvalidValue);
  std::swap(*mode, tThreadMode);
  return stickyOr(cudaSuccess);
}

}  // extern "C"
