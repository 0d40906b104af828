#include "runtime/memory_pools.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "runtime/error_state.h"

// The opaque handle's type: a pool's accounts.
struct CUmemPoolHandle_st {
  std::uint64_t releaseThreshold = 0;
  int reuseFollowEventDependencies = 1;
  int reuseAllowOpportunistic = 1;
  int reuseAllowInternalDependencies = 1;
  std::uint64_t used = 0, usedHigh = 0;
  std::uint64_t reserved = 0, reservedHigh = 0;
};

namespace loom::runtime {
namespace {

constexpr std::uint64_t kChunk = 32ull << 20;  // the H100's reservation granule

std::uint64_t chunks(std::uint64_t bytes) { return (bytes + kChunk - 1) / kChunk * kChunk; }

struct Pools {
  std::mutex mutex;
  std::unique_ptr<CUmemPoolHandle_st> defaultPool = std::make_unique<CUmemPoolHandle_st>();
  std::vector<std::unique_ptr<CUmemPoolHandle_st>> created;
  cudaMemPool_t current = defaultPool.get();
  struct Allocation {
    cudaMemPool_t pool;
    std::uint64_t size;
  };
  std::map<const void*, Allocation> live;

  bool valid(cudaMemPool_t p) {
    return p == defaultPool.get() || std::any_of(created.begin(), created.end(), [p](auto& c) { return c.get() == p; });
  }
};

Pools& pools() {
  static Pools* p = new Pools;  // outlives static destructors that free memory
  return *p;
}

// Gives back free chunks while the pool keeps at least `keep` bytes and its used ones.
void release(CUmemPoolHandle_st& pool, std::uint64_t keep) {
  while (pool.reserved >= kChunk && pool.reserved - kChunk >= std::max(keep, chunks(pool.used)))
    pool.reserved -= kChunk;
}

cudaError_t readOnly() { return recordError(cudaErrorInvalidValue); }

}  // namespace

void poolAllocated(cudaMemPool_t pool, const void* p, std::size_t size) {
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  if (!pool) pool = ps.current;
  pool->used += size;
  pool->usedHigh = std::max(pool->usedHigh, pool->used);
  pool->reserved = std::max(pool->reserved, chunks(pool->used));
  pool->reservedHigh = std::max(pool->reservedHigh, pool->reserved);
  ps.live[p] = {pool, size};
}

void poolFreed(const void* p) {
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  auto it = ps.live.find(p);
  if (it == ps.live.end()) return;
  it->second.pool->used -= it->second.size;
  ps.live.erase(it);
}

cudaMemPool_t currentPool() {
  std::lock_guard lock(pools().mutex);
  return pools().current;
}

bool validPool(cudaMemPool_t pool) {
  std::lock_guard lock(pools().mutex);
  return pools().valid(pool);
}

void releasePoolsAtSynchronize() {
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  release(*ps.defaultPool, ps.defaultPool->releaseThreshold);
  for (auto& pool : ps.created) release(*pool, pool->releaseThreshold);
}

void resetPools() {
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  *ps.defaultPool = CUmemPoolHandle_st{};
  ps.created.clear();
  ps.current = ps.defaultPool.get();
  ps.live.clear();
}

}  // namespace loom::runtime

using namespace loom::runtime;

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* memPool, int device) {
  if (device != 0) return recordError(cudaErrorInvalidDevice);
  if (!memPool) return recordError(cudaErrorInvalidValue);
  std::lock_guard lock(pools().mutex);
  *memPool = pools().defaultPool.get();
  return stickyOr(cudaSuccess);
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* memPool, int device) {
  if (device != 0) return recordError(cudaErrorInvalidDevice);
  if (!memPool) return recordError(cudaErrorInvalidValue);
  *memPool = currentPool();
  return stickyOr(cudaSuccess);
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool) {
  if (device != 0) return recordError(cudaErrorInvalidDevice);
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  if (!ps.valid(memPool)) return recordError(cudaErrorInvalidValue);
  ps.current = memPool;
  return stickyOr(cudaSuccess);
}

cudaError_t cudaMemPoolCreate(cudaMemPool_t* memPool, const cudaMemPoolProps* props) {
  if (!memPool || !props || props->allocType != cudaMemAllocationTypePinned) return recordError(cudaErrorInvalidValue);
  const cudaMemLocation& at = props->location;
  bool device = at.type == cudaMemLocationTypeDevice && at.id == 0;
  bool host = at.type == cudaMemLocationTypeHost || at.type == cudaMemLocationTypeHostNuma;
  if (!device && !host) return recordError(cudaErrorInvalidValue);
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  *memPool = ps.created.emplace_back(std::make_unique<CUmemPoolHandle_st>()).get();
  return stickyOr(cudaSuccess);
}

