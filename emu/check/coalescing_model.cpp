#include "check/coalescing_model.h"

#include <algorithm>
#include <vector>

namespace loom::check {

// First (textbook) rules, to be replaced by the rules the device sweep shows: one request per
// instruction with an active lane; sectors are the distinct 32-byte sectors the active lanes touch.
GlobalCost globalCost(const GlobalRequest& request) {
  if (request.activeMask == 0) return {0, 0};
  std::vector<std::uint64_t> sectors;
  const unsigned width = request.width == 0 ? 4 : request.width;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!(request.activeMask >> lane & 1u)) continue;
    for (std::uint64_t s = request.address[lane] / 32; s <= (request.address[lane] + width - 1) / 32; ++s)
      sectors.push_back(s);
  }
  std::sort(sectors.begin(), sectors.end());
  sectors.erase(std::unique(sectors.begin(), sectors.end()), sectors.end());
  return {1, static_cast<std::uint32_t>(sectors.size())};
}

}  // namespace loom::check
