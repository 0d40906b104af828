#include "check/coalescing_model.h"

#include <algorithm>
#include <array>

// The rule, as measured on an H100 (sm_90; records validate/results/h100-sm90/banks.global_*):
// every warp-level global load or store with an active lane is one request
// (l1tex__t_requests_...), whatever its width (1 to 16 bytes) or spread; its sectors
// (l1tex__t_sectors_...) are the distinct 32-byte-aligned sectors that the active lanes' bytes
// touch. Reproduces all 173 recorded patterns and the seed's add family.
namespace loom::check {

GlobalCost globalCost(const GlobalRequest& request) {
  if (request.activeMask == 0) return {0, 0};
  const unsigned width = request.width == 0 ? 4 : request.width;
  std::array<std::uint64_t, 64> sectors;  // an aligned access of <= 16 bytes spans one sector,
  unsigned n = 0;                         // a misaligned one at most two
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!((request.activeMask >> lane) & 1u)) continue;
    const std::uint64_t first = request.address[lane] / 32;
    const std::uint64_t last = (request.address[lane] + width - 1) / 32;
    for (std::uint64_t s = first; s <= last && n < sectors.size(); ++s) sectors[n++] = s;
  }
  std::sort(sectors.begin(), sectors.begin() + n);
  const auto end = std::unique(sectors.begin(), sectors.begin() + n);
  return {1, static_cast<std::uint32_t>(end - sectors.begin())};
}

}  // namespace loom::check
