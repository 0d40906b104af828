#include "check/sanitizer/global_races.h"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdio>

#include "mem/address_space.h"
#include "mem/device_heap.h"
#include "report/fault.h"
#include "report/symbolize.h"

namespace loom::check::sanitizer {

namespace {

constexpr std::uint32_t kLocked = 1, kAtomicWrite = 2;

// Sites are stored as 32-bit offsets from the first one seen: kernels are in one executable.
std::atomic<std::uintptr_t> gSiteBase{0};
constexpr std::int32_t kUnknownSite = INT32_MIN;

std::int32_t siteOffset(const void* site) {
  auto pc = reinterpret_cast<std::uintptr_t>(site);
  std::uintptr_t base = gSiteBase.load(std::memory_order_relaxed);
  if (base == 0) {
    std::uintptr_t expected = 0;
    base = gSiteBase.compare_exchange_strong(expected, pc) ? pc : expected;
  }
  auto delta = static_cast<std::intptr_t>(pc - base);
  if (delta <= INT32_MIN || delta > INT32_MAX) return kUnknownSite;
  return static_cast<std::int32_t>(delta);
}

std::string siteLine(std::int32_t offset) {
  if (offset == kUnknownSite) return "";
  return report::sourceLine(reinterpret_cast<const void*>(gSiteBase.load() + static_cast<std::intptr_t>(offset)));
}

// The cell's lock: blocks on different workers may touch a word at once (exactly when they race).
std::uint32_t lockCell(std::uint32_t& state) {
  std::atomic_ref<std::uint32_t> s(state);
  std::uint32_t v = s.load(std::memory_order_relaxed);
  for (;;) {
    if (!(v & kLocked) && s.compare_exchange_weak(v, v | kLocked, std::memory_order_acquire)) return v;
    if (v & kLocked) {
      __builtin_ia32_pause();
      v = s.load(std::memory_order_relaxed);
    }
  }
}
void unlockCell(std::uint32_t& state, std::uint32_t flags) {
  std::atomic_ref<std::uint32_t>(state).store(flags & ~kLocked, std::memory_order_release);
}

const char* kindName(int kind) { return kind == 0 ? "Read" : kind == 1 ? "Write" : "Atomic"; }

uint3 blockOf(std::uint32_t linear, uint3 grid) {
  return uint3{linear % grid.x, (linear / grid.x) % grid.y, linear / (grid.x * grid.y)};
}

std::string blockText(std::uint32_t linear, uint3 grid) {
  return report::indexText(blockOf(linear, grid));
}

}  // namespace

GlobalRaceDetector::~GlobalRaceDetector() {
  for (const Range& r : ranges_) munmap(r.shadow, r.shadowBytes);
}

GlobalRaceDetector& GlobalRaceDetector::process() {
  static GlobalRaceDetector* detector = [] {
    auto* d = new GlobalRaceDetector;  // never destroyed: blocks may still run at exit
    auto& heap = mem::DeviceHeap::instance();
    if (!d->watch(heap.rangeBegin(), heap.capacity()))
      std::fputs("loom: warning: racecheck cannot map the shadow of device memory; global races are not checked\n", stderr);
    for (const mem::AddressRange& r : mem::executableData()) d->watch(r.begin, r.end - r.begin);
    return d;
  }();
  return *detector;
}

bool GlobalRaceDetector::watch(std::uintptr_t begin, std::size_t bytes) {
  std::uintptr_t first = begin >> 2, end = (begin + bytes + 3) >> 2;
  std::size_t shadowBytes = (end - first) * sizeof(Cell);
  void* p = mmap(nullptr, shadowBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return false;
  ranges_.push_back({first, end, static_cast<Cell*>(p), shadowBytes});
  return true;
}

void GlobalRaceDetector::beginLaunch(uint3 grid) {
  grid_ = grid;
  // Zero pages again: untouched parts of the shadow cost nothing to drop.
  for (const Range& r : ranges_) madvise(r.shadow, r.shadowBytes, MADV_DONTNEED);
  for (auto& shard : locations_) {
    std::lock_guard lock(shard.mutex);
    shard.clocks.clear();
  }
  std::lock_guard lock(hazardMutex_);
  hazards_.clear();
}

void GlobalRaceDetector::hazard(const Stamp& earlier, Kind earlierKind, const BlockClock& b, Kind kind,
                                std::int32_t site, uint3 thread, std::uintptr_t address) {
  std::lock_guard lock(hazardMutex_);
  for (Hazard& h : hazards_)
    if (h.firstSite == earlier.site && h.secondSite == site && h.first == earlierKind && h.second == kind) {
      ++h.count;
      return;
    }
  hazards_.push_back({earlier.site, site, earlierKind, kind, 1, earlier.block - 1, b.block, thread, address});
}

void GlobalRaceDetector::accessWord(Cell& c, BlockClock& b, Kind kind, std::int32_t site, uint3 thread,
                                    std::uintptr_t address) {
  std::uint32_t flags = lockCell(c.state);
  unlockCell(c.state, accessLocked(c, flags, b, kind, site, thread, address));
}

std::uint32_t GlobalRaceDetector::accessLocked(Cell& c, std::uint32_t flags, BlockClock& b, Kind kind,
                                               std::int32_t site, uint3 thread, std::uintptr_t address) {
  Kind writeKind = flags & kAtomicWrite ? Atomic : Write;
  Stamp now{b.block + 1, b.epoch, site};
  // Atomics never race with atomics.
  if (!(kind == Atomic && writeKind == Atomic) && !ordered(b, c.write))
    hazard(c.write, writeKind, b, kind, site, thread, address);
  if (kind == Read) {
    // Keep a read another block's later write must be checked against: replace this block's
    // own or one ordered before this one, else a free slot, else the latest of the others.
    Stamp* slot = &c.reads[1];
    for (Stamp& r : c.reads)
      if (r.block == 0 || ordered(b, r)) {
        slot = &r;
        break;
      }
    *slot = now;
    return flags;
  }
  for (Stamp& r : c.reads)
    if (!ordered(b, r)) hazard(r, Read, b, kind, site, thread, address);
  c.write = now;
  c.reads[0] = c.reads[1] = Stamp{};
  return kind == Atomic ? flags | kAtomicWrite : flags & ~kAtomicWrite;
}

void GlobalRaceDetector::access(BlockClock& b, std::uintptr_t address, unsigned size, bool write,
                                const void* site, uint3 thread, bool strong) {
  std::int32_t s = siteOffset(site);
  if (strong) {
    strongAccess(b, address, size, write, s, thread);
    return;
  }
  for (std::uintptr_t word = address >> 2; word <= (address + size - 1) >> 2; ++word)
    if (Cell* c = cell(word)) accessWord(*c, b, write ? Write : Read, s, thread, address);
}

void GlobalRaceDetector::release(BlockClock& b, std::uintptr_t address, std::uint32_t covered) {
  LocationShard& shard = locations_[(address >> 2) % locations_.size()];
  std::lock_guard lock(shard.mutex);
  b.clock.set(b.block, covered);  // the release covers the block's accesses up to `covered`
  shard.clocks[address >> 2].join(b.clock);
  b.clock.set(b.block, b.epoch);
}

void GlobalRaceDetector::strongAccess(BlockClock& b, std::uintptr_t address, unsigned size, bool write,
                                      std::int32_t site, uint3 thread) {
  if (write) {
    // After a fence: a release store (fence-fence synchronization's producer side), strong as an
    // atomic. Without one: a plain write, so that a message published with no fence races.
    bool releases = b.fencedEpoch != 0;
    if (releases) release(b, address, b.fencedEpoch);
    for (std::uintptr_t word = address >> 2; word <= (address + size - 1) >> 2; ++word)
      if (Cell* c = cell(word)) {
        std::uint32_t flags = lockCell(c->state);
        unlockCell(c->state, accessLocked(*c, flags, b, releases ? Atomic : Write, site, thread, address));
      }
    return;
  }
  bool noted = false;
  for (unsigned i = 0; i < std::min(b.observedCount, BlockClock::kObserved); ++i) noted |= b.observed[i] == address >> 2;
  if (!noted) b.observed[b.observedCount++ % BlockClock::kObserved] = address >> 2;
  for (std::uintptr_t word = address >> 2; word <= (address + size - 1) >> 2; ++word)
    if (Cell* c = cell(word)) {
      std::uint32_t flags = lockCell(c->state);
      // A strong read races with an unordered plain write only.
      if (!(flags & kAtomicWrite) && !ordered(b, c->write)) hazard(c->write, Write, b, Read, site, thread, address);
      unlockCell(c->state, flags);
    }
}

void GlobalRaceDetector::fence(BlockClock& b) {
  for (unsigned i = 0; i < std::min(b.observedCount, BlockClock::kObserved); ++i) {
    LocationShard& shard = locations_[b.observed[i] % locations_.size()];
    std::lock_guard lock(shard.mutex);
    auto it = shard.clocks.find(b.observed[i]);
    if (it != shard.clocks.end()) b.clock.join(it->second);
  }
  b.observedCount = 0;
  b.fencedEpoch = b.epoch;
  b.advance();
}

bool GlobalRaceDetector::atomicBefore(BlockClock& b, std::uintptr_t address, unsigned size, bool releaseOrder) {
  if (std::uint32_t covered = releaseOrder ? b.epoch : b.fencedEpoch) release(b, address, covered);
  // Held across the operation, in ascending order (no two atomics wait on each other): the
  // next atomic of the word finds this one's shadow written. Unlocked in the middle, an atomic
  // that observed this one could write its shadow first and then see this one as a later write
  // its own block's next access races with.
  b.heldCount = 0;
  for (std::uintptr_t word = address >> 2; word <= (address + size - 1) >> 2 && b.heldCount < b.held.size(); ++word)
    if (Cell* c = cell(word)) {
      b.held[b.heldCount] = c;
      b.heldFlags[b.heldCount++] = lockCell(c->state);
    }
  return releaseOrder;
}

void GlobalRaceDetector::atomicAfter(BlockClock& b, std::uintptr_t address, bool modifies, bool released,
                                     const void* site, uint3 thread) {
  LocationShard& shard = locations_[(address >> 2) % locations_.size()];
  {
    std::lock_guard lock(shard.mutex);
    auto it = shard.clocks.find(address >> 2);
    if (it != shard.clocks.end()) b.clock.join(it->second);
  }
  std::int32_t s = siteOffset(site);
  for (unsigned i = 0; i < b.heldCount; ++i) {
    Cell& c = *static_cast<Cell*>(b.held[i]);
    std::uint32_t flags = b.heldFlags[i];
    if (modifies) {
      flags = accessLocked(c, flags, b, Atomic, s, thread, address);
    } else if (!(flags & kAtomicWrite) && !ordered(b, c.write)) {
      // An atomic load conflicts with plain writes only, and leaves no trace a later access
      // could race with (plain reads do not conflict with it, atomics never race).
      hazard(c.write, Write, b, Atomic, s, thread, address);
    }
    unlockCell(c.state, flags);
  }
  b.heldCount = 0;
  if (released) b.advance();  // what the block does from here on is not covered by this release
}

void GlobalRaceDetector::releaseHeld(BlockClock& b) {
  for (unsigned i = 0; i < b.heldCount; ++i) unlockCell(static_cast<Cell*>(b.held[i])->state, b.heldFlags[i]);
  b.heldCount = 0;
}

std::vector<Finding> GlobalRaceDetector::endLaunch(const std::string& kernel) {
  std::vector<Hazard> found;
  {
    std::lock_guard lock(hazardMutex_);
    found.swap(hazards_);
  }
  std::vector<Finding> findings;
  for (const Hazard& h : found) {
    if (!reported_.insert({kernel, h.firstSite, h.secondSite, h.first, h.second}).second) continue;
    Finding f;
    f.kind = "race_global";
    f.kernel = kernel;
    f.space = "global";
    f.location = siteLine(h.firstSite);
    f.block = blockOf(h.secondBlock, grid_);
    f.thread = h.thread;
    f.address = h.address;
    f.access = h.second == Read ? 0 : 1;
    f.detail = std::string(kindName(h.first)) + "|" + kindName(h.second) + "|" + siteLine(h.secondSite) + "|" +
               std::to_string(h.count) + "|" + blockText(h.firstBlock, grid_);
    findings.push_back(std::move(f));
  }
  return findings;
}

}  // namespace loom::check::sanitizer
