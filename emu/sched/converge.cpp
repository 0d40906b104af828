// Which lanes of a warp execute a point together, for coalesced_threads() and __activemask(),
// in the barrier-only scheduler (lanes run one after another until they wait).
//
// A lane asking waits until no thread of the block can run any more: every other lane has then
// either exited or stopped at a wait point (a barrier, a warp collective, or this). The lanes of
// its warp waiting at the same call site and source line are the ones the device would run
// there together; the source line tells apart calls the compiler merged into one. Lanes that
// took another branch are stopped elsewhere, or have exited, so they are not in the group, as
// on the device where a divergent branch runs with only its own lanes active.
#include <bit>

#include "sched/block_runner.h"

namespace loom::sched {

unsigned BlockRunner::converge(const void* site, unsigned line) {
  Lane& lane = *current_;
  lane.waitSite = site;
  unsigned warp = lane.linear / 32;
  unsigned laneId = lane.linear % 32;
  WarpSync& ws = warps_[warp];
  ws.converging |= 1u << laneId;
  ws.convergeSite[laneId] = site;
  ws.convergeLine[laneId] = line;
  ++convergeWaiters_;
  lane.state = Lane::State::Waiting;
  if (runnableHead_ == runnable_.size() && nextUnstarted_ >= threadCount_) {
    // Nobody else can run: the groups are complete now. We cannot switch to ourselves, so take
    // ourselves back out of the run queue and go on.
    releaseConverged();
    for (std::size_t i = runnable_.size(); i-- > runnableHead_;) {
      if (runnable_[i] == &lane) {
        runnable_.erase(runnable_.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
    lane.state = Lane::State::Running;
  } else {
    waitHere(lane);
  }
  return static_cast<unsigned>(ws.results[laneId]);
}

void BlockRunner::releaseConverged() {
  unsigned warpCount = (threadCount_ + 31) / 32;
  for (unsigned w = 0; w < warpCount && convergeWaiters_ != 0; ++w) {
    WarpSync& ws = warps_[w];
    unsigned left = ws.converging;
    convergeWaiters_ -= static_cast<unsigned>(std::popcount(left));
    ws.converging = 0;
    while (left != 0) {
      unsigned first = static_cast<unsigned>(std::countr_zero(left));
      unsigned group = 0;
      for (unsigned l = first; l < 32; ++l)
        if ((left & (1u << l)) && ws.convergeSite[l] == ws.convergeSite[first] &&
            ws.convergeLine[l] == ws.convergeLine[first])
          group |= 1u << l;
      left &= ~group;
      for (unsigned l = first; l < 32; ++l) {
        if (!(group & (1u << l))) continue;
        ws.results[l] = group;
        makeRunnable(lanes_[w * 32 + l], 0);
      }
    }
  }
}

}  // namespace loom::sched
