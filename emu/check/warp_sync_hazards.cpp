#include "check/warp_sync_hazards.h"

namespace loom::check {

std::optional<WarpSyncHazards::Hazard> WarpSyncHazards::access(std::uintptr_t word, unsigned thread,
                                                               std::uint64_t interval, bool write,
                                                               const void* site) {
  const unsigned warp = thread / 32, lane = thread % 32;
  const std::uint32_t bit = 1u << lane;
  Word& w = words_[word];
  if (w.interval != interval || w.warp != warp) w = Word{interval, warp};
  std::optional<Hazard> found;
  const unsigned base = warp * 32;
  if (w.writer >= 0 && w.writer != static_cast<int>(lane)) {
    found = Hazard{base + static_cast<unsigned>(w.writer), thread, w.writeSite, site, true, write};
  } else if (write && !w.spun && (w.readers & ~bit) != 0) {
    bool last = w.reader != static_cast<int>(lane);
    found = Hazard{base + static_cast<unsigned>(last ? w.reader : w.otherReader), thread,
                   last ? w.readSite : w.otherReadSite, site, false, true};
  }
  if (write) {
    w.writer = static_cast<int>(lane);
    w.writeSite = site;
    w.readers = 0;
    w.spun = false;
    w.reader = w.otherReader = -1;
  } else {
    if (w.readers & bit) w.spun = true;
    w.readers |= bit;
    if (w.reader != static_cast<int>(lane)) {
      w.otherReader = w.reader;
      w.otherReadSite = w.readSite;
    }
    w.reader = static_cast<int>(lane);
    w.readSite = site;
  }
  return found;
}

}  // namespace loom::check
