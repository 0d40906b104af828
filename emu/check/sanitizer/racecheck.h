// racecheck for shared memory: hazards between threads of a block that no barrier orders
// (across warps: an error) or, within a warp, that no __syncwarp or warp collective orders
// (a warning, as on sm_70+). Each shared access of instrumented kernel code reaches access()
// while LOOM_SANITIZER=racecheck; a 4-byte-word shadow keeps, per word, the last write and the
// reads since, tagged with the block's barrier epoch and the warp's sync epoch. Atomics are not
// plain accesses and never race with each other. Hazards are reported once per pair of source
// sites and kind, as compute-sanitizer's analysis report does.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "vector_types.h"

namespace loom::check::sanitizer {

struct SharedAccess {
  const void* site = nullptr;
  unsigned thread = 0;          // linear index in the block
  std::uint32_t barrier = 0;    // block barriers completed before the access
  std::uint32_t warpSync = 0;   // syncs of the thread's warp completed before the access
  bool write = false;
};

class SharedRaceDetector {
public:
  // One block at a time per worker: forget the previous block's shadow.
  void beginBlock();
  void access(std::uintptr_t word, const SharedAccess& a);
  // Records the new hazard pairs of this block as findings.
  void endBlock(const std::string& kernel, uint3 block);

private:
  struct Cell {
    SharedAccess write;
    bool written = false;
    std::vector<SharedAccess> reads;  // this barrier epoch's, one per thread, a few at most
  };
  struct Hazard {
    const void* first;
    const void* second;
    bool firstWrite, secondWrite, warning;
    bool operator==(const Hazard&) const = default;
  };
  void check(const SharedAccess& earlier, const SharedAccess& now);
  // hazards_ with the two orders of one pair of accesses merged (endBlock).
  std::vector<std::pair<Hazard, std::uint64_t>> mergedOrders() const;
  std::unordered_map<std::uintptr_t, Cell> shadow_;
  std::vector<std::pair<Hazard, std::uint64_t>> hazards_;
};

// Is this access in the running block's shared memory (static or dynamic)? Static __shared__
// variables are thread_locals (loom-cc); their 1- and 8-byte accesses are not recognised yet.
bool isSharedAddress(std::uintptr_t address, unsigned size, std::uintptr_t dynamicBegin, std::uintptr_t dynamicEnd);

}  // namespace loom::check::sanitizer
