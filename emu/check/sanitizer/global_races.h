// racecheck for global memory across the blocks of a launch (compute-sanitizer's racecheck sees
// shared memory only). A happens-before detector at block granularity:
//   * each block has a vector clock (BlockClock); its accesses are stamped (block, epoch);
//   * a __threadfence followed by an atomic of the same block is a release of what the block did
//     before the fence: the block's clock, up to the fence, joins the atomic location's clock (an
//     atomic whose own memory order is release or stronger releases what came before it); the
//     fence starts a new epoch, so what the block does after it is not covered;
//   * every atomic acquires its location's clock (lenient: CUDA code rarely fences after the
//     atomic that observes a release, and the PTX model's observation order covers the atomic's
//     own location anyway);
//   * volatile accesses are the PTX model's strong relaxed ones, so fence-fence synchronization
//     through a volatile flag orders as the model says: a volatile store after a __threadfence
//     of its block releases like an atomic (and is a strong write, which strong reads of other
//     blocks do not race with); a volatile load notes its location, and the block's next
//     __threadfence acquires the location's clock, so a consumer that spins on the flag and reads
//     the data without fencing between still races. (Taken at the fence, not at the load: the
//     hook runs before the load, whose value a release between the two may already be.) A volatile store with no fence before it is a
//     plain write: the data of a message whose fence is missing races with its reader, which is
//     the bug to find, although both are strong. A volatile load conflicts with plain writes
//     only and, like an atomic load, leaves no trace;
//   * atomics never race with atomics, and a word's shadow sees its atomics in their modification
//     order (each holds the word's shadow locked across its operation): an atomic covers the
//     earlier atomics of the word for the block's later accesses of it (coherence), whichever
//     worker ran them;
//   * a plain access races with an earlier conflicting access
//     (at least one a write, one of them may be atomic) of another block unless that one is
//     ordered before it: its epoch is at most what the accessing block's clock holds for its block;
//   * within a block, program and barrier order are assumed (intra-block global races are out of
//     scope); kernel boundaries order everything (beginLaunch forgets the previous launch).
// The verdict does not depend on the order Loom ran the blocks in: two accesses no release/acquire
// chain orders are reported whichever ran first, in parallel or serially.
//
// The shadow is direct-mapped: 40 bytes per 4-byte word of each watched range (the device heap's
// reserved range and the executable's writable data, where __device__ variables live), reserved
// without backing and populated only where kernels touch memory. Per word it keeps the last write
// and two reads of other blocks (a word read by many blocks keeps the first and the latest).
// Hazards are counted per pair of source sites and access kinds and reported once per process.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "check/sanitizer/findings.h"
#include "check/sanitizer/vector_clock.h"
#include "vector_types.h"

namespace loom::check::sanitizer {

// One block's happens-before state while it runs.
struct BlockClock {
  std::uint32_t block = 0;   // linear index in the grid
  std::uint32_t epoch = 1;   // the block's current epoch, also clock.get(block)
  VectorClock clock;
  // The epoch the block's last __threadfence closed (0: none yet): a later atomic releases the
  // accesses up to that fence, not those between the fence and the atomic (PTX's release
  // pattern is a fence followed by a write).
  std::uint32_t fencedEpoch = 0;
  // The words volatile loads read since the last fence: the next fence acquires their clocks
  // (the PTX model's acquire pattern, a strong read followed by a fence). A spin reads one word
  // many times; past kObserved distinct words the oldest are dropped.
  static constexpr unsigned kObserved = 8;
  std::array<std::uintptr_t, kObserved> observed{};
  unsigned observedCount = 0;
  // The shadow cells (and their flags) an atomic holds locked from before its operation to after
  // it (GlobalRaceDetector::atomicBefore); a fault between the two lets them go (releaseHeld).
  std::array<void*, 4> held{};  // GlobalRaceDetector's cells, opaque here
  std::array<std::uint32_t, 4> heldFlags{};
  unsigned heldCount = 0;

  void begin(std::uint32_t linear) {
    block = linear;
    epoch = 1;
    clock.clear();
    clock.set(linear, 1);
    fencedEpoch = 0;
    observedCount = 0;
    heldCount = 0;
  }
  // Starts a new epoch, so that a release can cover what came before without what follows.
  void advance() { clock.set(block, ++epoch); }
};

class GlobalRaceDetector {
public:
  GlobalRaceDetector() = default;
  ~GlobalRaceDetector();
  GlobalRaceDetector(const GlobalRaceDetector&) = delete;
  GlobalRaceDetector& operator=(const GlobalRaceDetector&) = delete;

