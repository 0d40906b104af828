// LOOM_SCHEDULE=random:<seed>'s warp order (BlockRunner::shuffleWarpsOfNextBlock): the part of
// the barrier's C++ completion that reorders the warps it resumes.
#include <algorithm>
#include <array>
#include <utility>

#include "sched/block_runner.h"
#include "sched/seed_mix.h"

namespace loom::sched {

// The warps waiting at a barrier in a random order, each warp's lanes in their arrival order (the
// fast mode runs a warp's lanes one after another; what varies is which warp runs first), so
// that code relying on warp order without synchronizing computes differently under each seed.
void BlockRunner::shuffleWaitersByWarp() {
  std::array<unsigned, kMaxThreads / 32> warps{};
  unsigned count = 0;
  std::uint32_t seen = 0;
  for (unsigned i = 0; i < arrived_; ++i) {
    unsigned w = barrierWaiters_[i] / 32;
    if (!(seen & (1u << w))) {
      seen |= 1u << w;
      warps[count++] = w;
    }
  }
  for (unsigned i = count; i > 1; --i) std::swap(warps[i - 1], warps[nextRandom(warpSeed_) % i]);  // Fisher-Yates
  std::array<LaneIndex, kMaxThreads> ordered;
  unsigned n = 0;
  for (unsigned k = 0; k < count; ++k)
    for (unsigned i = 0; i < arrived_; ++i)
      if (barrierWaiters_[i] / 32 == warps[k]) ordered[n++] = barrierWaiters_[i];
  std::copy(ordered.begin(), ordered.begin() + n, barrierWaiters_.begin());
}

}  // namespace loom::sched
