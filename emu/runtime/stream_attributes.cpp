// Stream attributes and a stream's identity (cudaStreamSetAttribute/GetAttribute/CopyAttributes,
// cudaStreamGetId, cudaStreamGetDevice). The values are kept and read back as the H100 does
// (tests/cuda/stream_attributes.cu, recorded); an L2 access policy has nothing to act on here.
#include "cuda_runtime_api.h"
#include "loom/runtime/device_properties.h"
#include "runtime/error_state.h"
#include "runtime/stream.h"

using namespace loom::runtime;

cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaStreamAttrID attr, const cudaStreamAttrValue* value) {
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (!value) return recordError(cudaErrorInvalidValue);
  switch (attr) {
    case cudaStreamAttributeAccessPolicyWindow: {
      const cudaAccessPolicyWindow& w = value->accessPolicyWindow;
      if (w.num_bytes > std::size_t(deviceProperties().accessPolicyMaxWindowSize) || !(w.hitRatio >= 0.0f) ||
          w.hitRatio > 1.0f)
        return recordError(cudaErrorInvalidValue);
      s->window = w;
      break;
    }
    case cudaStreamAttributeSynchronizationPolicy: s->syncPolicy = value->syncPolicy; break;
    case cudaStreamAttributePriority: s->priority = value->priority; break;
    case cudaStreamAttributeMemSyncDomainMap: s->memSyncDomainMap = value->memSyncDomainMap; break;
    case cudaStreamAttributeMemSyncDomain: s->memSyncDomain = value->memSyncDomain; break;
    default: return recordError(cudaErrorInvalidValue);  // a launch attribute, not a stream's
  }
  return stickyOr(cudaSuccess);
}

cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaStreamAttrID attr, cudaStreamAttrValue* value) {
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (!value) return recordError(cudaErrorInvalidValue);
  switch (attr) {
    case cudaStreamAttributeAccessPolicyWindow: value->accessPolicyWindow = s->window; break;
    case cudaStreamAttributeSynchronizationPolicy: value->syncPolicy = static_cast<cudaSynchronizationPolicy>(s->syncPolicy); break;
    case cudaStreamAttributePriority: value->priority = s->priority; break;
    case cudaStreamAttributeMemSyncDomainMap: value->memSyncDomainMap = s->memSyncDomainMap; break;
    case cudaStreamAttributeMemSyncDomain: value->memSyncDomain = s->memSyncDomain; break;
    default: return recordError(cudaErrorInvalidValue);
  }
  return stickyOr(cudaSuccess);
}

// Every stream attribute, the priority included (the H100 copied it).
cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src) {
  CUstream_st* to = resolveStream(dst);
  CUstream_st* from = resolveStream(src);
  if (!to || !from) return recordError(cudaErrorInvalidResourceHandle);
  to->window = from->window;
  to->syncPolicy = from->syncPolicy;
  to->priority = from->priority;
  to->memSyncDomainMap = from->memSyncDomainMap;
  to->memSyncDomain = from->memSyncDomain;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaStreamGetId(cudaStream_t stream, unsigned long long* streamId) {
  CUstream_st* s = resolveStream(stream);
  if (!s) return recordError(cudaErrorInvalidResourceHandle);
  if (!streamId) return recordError(cudaErrorInvalidValue);
  *streamId = s->id;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaStreamGetDevice(cudaStream_t stream, int* device) {
  if (!resolveStream(stream)) return recordError(cudaErrorInvalidResourceHandle);
  if (!device) return recordError(cudaErrorInvalidValue);
  *device = 0;
  return stickyOr(cudaSuccess);
}