// A pool with live allocations is released with its last one (the Runtime API's rule): Loom
// keeps nothing per pool but accounts, so it goes at once and its allocations stop counting.
cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool) {
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  auto it = std::find_if(ps.created.begin(), ps.created.end(), [memPool](auto& c) { return c.get() == memPool; });
  if (it == ps.created.end()) return recordError(cudaErrorInvalidValue);  // the default pool included
  std::erase_if(ps.live, [memPool](const auto& a) { return a.second.pool == memPool; });
  if (ps.current == memPool) ps.current = ps.defaultPool.get();
  ps.created.erase(it);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, cudaMemPoolAttr attr, void* value) {
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  if (!ps.valid(memPool) || !value) return recordError(cudaErrorInvalidValue);
  auto u64 = [value] { return *static_cast<std::uint64_t*>(value); };  // the amounts' type; the flags are int
  switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies: memPool->reuseFollowEventDependencies = *static_cast<int*>(value); break;
    case cudaMemPoolReuseAllowOpportunistic: memPool->reuseAllowOpportunistic = *static_cast<int*>(value); break;
    case cudaMemPoolReuseAllowInternalDependencies: memPool->reuseAllowInternalDependencies = *static_cast<int*>(value); break;
    case cudaMemPoolAttrReleaseThreshold: memPool->releaseThreshold = u64(); break;
    case cudaMemPoolAttrReservedMemHigh:
      if (u64() != 0) return readOnly();
      memPool->reservedHigh = memPool->reserved;
      break;
    case cudaMemPoolAttrUsedMemHigh:
      if (u64() != 0) return readOnly();
      memPool->usedHigh = memPool->used;
      break;
    default: return readOnly();  // the current amounts
  }
  return stickyOr(cudaSuccess);
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, cudaMemPoolAttr attr, void* value) {
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  if (!ps.valid(memPool) || !value) return recordError(cudaErrorInvalidValue);
  auto u64 = static_cast<std::uint64_t*>(value);
  switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies: *static_cast<int*>(value) = memPool->reuseFollowEventDependencies; break;
    case cudaMemPoolReuseAllowOpportunistic: *static_cast<int*>(value) = memPool->reuseAllowOpportunistic; break;
    case cudaMemPoolReuseAllowInternalDependencies: *static_cast<int*>(value) = memPool->reuseAllowInternalDependencies; break;
    case cudaMemPoolAttrReleaseThreshold: *u64 = memPool->releaseThreshold; break;
    case cudaMemPoolAttrReservedMemCurrent: *u64 = memPool->reserved; break;
    case cudaMemPoolAttrReservedMemHigh: *u64 = memPool->reservedHigh; break;
    case cudaMemPoolAttrUsedMemCurrent: *u64 = memPool->used; break;
    case cudaMemPoolAttrUsedMemHigh: *u64 = memPool->usedHigh; break;
    default: return recordError(cudaErrorInvalidValue);
  }
  return stickyOr(cudaSuccess);
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep) {
  Pools& ps = pools();
  std::lock_guard lock(ps.mutex);
  if (!ps.valid(memPool)) return recordError(cudaErrorInvalidValue);
  release(*memPool, minBytesToKeep);
  return stickyOr(cudaSuccess);
}

// One device: its pools are always readable and writable by it.
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const cudaMemAccessDesc* descList, size_t count) {
  if (!validPool(memPool) || (count > 0 && !descList)) return recordError(cudaErrorInvalidValue);
  for (size_t i = 0; i < count; ++i)
    if (descList[i].location.type != cudaMemLocationTypeDevice) return recordError(cudaErrorInvalidValue);
    else if (descList[i].location.id != 0) return recordError(cudaErrorInvalidDevice);
  return stickyOr(cudaSuccess);
}

cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags* flags, cudaMemPool_t memPool, cudaMemLocation* location) {
  if (!flags || !location || !validPool(memPool)) return recordError(cudaErrorInvalidValue);
  if (location->type != cudaMemLocationTypeDevice) return recordError(cudaErrorInvalidValue);
  if (location->id != 0) return recordError(cudaErrorInvalidDevice);
  *flags = cudaMemAccessFlagsProtReadWrite;
  return stickyOr(cudaSuccess);
}
