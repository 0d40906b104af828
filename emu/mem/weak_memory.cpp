#include "mem/weak_memory.h"

#include <algorithm>
#include <cstring>

#include "mem/address_space.h"
#include "mem/device_heap.h"

namespace loom::mem {

WeakMemory& WeakMemory::instance() {
  static WeakMemory weak;
  return weak;
}

bool WeakMemory::global(std::uintptr_t address) {
  return DeviceHeap::instance().inRange(reinterpret_cast<const void*>(address)) || inExecutableData(address);
}

void WeakMemory::store(std::uintptr_t address, unsigned size) {
  if (!active_.load(std::memory_order_relaxed) || size == 0 || size > 16 || !global(address)) return;
  for (const Entry& e : journal_)
    if (e.address == address && e.size == size) return;  // its oldest bytes are kept already
  Entry e{address, size, {}};
  std::memcpy(e.bytes.data(), reinterpret_cast<const void*>(address), size);
  journal_.push_back(e);
}

void WeakMemory::beginLaunch(std::uint64_t seed, std::uint64_t blocks) {
  random_.seed(seed ^ 0x5851f42d4c957f2dull);
  block_ = 0;
  blocks_ = blocks;
  journal_.clear();
  pending_.clear();
  active_ = true;
}

void WeakMemory::beforeBlock() {
  // In the order they were held back, so the last store to a word stays the last.
  auto due = [this](const Held& h) { return h.dueBlock <= block_; };
  for (const Held& h : pending_)
    if (due(h)) std::memcpy(reinterpret_cast<void*>(h.entry.address), h.entry.bytes.data(), h.entry.size);
  pending_.erase(std::remove_if(pending_.begin(), pending_.end(), due), pending_.end());
  journal_.clear();
}

void WeakMemory::endBlock() {
  ++block_;
  if (journal_.empty()) return;
  // One delay for the block's stores, from 1 block to past the kernel's end.
  std::uint64_t remaining = blocks_ > block_ ? blocks_ - block_ : 0;
  std::uint64_t due = block_ + 1 + random_() % (remaining + 1);
  // Take the stores back newest first, so that a word stored twice gets its oldest bytes again;
  // what is held back is the block's final value of each.
  std::vector<Entry> now(journal_);
  for (Entry& e : now) std::memcpy(e.bytes.data(), reinterpret_cast<const void*>(e.address), e.size);
  for (auto it = journal_.rbegin(); it != journal_.rend(); ++it)
    std::memcpy(reinterpret_cast<void*>(it->address), it->bytes.data(), it->size);
  for (const Entry& e : now) pending_.push_back({due, e});
  journal_.clear();
}

void WeakMemory::endLaunch() {
  for (const Held& h : pending_) std::memcpy(reinterpret_cast<void*>(h.entry.address), h.entry.bytes.data(), h.entry.size);
  pending_.clear();
  journal_.clear();
  active_ = false;
}

}  // namespace loom::mem
