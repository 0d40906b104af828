// Reports about warps that the scheduler can see and the device cannot: a shuffle reading a lane
// that does not take part (undefined by CUDA: a warning, the kernel goes on with the device's
// value), legacy warp-synchronous code that the fast mode computes differently from the device
// (a warning naming the mode that computes it), and, when a block deadlocks, which lanes a
// waiting collective still needs.
#include <cstdio>
#include <string>

#include "mem/address_space.h"
#include "report/fault.h"
#include "report/symbolize.h"
#include "report/warning.h"
#include "sched/block_runner.h"

namespace loom::sched {

namespace {
std::string hexMask(unsigned mask) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", mask);
  return text;
}
}  // namespace

void BlockRunner::reportShuffleMisreads(unsigned warp, unsigned present) {
  const WarpSync& ws = warps_[warp];
  for (unsigned l = 0; l < 32; ++l) {
    if (!(present & (1u << l))) continue;
    const isa::WarpRequest& r = ws.requests[l];
    if (!isa::isShuffle(r.op)) continue;
    int source = isa::shuffleSourceLane(r, l);
    if (source < 0 || (present & (1u << source))) continue;
    const Lane& lane = lanes_[warp * 32 + l];
    if (!report::firstWarningAt(lane.waitSite)) continue;
    unsigned sourceLinear = warp * 32 + static_cast<unsigned>(source);
    std::string why;
    if (sourceLinear >= threadCount_)
      why = "does not exist (the block has " + std::to_string(threadCount_) + " threads)";
    else if (ws.exited & (1u << source))
      why = "has exited";
    else if (!(r.mask & (1u << source)))
      why = "is not in the mask " + hexMask(r.mask);
    else
      why = "is not taking part";
    report::warn(lane.waitSite,
                 "kernel " + report::functionName(launch_->kernel) + ": " +
                     isa::warpOpName(r.op) + " in block " + report::indexText(blockIdx_) + " thread " +
                     report::indexText(lane.tid) + " (lane " + std::to_string(l) + " of warp " +
                     std::to_string(warp) + ") reads lane " + std::to_string(source) + ", which " +
                     why + "; the value is undefined (the H100 returns 0, and so does Loom)");
  }
}

void volatileAccess(const void* address, unsigned size, bool write, const void* site) {
  BlockRunner* runner = tCurrentRunner;
  if (runner && !runner->lockstep() && !runner->checksOn() && mem::isSharedAddress(address))
    BlockRunner::current()->volatileShared(address, size, write, site);
}

// Lockstep runs lanes as the device does; racecheck reports these accesses as hazards itself.
void BlockRunner::volatileShared(const void* address, unsigned size, bool write, const void* site) {
  const Lane& lane = *current_;
  const std::uint64_t interval = std::uint64_t{barrierEpoch_} << 32 | warpEpoch_[lane.linear / 32];
  auto at = reinterpret_cast<std::uintptr_t>(address);
  for (std::uintptr_t word = at >> 2; word <= (at + size - 1) >> 2; ++word)
    if (auto h = warpSyncHazards_.access(word, lane.linear, interval, write, site)) {
      reportWarpSyncHazard(*h);
      return;
    }
}

// Once per kernel (a reduction tail has a hazard on each of its lines): the fast mode has
// already run the earlier lane past the exchange, so the launch cannot be redone in lockstep; it
// goes on, and the user learns which mode computes it.
void BlockRunner::reportWarpSyncHazard(const check::WarpSyncHazards::Hazard& h) {
  if (!report::firstWarningAt(launch_->kernel)) return;
  auto where = [](const void* site) {
    std::string line = report::sourceLine(site);
    return line.empty() ? std::string("?") : line;
  };
  unsigned warp = h.laterThread / 32;
  report::warn(h.laterSite,
               "kernel " + report::functionName(launch_->kernel) + ": lanes " + std::to_string(h.earlierThread % 32) +
                   " and " + std::to_string(h.laterThread % 32) + " of warp " + std::to_string(warp) + " in block " +
                   report::indexText(blockIdx_) + " exchange data through volatile __shared__ memory with no " +
                   "__syncwarp() between (" + (h.earlierWrite ? "write" : "read") + " at " + where(h.earlierSite) +
                   ", then " + (h.laterWrite ? "write" : "read") + " at " + where(h.laterSite) +
                   "). Loom's default mode runs a warp's lanes one after another, so this result can differ " +
                   "from the device's, which runs them together; LOOM_LOCKSTEP=1 runs warps in lockstep as the " +
                   "device does (or add __syncwarp() between the accesses, as sm_70+ requires)");
}

std::string BlockRunner::warpWaitDetail() const {
  std::string out;
  unsigned warpCount = (threadCount_ + 31) / 32;
  unsigned shown = 0;
  for (unsigned w = 0; w < warpCount && shown < 2; ++w) {
    const WarpSync& ws = warps_[w];
    if (ws.arrived == 0) continue;
    // The collective of the warp's first waiting lane, and the lanes waiting at it.
    unsigned first = static_cast<unsigned>(__builtin_ctz(ws.arrived));
    const isa::WarpRequest& r = ws.requests[first];
    unsigned same = 0;
    for (unsigned l = 0; l < 32; ++l)
      if ((ws.arrived & (1u << l)) && ws.requests[l].mask == r.mask && ws.requests[l].op == r.op)
        same |= 1u << l;
    unsigned missing = r.mask & ~ws.exited & ~same;
    if (missing == 0) continue;
    ++shown;
    const Lane& waiter = lanes_[w * 32 + first];
    std::string site = report::sourceLine(waiter.waitSite);
    out += "; in warp " + std::to_string(w) + ", " + isa::warpOpName(ws.requests[first].op) +
           " at " + (site.empty() ? "?" : site) + " with mask " + hexMask(r.mask) + " (lanes " + hexMask(same) +
           " arrived) needs lane";
    unsigned listed = 0;
    for (unsigned l = 0; l < 32 && listed < 4; ++l) {
      if (!(missing & (1u << l))) continue;
      const Lane& other = lanes_[w * 32 + l];
      std::string where = report::sourceLine(other.waitSite);
      out += std::string(listed ? ", lane " : " ") + std::to_string(l) + " (thread " +
             report::indexText(other.tid) + "), which never arrives: it waits at " +
             (where.empty() ? "?" : where);
      ++listed;
    }
  }
  return out;
}

}  // namespace loom::sched
