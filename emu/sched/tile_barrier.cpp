#include "sched/tile_barrier.h"

#include <bit>

namespace loom::sched {

const std::uint32_t* TileBarriers::arrive(unsigned size, unsigned index, unsigned members, std::uint32_t* awaited) {
  const unsigned sizeIndex = static_cast<unsigned>(std::countr_zero(size)) - 6;  // 64 -> 0
  Slot& slot = slots_[sizeIndex * kTilesPerSize + index];
  *awaited = slot.generation;
  if (++slot.arrived < members) return &slot.generation;
  slot.arrived = 0;
  ++slot.generation;
  return nullptr;
}

}  // namespace loom::sched
