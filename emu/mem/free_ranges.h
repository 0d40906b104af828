// Free address ranges kept as base -> length, as the device heap (recycled page ranges) and the
// device malloc heap (its free blocks) keep them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>

namespace loom::mem {

using FreeRanges = std::map<std::uintptr_t, std::size_t>;

// First fit: takes `bytes` from the lowest range long enough, leaving the rest of it free.
// Returns its base, or 0 when no range is long enough.
inline std::uintptr_t takeFirstFit(FreeRanges& free, std::size_t bytes) {
  for (auto it = free.begin(); it != free.end(); ++it) {
    if (it->second < bytes) continue;
    std::uintptr_t at = it->first;
    std::size_t rest = it->second - bytes;
    free.erase(it);
    if (rest) free.emplace(at + bytes, rest);
    return at;
  }
  return 0;
}

}  // namespace loom::mem
