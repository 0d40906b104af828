// Legacy warp-synchronous code in the fast mode. The fast mode runs a warp's lanes one after
// another between synchronizations, where the device runs them in lockstep; code whose lanes
// exchange data through volatile __shared__ memory with no __syncwarp() between (the old
// reduction tail `v[t] += v[t + 16]; v[t] += v[t + 8]; ...`) is right on every sm_70+ GPU in
// practice and wrong in the fast mode. Only volatile accesses are watched: without volatile,
// nvcc keeps such values in registers and the code is wrong on the device too.
//
// Per shared word, the lanes of one warp that read it and the lane that wrote it last, within
// one synchronization interval (no __syncthreads of the block, no collective of the warp since):
// an access that conflicts with another lane's (one of them a write) is a hazard. A word one lane
// keeps re-reading is a flag it spins on (the fast mode's spin detector lets the writer run), not
// data it computes with: its later writes by other lanes are not hazards.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace loom::check {

class WarpSyncHazards {
public:
  struct Hazard {
    unsigned earlierThread, laterThread;  // linear thread indices in the block, one warp
    const void* earlierSite;
    const void* laterSite;
    bool earlierWrite, laterWrite;
  };

  // Forgets the previous block (cheap when it made no volatile shared access).
  void beginBlock() {
    if (!words_.empty()) words_.clear();
  }
  // A volatile access of shared word `word` by thread `thread`; `interval` names its warp's
  // current synchronization interval (it changes at every barrier and warp collective).
  std::optional<Hazard> access(std::uintptr_t word, unsigned thread, std::uint64_t interval, bool write,
                               const void* site);

private:
  struct Word {
    std::uint64_t interval = 0;
    unsigned warp = 0;
    std::uint32_t readers = 0;  // lanes that read it in the interval, as a mask
    bool spun = false;          // a lane read it again with no write between
    int writer = -1;            // the lane that wrote it last in the interval, -1: none
    const void* writeSite = nullptr;
    // The last read, and the last one by another lane than that one's: a write's hazard names
    // the latest read by a lane other than the writer.
    int reader = -1, otherReader = -1;
    const void* readSite = nullptr;
    const void* otherReadSite = nullptr;
  };
  std::unordered_map<std::uintptr_t, Word> words_;
};

}  // namespace loom::check
