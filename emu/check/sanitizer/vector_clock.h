// A sparse vector clock over the blocks of one launch (racecheck's global-memory detector):
// block -> epoch, absent meaning 0. A block's own entry is its current epoch; the others say up
// to which epoch of each other block its accesses are ordered before this point. Kept sorted by
// block, so a join is one merge and a lookup a binary search; most clocks hold a few entries,
// a last-block reduction's as many as the grid has blocks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace loom::check::sanitizer {

class VectorClock {
public:
  std::uint32_t get(std::uint32_t block) const {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), block,
                               [](const Entry& e, std::uint32_t b) { return e.first < b; });
    return it != entries_.end() && it->first == block ? it->second : 0;
  }
  void set(std::uint32_t block, std::uint32_t epoch) {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), block,
                               [](const Entry& e, std::uint32_t b) { return e.first < b; });
    if (it != entries_.end() && it->first == block) it->second = epoch;
    else entries_.insert(it, {block, epoch});
  }
  // Pointwise maximum.
  void join(const VectorClock& other) {
    if (other.entries_.empty()) return;
    std::vector<Entry> merged;
    merged.reserve(entries_.size() + other.entries_.size());
    auto a = entries_.cbegin();
    auto b = other.entries_.cbegin();
    while (a != entries_.cend() || b != other.entries_.end()) {
      if (b == other.entries_.end() || (a != entries_.cend() && a->first < b->first)) merged.push_back(*a++);
      else if (a == entries_.cend() || b->first < a->first) merged.push_back(*b++);
      else merged.push_back({a->first, std::max((a++)->second, (b++)->second)});
    }
    entries_.swap(merged);
  }
  void clear() { entries_.clear(); }
  std::size_t size() const { return entries_.size(); }

private:
  using Entry = std::pair<std::uint32_t, std::uint32_t>;
  std::vector<Entry> entries_;
};

}  // namespace loom::check::sanitizer
