#include "check/sanitizer/synccheck.h"

#include <map>
#include <mutex>
#include <set>
#include <utility>

#include "check/sanitizer/findings.h"
#include "report/symbolize.h"

namespace loom::check::sanitizer {

namespace {
// Barriers are told apart by source line, not call address: the compiler may duplicate one
// __syncthreads call into several paths (tail duplication), which is still one barrier.
const std::string& siteLine(const void* site) {
  static std::mutex mutex;
  static std::map<const void*, std::string> lines;
  std::lock_guard lock(mutex);
  auto it = lines.find(site);
  if (it == lines.end()) {
    std::string line = report::sourceLine(site);
    it = lines.emplace(site, line.empty() ? std::to_string(reinterpret_cast<std::uintptr_t>(site)) : line).first;
  }
  return it->second;
}
}  // namespace

void checkBarrierSites(const std::vector<BarrierArrival>& raw, const std::string& kernel, uint3 block) {
  if (raw.empty()) return;
  // Fast answer for the common case: one call address for everybody.
  bool oneSite = true;
  for (const auto& a : raw) oneSite = oneSite && a.site == raw.front().site;
  if (oneSite) return;
  std::vector<BarrierArrival> arrivals = raw;
  std::map<std::string, const void*> canonical;  // one representative address per line
  for (auto& a : arrivals) a.site = canonical.emplace(siteLine(a.site), a.site).first->second;
  // Per warp: the site most of its arrived lanes used; lanes elsewhere diverge within the warp.
  std::map<unsigned, std::map<const void*, unsigned>> perWarp;
  for (const auto& a : arrivals) ++perWarp[a.linear / 32][a.site];
  std::map<unsigned, const void*> warpSite;
  for (const auto& [warp, sites] : perWarp) {
    const void* best = nullptr;
    unsigned most = 0;
    for (const auto& [site, n] : sites)
      if (n > most) best = site, most = n;
    warpSite[warp] = best;
  }
  // Per block: the site most warps used; warps uniformly elsewhere diverge within the block.
  std::map<const void*, unsigned> blockVotes;
  for (const auto& [warp, site] : warpSite) ++blockVotes[site];
  const void* blockSite = nullptr;
  unsigned most = 0;
  for (const auto& [site, n] : blockVotes)
    if (n > most) blockSite = site, most = n;
  // A warp split between barriers is the finding; block divergence is reported only when every
  // warp is uniform (then some warps as a whole are at another barrier).
  bool warpsUniform = true;
  for (const auto& [warp, sites] : perWarp) warpsUniform = warpsUniform && sites.size() == 1;
  for (const auto& a : arrivals) {
    const void* ws = warpSite[a.linear / 32];
    const char* kind = a.site != ws ? "barrier_divergent_warp"
                       : (warpsUniform && ws != blockSite) ? "barrier_divergent_block"
                                                           : nullptr;
    if (!kind) continue;
    Finding f;
    f.kind = kind;
    f.kernel = kernel;
    f.location = report::sourceLine(a.site);
    f.block = block;
    f.thread = a.tid;
    record(f);
  }
}

void warnBarrierAfterExit(const std::string& kernel, const void* site, unsigned exited, uint3 block) {
  static std::mutex mutex;
  static std::set<std::pair<std::string, std::string>> warned;
  const std::string& line = siteLine(site);
  {
    std::lock_guard lock(mutex);
    if (!warned.emplace(kernel, line).second) return;
  }
  Finding f;
  f.kind = "warning_barrier_exited";
  f.kernel = kernel;
  f.location = report::sourceLine(site);
  f.block = block;
  f.detail = std::to_string(exited);
  record(f);
}

}  // namespace loom::check::sanitizer
