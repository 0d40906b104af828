// Streams, events and host callbacks over the single device queue (runtime/device_queue.h and
// runtime/stream.h); work issued to a capturing stream goes to runtime/stream_capture.h.
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>

#include "cuda_runtime_api.h"
#include "runtime/device_queue.h"
#include "runtime/error_state.h"
#include "runtime/memory_pools.h"
#include "runtime/stream.h"
#include "runtime/stream_capture.h"

using namespace loom::runtime;

namespace {

std::mutex gHandlesMutex;
std::set<const void*> gStreams;
std::set<const void*> gEvents;

CUstream_st gDefaultStream;

bool validEvent(cudaEvent_t e) {
  std::lock_guard lock(gHandlesMutex);
  return e && gEvents.count(e);
}

double nowMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

Submission submitOn(CUstream_st* s, bool legacy, cudaGraphNodeType type, std::function<void()> op,
                    const KernelCall* kernel = nullptr) {
  if (auto captured = captureOperation(s, legacy, type, op, kernel)) return *captured;
  std::uint64_t seq = DeviceQueue::instance().submit(std::move(op));
  s->last.store(seq);
  return Submission{seq, cudaSuccess};
}

}  // namespace

namespace loom::runtime {

bool isDefaultStream(cudaStream_t s) {
  return s == nullptr || s == cudaStreamLegacy || s == cudaStreamPerThread;
}

namespace {
std::atomic<unsigned> gNextProfilerNumber{13};
}  // namespace

unsigned profilerStreamNumber(cudaStream_t s) {
  if (s == cudaStreamPerThread) {
    static const unsigned perThread = gNextProfilerNumber.fetch_add(1);
    return perThread;
  }
  if (isDefaultStream(s)) return 7;
  std::lock_guard lock(gHandlesMutex);
  return gStreams.count(s) ? s->profilerNumber : 7;
}

CUstream_st* resolveStream(cudaStream_t s) {
  if (isDefaultStream(s)) return &gDefaultStream;
  std::lock_guard lock(gHandlesMutex);
  return gStreams.count(s) ? s : nullptr;
}

Submission submitToStream(cudaStream_t stream, cudaGraphNodeType type, std::function<void()> op,
                          const KernelCall* kernel) {
  CUstream_st* s = resolveStream(stream);
  if (!s) s = &gDefaultStream;  // callers validate handles where CUDA does
  return submitOn(s, s == &gDefaultStream, type, std::move(op), kernel);
}

}  // namespace loom::runtime

extern "C" {

// Flags outside what each call documents are refused, as the device does
// (validate/results/h100-sm90/probes.launch_errors: flags_*).
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* pStream, unsigned int flags, int priority) {
  if (!pStream || (flags & ~unsigned{cudaStreamNonBlocking}) != 0) return recordError(cudaErrorInvalidValue);
  static std::atomic<std::uint64_t> nextId{1};  // 0: the default streams
  auto* s = new CUstream_st;
  s->flags = flags;
  s->priority = priority;
  s->id = nextId.fetch_add(1);
  s->profilerNumber = gNextProfilerNumber.fetch_add(1);
  std::lock_guard lock(gHandlesMutex);
  gStreams.insert(s);
  *pStream = s;
  return stickyOr(cudaSuccess);
}
cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int* flags) {
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (!flags) return recordError(cudaErrorInvalidValue);
  *flags = s->flags;
  return stickyOr(cudaSuccess);
}
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority) {
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (!priority) return recordError(cudaErrorInvalidValue);
  *priority = s->priority;
  return stickyOr(cudaSuccess);
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* pStream, unsigned int flags) {
  return cudaStreamCreateWithPriority(pStream, flags, 0);
}
cudaError_t cudaStreamCreate(cudaStream_t* pStream) { return cudaStreamCreateWithPriority(pStream, 0, 0); }

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  if (isDefaultStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
  {
    std::lock_guard lock(gHandlesMutex);
    if (!gStreams.erase(stream)) return recordError(cudaErrorInvalidResourceHandle);
  }
  leaveCapture(stream);
  // Work already queued in the stream still completes; the handle goes once it has.
  DeviceQueue::instance().waitFor(stream->last.load());
  delete stream;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (cudaError_t e = refuseStreamSynchronize(s); e != cudaSuccess) return recordError(e);
  // The legacy default stream synchronises with every blocking stream: wait for everything.
  DeviceQueue::instance().waitFor(isDefaultStream(stream) ? DeviceQueue::instance().lastSubmitted() : s->last.load());
  releasePoolsAtSynchronize();
  return stickyOr(cudaSuccess);
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (cudaError_t e = refuseStreamSynchronize(s); e != cudaSuccess) return recordError(e);
  std::uint64_t seq = isDefaultStream(stream) ? DeviceQueue::instance().lastSubmitted() : s->last.load();
  if (cudaError_t sticky = stickyError(); sticky != cudaSuccess) return recordError(sticky);
  return DeviceQueue::instance().completed(seq) ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  if ((flags & ~unsigned{cudaEventWaitExternal}) != 0) return recordError(cudaErrorInvalidValue);
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (!validEvent(event)) return recordError(cudaErrorInvalidResourceHandle);
  if (auto joined = captureEventWait(s, event)) return *joined == cudaSuccess ? stickyOr(cudaSuccess) : recordError(*joined);
  // The queue is in order, so later work already waits for the record; the stream itself is
  // not complete (cudaStreamQuery, cudaStreamSynchronize) until the record is.
  std::uint64_t recorded = event->recorded.load();
  std::uint64_t last = s->last.load();
  while (recorded > last && !s->last.compare_exchange_weak(last, recorded)) {
  }
  return stickyOr(cudaSuccess);
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* userData) {
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (!fn) return recordError(cudaErrorInvalidValue);
  Submission done = submitOn(s, isDefaultStream(stream), cudaGraphNodeTypeHost, [fn, userData] { fn(userData); });
  return done.error != cudaSuccess ? recordError(done.error) : stickyOr(cudaSuccess);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void* userData, unsigned int flags) {
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (!callback || flags != 0) return recordError(cudaErrorInvalidValue);
  Submission done = submitOn(s, isDefaultStream(stream), cudaGraphNodeTypeHost,
                             [callback, stream, userData] { callback(stream, stickyError(), userData); });
  return done.error != cudaSuccess ? recordError(done.error) : stickyOr(cudaSuccess);
}

cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
  if (least) *least = 0;
  if (greatest) *greatest = -5;  // sm_90's range, [-5, 0]
  return stickyOr(cudaSuccess);
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  constexpr unsigned kKnown = cudaEventBlockingSync | cudaEventDisableTiming | cudaEventInterprocess;
  if (!event || (flags & ~kKnown) != 0) return recordError(cudaErrorInvalidValue);
  // An interprocess event must also disable timing.
  if ((flags & cudaEventInterprocess) && !(flags & cudaEventDisableTiming)) return recordError(cudaErrorInvalidValue);
  auto* e = new CUevent_st;
  e->flags = flags;
  std::lock_guard lock(gHandlesMutex);
  gEvents.insert(e);
  *event = e;
  return stickyOr(cudaSuccess);
}
cudaError_t cudaEventCreate(cudaEvent_t* event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  {
    std::lock_guard lock(gHandlesMutex);
    if (!event || !gEvents.erase(event)) return recordError(cudaErrorInvalidResourceHandle);
  }
  DeviceQueue::instance().waitFor(event->recorded.load());
  delete event;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int flags) {
  if ((flags & ~unsigned{cudaEventRecordExternal}) != 0) return recordError(cudaErrorInvalidValue);
  return cudaEventRecord(event, stream);  // external records matter to graphs only
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  CUstream_st* s = resolveStream(stream);
  if (!s || !validEvent(event)) return recordError(cudaErrorInvalidResourceHandle);
  if (captureEventRecord(s, event)) return stickyOr(cudaSuccess);
  Submission done = submitOn(s, isDefaultStream(stream), cudaGraphNodeTypeEventRecord,
                             [event] { event->milliseconds.store(nowMs()); });
  if (done.error != cudaSuccess) return recordError(done.error);
  event->recorded.store(done.sequence);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  if (!validEvent(event)) return recordError(cudaErrorInvalidResourceHandle);
  DeviceQueue::instance().waitFor(event->recorded.load());
  releasePoolsAtSynchronize();
  return stickyOr(cudaSuccess);
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  if (!validEvent(event)) return recordError(cudaErrorInvalidResourceHandle);
  if (cudaError_t sticky = stickyError(); sticky != cudaSuccess) return recordError(sticky);
  return DeviceQueue::instance().completed(event->recorded.load()) ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (!ms) return recordError(cudaErrorInvalidValue);
  if (!validEvent(start) || !validEvent(end)) return recordError(cudaErrorInvalidResourceHandle);
  if ((start->flags | end->flags) & cudaEventDisableTiming) return recordError(cudaErrorInvalidResourceHandle);
  std::uint64_t a = start->recorded.load(), b = end->recorded.load();
  if (a == 0 || b == 0) return recordError(cudaErrorInvalidResourceHandle);
  if (!DeviceQueue::instance().completed(a) || !DeviceQueue::instance().completed(b))
    return recordError(cudaErrorNotReady);
  *ms = static_cast<float>(end->milliseconds.load() - start->milliseconds.load());
  return stickyOr(cudaSuccess);
}

}  // extern "C"
