#include "mem/malloc_arena.h"

#include <iterator>

namespace loom::mem {

namespace {
std::size_t rounded(std::size_t bytes) {
  if (bytes == 0) bytes = 1;  // malloc(0): a unique pointer, which C allows
  return (bytes + MallocArena::kAlignment - 1) / MallocArena::kAlignment * MallocArena::kAlignment;
}
}  // namespace

MallocArena::MallocArena(std::uintptr_t base, std::size_t size)
    : base_(base), size_(size / kAlignment * kAlignment) {
  if (size_) free_.emplace(base_, size_);
}

void* MallocArena::allocate(std::size_t bytes) {
  if (bytes > size_) return nullptr;
  std::size_t need = rounded(bytes);
  std::lock_guard lock(mutex_);
  std::uintptr_t at = takeFirstFit(free_, need);
  if (!at) return nullptr;
  live_.emplace(at, bytes);
  return reinterpret_cast<void*>(at);
}

bool MallocArena::release(void* p) {
  auto at = reinterpret_cast<std::uintptr_t>(p);
  std::lock_guard lock(mutex_);
  auto it = live_.find(at);
  if (it == live_.end()) return false;
  std::size_t length = rounded(it->second);
  live_.erase(it);
  // Coalesce with the free neighbours on both sides.
  auto next = free_.lower_bound(at);
  if (next != free_.end() && at + length == next->first) {
    length += next->second;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == at) {
      prev->second += length;
      return true;
    }
  }
  free_.emplace(at, length);
  return true;
}

std::vector<MallocArena::Block> MallocArena::liveBlocks() const {
  std::lock_guard lock(mutex_);
  std::vector<Block> all;
  all.reserve(live_.size());
  for (const auto& [base, size] : live_) all.push_back({base, size});
  return all;
}

std::size_t MallocArena::liveBytes() const {
  std::lock_guard lock(mutex_);
  std::size_t sum = 0;
  for (const auto& [base, size] : live_) sum += size;
  return sum;
}

}  // namespace loom::mem
