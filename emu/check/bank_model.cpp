#include "check/bank_model.h"

#include <algorithm>
#include <array>
#include <vector>

namespace loom::check {

// First (textbook) rules, to be replaced by the rules the device sweep shows:
// 32 banks of 4 bytes; lanes are processed in phases (whole warp for <= 4 bytes, half-warps for
// 8 bytes, quarter-warps for 16 bytes); within a phase the cost is the largest number of distinct
// words any bank must deliver; atomics serialize lanes on the same word.
SharedCost sharedCost(const SharedRequest& request) {
  if (request.activeMask == 0) return {0, 0};
  const unsigned width = request.width == 0 ? 4 : request.width;
  const unsigned lanesPerPhase = width <= 4 ? 32 : (width == 8 ? 16 : 8);
  std::uint32_t wavefronts = 0;
  std::uint32_t ideal = 0;
  for (unsigned phaseStart = 0; phaseStart < 32; phaseStart += lanesPerPhase) {
    std::array<std::vector<std::uint32_t>, 32> words;
    std::array<std::uint32_t, 32> perBankMax{};
    bool any = false;
    for (unsigned lane = phaseStart; lane < phaseStart + lanesPerPhase; ++lane) {
      if (!(request.activeMask >> lane & 1u)) continue;
      any = true;
      const std::uint32_t first = request.offset[lane] / 4;
      const std::uint32_t last = (request.offset[lane] + width - 1) / 4;
      for (std::uint32_t w = first; w <= last; ++w) {
        auto& bank = words[w % 32];
        if (request.op == SharedOp::Atomic) {
          bank.push_back(w);
        } else if (std::find(bank.begin(), bank.end(), w) == bank.end()) {
          bank.push_back(w);
        }
      }
    }
    if (!any) continue;
    std::uint32_t cost = 0;
    for (unsigned b = 0; b < 32; ++b) cost = std::max<std::uint32_t>(cost, words[b].size());
    (void)perBankMax;
    wavefronts += cost;
    ideal += 1;
  }
  return {wavefronts, wavefronts - ideal};
}

}  // namespace loom::check
