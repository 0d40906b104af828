#include "check/coalescing_model.h"

// The rule, as measured on an H100 (sm_90; records validate/results/h100-sm90/banks.global_*):
// every warp-level global load or store with an active lane is one request
// (l1tex__t_requests_...), whatever its width (1 to 16 bytes) or spread; its sectors
// (l1tex__t_sectors_...) are the distinct 32-byte-aligned sectors that the active lanes' bytes
// touch. Reproduces all 173 recorded patterns and the seed's add family.
namespace loom::check {

GlobalCost globalCost(const GlobalRequest& request) {
  if (request.activeMask == 0) return {0, 0};
  const unsigned width = request.width == 0 ? 4 : request.width;
  // Distinct sectors, searched newest first: neighbouring lanes usually share a sector, so a
  // coalesced warp costs a few comparisons per lane (called for every warp-level global access).
  std::uint64_t sectors[64];  // an aligned access of <= 16 bytes spans one sector, a misaligned one two
  unsigned n = 0;
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!((request.activeMask >> lane) & 1u)) continue;
    const std::uint64_t first = request.address[lane] / 32;
    const std::uint64_t last = (request.address[lane] + width - 1) / 32;
    for (std::uint64_t s = first; s <= last && n < 64; ++s) {
      bool seen = false;
      for (unsigned k = n; k-- > 0 && !seen;) seen = sectors[k] == s;
      if (!seen) sectors[n++] = s;
    }
  }
  return {1, n};
}

}  // namespace loom::check
