// Which lanes of a warp execute a point together, for coalesced_threads() and __activemask(),
// in the barrier-only scheduler (lanes run one after another until they wait).
//
// A lane asking waits until no thread of the block can run any more: every other lane has then
// either exited or stopped at a wait point (a barrier, a warp collective, or this). The lanes of
// its warp waiting at the same source line are the ones the device would run there together.
// The line, not the call's address: the compiler may duplicate the code after a branch (one
// copy per path) or merge calls of two branches into one, neither of which the device's
// reconvergence sees. Lanes that
// took another branch are stopped elsewhere, or have exited, so they are not in the group, as
// on the device where a divergent branch runs with only its own lanes active.
#include "sched/block_runner.h"

namespace loom::sched {

unsigned BlockRunner::converge(const void* site, const char* file, unsigned line) {
  Lane& lane = *current_;
  lane.waitSite = site;
  unsigned warp = lane.linear / 32;
  unsigned laneId = lane.linear % 32;
  WarpSync& ws = warps_[warp];
  if (lockstep_) lockstepLeave(warp);  // lockstep: the warp's other lanes run on meanwhile
  ws.converging |= 1u << laneId;
  ws.convergeFile[laneId] = file;
  ws.convergeLine[laneId] = line;
  ++convergeWaiters_;
  lane.state = Lane::State::Waiting;
  if (runnable_.empty() && nextUnstarted_ >= threadCount_) {
    // Nobody else can run: release now. If our group is the one released, we cannot switch to
    // ourselves: take ourselves back out of the run queue and go on.
    releaseConverged();
    if (!(ws.converging & (1u << laneId))) {
      runnable_.remove(static_cast<LaneIndex>(lane.linear));
      lane.state = Lane::State::Running;
      return static_cast<unsigned>(ws.results[laneId]);
    }
  }
  waitHere(lane);
  return static_cast<unsigned>(ws.results[laneId]);
}

// In each warp, releases the lanes waiting at the earliest source line, as the device runs a
// divergent warp's paths one at a time and reconverges where they meet: lanes that skipped a
// branch wait at the meeting point until the branch's lanes get there too.
void BlockRunner::releaseConverged() {
  unsigned warpCount = (threadCount_ + 31) / 32;
  for (unsigned w = 0; w < warpCount && convergeWaiters_ != 0; ++w) {
    WarpSync& ws = warps_[w];
    if (ws.converging == 0) continue;
    unsigned first = static_cast<unsigned>(__builtin_ctz(ws.converging));
    for (unsigned l = first + 1; l < 32; ++l) {
      if (!(ws.converging & (1u << l))) continue;
      if (ws.convergeLine[l] < ws.convergeLine[first] ||
          (ws.convergeLine[l] == ws.convergeLine[first] &&
           ws.convergeFile[l] < ws.convergeFile[first]))
        first = l;
    }
    unsigned group = 0;
    for (unsigned l = 0; l < 32; ++l)
      if ((ws.converging & (1u << l)) && ws.convergeLine[l] == ws.convergeLine[first] &&
          ws.convergeFile[l] == ws.convergeFile[first])
        group |= 1u << l;
    ws.converging &= ~group;
    convergeWaiters_ -= static_cast<unsigned>(__builtin_popcount(group));
    if (lockstep_) lockstepWarps_[w].pending += static_cast<unsigned>(__builtin_popcount(group));
    for (unsigned l = 0; l < 32; ++l) {
      if (!(group & (1u << l))) continue;
      ws.results[l] = group;
      makeRunnable(lanes_[w * 32 + l]);
    }
  }
}

}  // namespace loom::sched
