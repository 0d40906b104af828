#include "check/sanitizer/racecheck.h"

#include <algorithm>

#include <link.h>

#include <mutex>
#include <set>
#include <tuple>

#include "check/sanitizer/findings.h"
#include "report/symbolize.h"

namespace loom::check::sanitizer {

void SharedRaceDetector::beginBlock() {
  shadow_.clear();
  hazards_.clear();
}

void SharedRaceDetector::check(const SharedAccess& earlier, const SharedAccess& now) {
  if (earlier.thread == now.thread || earlier.barrier != now.barrier) return;  // ordered
  if (!earlier.write && !now.write) return;
  bool sameWarp = earlier.thread / 32 == now.thread / 32;
  if (sameWarp && earlier.warpSync != now.warpSync) return;  // a __syncwarp in between
  Hazard h{earlier.site, now.site, earlier.write, now.write, sameWarp};
  for (auto& [known, count] : hazards_)
    if (known == h) {
      ++count;
      return;
    }
  hazards_.push_back({h, 1});
}

void SharedRaceDetector::access(std::uintptr_t word, const SharedAccess& a) {
  Cell& c = shadow_[word];
  if (c.written) check(c.write, a);
  if (a.write) {
    for (const auto& r : c.reads) check(r, a);
    c.write = a;
    c.written = true;
    c.reads.clear();
    return;
  }
  // Reads of an older epoch can no longer race; keep one per thread, a handful at most (enough
  // to see a hazard on the next conflicting write; the report is per site pair, not per read).
  if (!c.reads.empty() && c.reads.front().barrier != a.barrier) c.reads.clear();
  for (const auto& r : c.reads)
    if (r.thread == a.thread) return;
  if (c.reads.size() < 8) c.reads.push_back(a);
}

// compute-sanitizer reports a pair of accesses once, whichever came first in which thread
// (sanitizer.race_shared_raw: one "Write ... and Read" report of 256 hazards where both orders
// occurred): the two orders of one pair merge, reported in the order seen more often, a write
// first on a tie; a pair seen in one order only keeps it (race_shared_war: "Read ... and Write").
std::vector<std::pair<SharedRaceDetector::Hazard, std::uint64_t>> SharedRaceDetector::mergedOrders() const {
  std::vector<std::pair<Hazard, std::uint64_t>> merged;
  for (const auto& [h, count] : hazards_) {
    const Hazard reversed{h.second, h.first, h.secondWrite, h.firstWrite, h.warning};
    auto same = std::find_if(merged.begin(), merged.end(), [&](const auto& m) { return m.first == reversed; });
    if (same == merged.end()) {
      merged.push_back({h, count});
      continue;
    }
    const bool keepOther = same->second > count || (same->second == count && same->first.firstWrite);
    if (!keepOther) same->first = h;
    same->second += count;
  }
  return merged;
}

void SharedRaceDetector::endBlock(const std::string& kernel, uint3 block) {
  static std::mutex mutex;
  static std::set<std::tuple<std::string, const void*, const void*, bool, bool, bool>> reported;
  for (const auto& [h, count] : mergedOrders()) {
    {
      std::lock_guard lock(mutex);
      // Either order of the pair, once per process.
      if (reported.count({kernel, h.second, h.first, h.secondWrite, h.firstWrite, h.warning})) continue;
      if (!reported.insert({kernel, h.first, h.second, h.firstWrite, h.secondWrite, h.warning}).second) continue;
    }
    Finding f;
    f.kind = h.warning ? "warning_race" : "race";
    f.kernel = kernel;
    f.space = "shared";
    f.location = report::sourceLine(h.first);
    f.block = block;
    f.detail = std::string(h.firstWrite ? "Write" : "Read") + "|" + (h.secondWrite ? "Write" : "Read") + "|" +
               report::sourceLine(h.second) + "|" + std::to_string(count);
    record(f);
  }
  hazards_.clear();
}

namespace {
// loom-cc makes static __shared__ variables thread_local: they live in the executable's static
// TLS block, which on x86-64 ends at the thread pointer.
struct TlsBlock {
  std::uintptr_t size = 0;
};
int findExecutableTls(dl_phdr_info* info, size_t, void* data) {
  auto* tls = static_cast<TlsBlock*>(data);
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const auto& ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_TLS) {
      std::uintptr_t align = ph.p_align ? ph.p_align : 1;
      tls->size = (ph.p_memsz + align - 1) / align * align;
    }
  }
  return 1;  // the first object is the executable
}
std::uintptr_t executableTlsSize() {
  static const std::uintptr_t size = [] {
    TlsBlock tls;
    dl_iterate_phdr(findExecutableTls, &tls);
    return tls.size;
  }();
  return size;
}
}  // namespace

bool isSharedAddress(std::uintptr_t address, unsigned size, std::uintptr_t dynamicBegin, std::uintptr_t dynamicEnd) {
  if (address >= dynamicBegin && address < dynamicEnd) return true;
  // The same TLS block holds the pointer loom-cc makes of `extern __shared__ T x[]` (a function
  // static thread_local, 8 bytes) and its initialisation guard (1 byte), written by the first
  // thread of a worker's first block and read by all: not shared data. Until static shared
  // memory has a range of its own, 1- and 8-byte static shared accesses are not checked.
  if (size == 1 || size == 8) return false;
  auto tp = reinterpret_cast<std::uintptr_t>(__builtin_thread_pointer());
  return address < tp && address >= tp - executableTlsSize();
}

}  // namespace loom::check::sanitizer