  // The device heap's range and the executable's writable data, set up on first use.
  static GlobalRaceDetector& process();

  // Watches [begin, begin + bytes) (reserves its shadow); false when the shadow cannot be mapped.
  bool watch(std::uintptr_t begin, std::size_t bytes);
  bool watched(std::uintptr_t address) const { return cell(address >> 2) != nullptr; }

  // Forgets the previous launch: a kernel boundary orders everything.
  void beginLaunch(uint3 grid);
  // A plain access of `size` bytes by a thread of block b; `strong`: a volatile one.
  void access(BlockClock& b, std::uintptr_t address, unsigned size, bool write, const void* site, uint3 thread,
              bool strong = false);
  // An atomic on `address`, in two halves around the operation. Before it: a release when b
  // fenced before or the operation's own order is release or stronger (b's clock, up to the fence
  // or up to now, joins the location's), then the shadow cells of its words are locked (in
  // b.held) until after the operation; returns whether the operation released by its own order
  // (atomicAfter's `released`). After it: acquire (the location's clock joins b's), the atomic's
  // own access, the cells unlocked, then, after a release by its own order, a new epoch for b, so
  // what the block does next is not covered. Split so that an atomic that observes another
  // cannot miss its release, nor find its shadow not yet written, while blocks run in parallel.
  // `modifies`: not a pure load.
  bool atomicBefore(BlockClock& b, std::uintptr_t address, unsigned size, bool releaseOrder);
  void atomicAfter(BlockClock& b, std::uintptr_t address, bool modifies, bool released, const void* site,
                   uint3 thread);
  // Unlocks the cells an atomic holds, when a fault abandons its block between the two halves.
  static void releaseHeld(BlockClock& b);
  // __threadfence: acquires the clocks of what the block's volatile loads read, closes an epoch
  // for a later release.
  void fence(BlockClock& b);
  // This launch's hazard pairs not reported before in this process, as findings (kind
  // "race_global"; detail: first kind|second kind|second site|hazards|first block).
  std::vector<Finding> endLaunch(const std::string& kernel);

private:
  struct Stamp {
    std::uint32_t block = 0;  // linear block index + 1; 0: none
    std::uint32_t epoch = 0;
    std::int32_t site = 0;    // code address relative to the first site seen (siteOffset)
  };
  struct Cell {
    std::uint32_t state;      // kLocked | kAtomicWrite
    Stamp write;
    Stamp reads[2];
  };
  struct Range {
    std::uintptr_t firstWord, endWord;
    Cell* shadow;
    std::size_t shadowBytes;
  };
  enum Kind : std::uint8_t { Read, Write, Atomic };
  struct Hazard {
    std::int32_t firstSite, secondSite;
    Kind first, second;
    std::uint64_t count;
    std::uint32_t firstBlock, secondBlock;
    uint3 thread;
    std::uintptr_t address;
  };
  struct LocationShard {
    std::mutex mutex;
    std::unordered_map<std::uintptr_t, VectorClock> clocks;
  };

  Cell* cell(std::uintptr_t word) const {
    for (const Range& r : ranges_)
      if (word >= r.firstWord && word < r.endWord) return r.shadow + (word - r.firstWord);
    return nullptr;
  }
  static bool ordered(const BlockClock& b, const Stamp& s) {
    return s.block == 0 || s.block - 1 == b.block || b.clock.get(s.block - 1) >= s.epoch;
  }
  // b's clock, its own entry cut to `covered`, joins the location's.
  void release(BlockClock& b, std::uintptr_t address, std::uint32_t covered);
  void strongAccess(BlockClock& b, std::uintptr_t address, unsigned size, bool write, std::int32_t site,
                    uint3 thread);
  void accessWord(Cell& c, BlockClock& b, Kind kind, std::int32_t site, uint3 thread, std::uintptr_t address);
  // accessWord's work on a cell locked by the caller; returns its new flags.
  std::uint32_t accessLocked(Cell& c, std::uint32_t flags, BlockClock& b, Kind kind, std::int32_t site, uint3 thread,
                             std::uintptr_t address);
  void hazard(const Stamp& earlier, Kind earlierKind, const BlockClock& b, Kind kind, std::int32_t site,
              uint3 thread, std::uintptr_t address);

  std::vector<Range> ranges_;
  uint3 grid_{1, 1, 1};
  std::array<LocationShard, 64> locations_;
  std::mutex hazardMutex_;
  std::vector<Hazard> hazards_;
  std::set<std::tuple<std::string, std::int32_t, std::int32_t, int, int>> reported_;
};

}  // namespace loom::check::sanitizer
