#include "mem/device_heap.h"

#include <iterator>

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace loom::mem {

namespace {
constexpr std::size_t kCapacity = 85017493504;  // the recorded H100 80GB HBM3's totalGlobalMem
std::size_t pageSize() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }

// A GPU's cudaMalloc hands out memory that is already there; a kernel never waits for the first
// touch of a page. So allocations are populated here (MADV_POPULATE_WRITE, Linux 5.14+), not at
// the first access inside a kernel, where the page faults showed up as a third of a vector
// add's time. Only while the heap's committed memory stays under a quarter of the machine's, so
// a program that reserves more device memory than the host has still gets lazily backed pages.
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
std::size_t populateLimit() {
  static const std::size_t limit =
      static_cast<std::size_t>(sysconf(_SC_PHYS_PAGES)) * pageSize() / 4;
  return limit;
}
}  // namespace

DeviceHeap& DeviceHeap::instance() {
  static DeviceHeap heap;
  return heap;
}

DeviceHeap::DeviceHeap() {
  capacity_ = kCapacity / pageSize() * pageSize();
  // PROT_NONE + MAP_NORESERVE reserves addresses only; pages are committed when allocated. The
  // reservation has kGuard bytes more on each side that are never committed: a wild pointer
  // off a device buffer by less than that faults, instead of landing in a fiber stack or
  // another mapping that the kernel would silently read or overwrite.
  constexpr std::size_t kGuard = std::size_t{4} << 30;
  void* mem = mmap(nullptr, capacity_ + 2 * kGuard, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mem == MAP_FAILED) {
    std::perror("loom: cannot reserve the device address range");
    std::abort();
  }
  base_ = reinterpret_cast<std::uintptr_t>(mem) + kGuard;
  // Except the page just below the heap: the device does not fault on an index of -1 into its
  // first allocation (sanitizer.mem_oob_before.bug, recorded), which lands on mapped memory there
  // as it does below any other allocation here.
  mprotect(reinterpret_cast<void*>(base_ - pageSize()), pageSize(), PROT_READ | PROT_WRITE);
  bump_ = base_;
}

std::size_t DeviceHeap::used() const {
  std::lock_guard lock(mutex_);
  return used_;
}

std::uintptr_t DeviceHeap::carve(std::size_t mapped) {
  if (bump_ + mapped <= base_ + capacity_) {
    std::uintptr_t at = bump_;
    bump_ += mapped;
    return at;
  }
  return takeFirstFit(freeRanges_, mapped);
}

void* DeviceHeap::allocate(std::size_t bytes, AllocationKind kind, unsigned flags) {
  std::size_t page = pageSize();
  if (bytes > capacity_) return nullptr;
  std::size_t mapped = (bytes == 0 ? page : (bytes + page - 1) / page * page);
  std::lock_guard lock(mutex_);
  if (used_ + mapped > capacity_) return nullptr;
  std::uintptr_t at = carve(mapped);
  if (!at) return nullptr;
  if (mprotect(reinterpret_cast<void*>(at), mapped, PROT_READ | PROT_WRITE) != 0) return nullptr;
  // Best effort: an older kernel answers EINVAL and the pages come at first touch instead.
  if (used_ + mapped <= populateLimit()) madvise(reinterpret_cast<void*>(at), mapped, MADV_POPULATE_WRITE);
  live_.emplace(at, Allocation{at, bytes, mapped, kind, flags});
  used_ += mapped;
  return reinterpret_cast<void*>(at);
}

bool DeviceHeap::release(void* p, bool (*kindAllowed)(AllocationKind)) {
  std::lock_guard lock(mutex_);
  auto it = live_.find(reinterpret_cast<std::uintptr_t>(p));
  if (it == live_.end() || !kindAllowed(it->second.kind)) return false;
  Allocation a = it->second;
  live_.erase(it);
  used_ -= a.mapped;
  madvise(reinterpret_cast<void*>(a.base), a.mapped, MADV_DONTNEED);
  mprotect(reinterpret_cast<void*>(a.base), a.mapped, PROT_NONE);
  freeRanges_.emplace(a.base, a.mapped);
  return true;
}

std::optional<Allocation> DeviceHeap::find(const void* p) const {
  auto addr = reinterpret_cast<std::uintptr_t>(p);
  std::lock_guard lock(mutex_);
  auto it = live_.upper_bound(addr);
  if (it == live_.begin()) return std::nullopt;
  --it;
  const Allocation& a = it->second;
  // One past the end still belongs to the allocation for range checks of size-0 copies.
  if (addr >= a.base && addr < a.base + (a.size ? a.size : 1)) return a;
  return std::nullopt;
}

std::optional<Allocation> DeviceHeap::nearest(std::uintptr_t addr) const {
  std::lock_guard lock(mutex_);
  auto after = live_.upper_bound(addr);
  std::optional<Allocation> best;
  std::uintptr_t bestDistance = ~std::uintptr_t{0};
  if (after != live_.end()) {
    best = after->second;
    bestDistance = after->second.base - addr;
  }
  if (after != live_.begin()) {
    const Allocation& a = std::prev(after)->second;
    std::uintptr_t end = a.base + a.size;
    std::uintptr_t d = addr < end ? 0 : addr - end;
    if (d <= bestDistance) best = a;
  }
  return best;
}

std::vector<Allocation> DeviceHeap::liveAllocations() const {
  std::lock_guard lock(mutex_);
  std::vector<Allocation> all;
  for (const auto& [base, a] : live_) all.push_back(a);
  return all;
}

void DeviceHeap::releaseAll() {
  std::lock_guard lock(mutex_);
  for (auto& [base, a] : live_) {
    madvise(reinterpret_cast<void*>(a.base), a.mapped, MADV_DONTNEED);
    mprotect(reinterpret_cast<void*>(a.base), a.mapped, PROT_NONE);
    freeRanges_.emplace(a.base, a.mapped);
  }
  live_.clear();
  used_ = 0;
}

}  // namespace loom::mem
