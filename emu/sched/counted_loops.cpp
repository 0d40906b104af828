// Loops nvcc unrolls by four, in lockstep mode (loom/device/counted_loops.h says which): which
// lanes one load instruction of the device's code serves.
//
// Recorded on the H100 (validate/probes/loop_unroll.cu, sass.txt): NVVM turns an innermost `for`
// loop with a computable trip count T into a loop of four copies of the body and a remainder
// loop of T mod 4 trips, each between its own BSSY/BSYNC. The remainder comes first (a
// prologue) unless a variable the loop carries enters it as an integer constant (`int s = 0`,
// `j = 0`; LLVM's isEpilogProfitable), then it comes last. A lane whose T is not the warp's
// runs copy j of the unrolled loop with lanes that are at another iteration, and its remainder
// iterations with lanes that are at other ones: kernels.neighbor's find_neighbor_atomic (n2 from
// n1 + 1, a prologue) and tests.cuda.reconvergence's loopInIf (j from 0, an epilogue).
//
// Lanes meet where their serial number at the body's level of regions is equal
// (sched/lockstep.cpp, regionOrder). The ordinary mark of the body's region has just counted this
// iteration (t + 1); loom_counted_iteration renumbers it to the device's meeting point:
//   prologue: iteration t < r = T mod 4 is remainder trip t (t + 1); the rest are the unrolled
//             loop's, t - r + 4 onwards, after every remainder trip (BSYNC);
//   epilogue: t < T - r is the unrolled loop's (t + 1, copy t mod 4 of trip t / 4, as in the
//             source); remainder trip m is kRemainder + m + 1, after all of them.
// T is the trip count at the first iteration, from the IV and the bound the condition compared
// it with (loom_counted_bound). Compiled with -mgeneral-regs-only: the routines keep every
// register (the mark's asm tells g++ nothing but "flags clobbered"), and calls nothing.
#include <cstdint>

#include "sched/block_runner.h"
#include "sched/region_marks.h"

namespace loom::sched {

// The descriptor loom-cc writes (tools/loom-cc/counted_loops.h): bits 0-2 the condition's
// operator, bit 3 an epilogue, bits 16-31 the constant step.
enum CountedOp : unsigned { kLess = 0, kLessEqual = 1, kGreater = 2, kGreaterEqual = 3, kNotEqual = 4 };
constexpr unsigned kEpilogue = 8;
// The remainder of an epilogue loop comes after the unrolled trips of lanes less than this many
// iterations in (serial numbers are compared as 16-bit differences).
constexpr std::uint16_t kRemainder = 0x4000;

struct CountedLoops {
  static Lane* lockstepLane() {
    if (!(tRegionMarks & kMarksLockstep)) return nullptr;
    BlockRunner* runner = tCurrentRunner;
    return runner ? runner->current_ : nullptr;
  }
};

namespace {
std::int64_t tripCount(unsigned op, std::int64_t step, std::int64_t iv, std::int64_t bound) {
  if (step == 0) return 0;
  const std::int64_t ahead = step > 0 ? bound - iv : iv - bound;
  const std::int64_t stride = step > 0 ? step : -step;
  switch (op) {
    case kLess:
    case kGreater: return ahead > 0 ? (ahead + stride - 1) / stride : 0;
    case kLessEqual:
    case kGreaterEqual: return ahead >= 0 ? ahead / stride + 1 : 0;
    default: return ahead > 0 ? ahead / stride : 0;
  }
}
}  // namespace

}  // namespace loom::sched

// The bound of a counted loop's condition, at each evaluation.
extern "C" [[gnu::no_caller_saved_registers, gnu::used, gnu::visibility("hidden")]] void loom_counted_bound(std::int64_t bound) {
  if (loom::sched::Lane* lane = loom::sched::CountedLoops::lockstepLane()) lane->countedBound = bound;
}

// A counted loop's body begins, right after its region's mark; `iv` is the loop variable.
extern "C" [[gnu::no_caller_saved_registers, gnu::used, gnu::visibility("hidden")]] void loom_counted_iteration(unsigned descriptor,
                                                                                    std::int64_t iv) {
  using namespace loom::sched;
  Lane* lane = CountedLoops::lockstepLane();
  if (!lane) return;
  const unsigned level = lane->regionDepth;
  if (level == 0 || level >= Lane::kRegionLevels) return;
  std::uint16_t& serial = lane->regionsEntered[level];
  const bool epilogue = descriptor & kEpilogue;
  if (serial == 1) {  // the first iteration: the region one level up has just restarted the count
    const auto step = static_cast<std::int16_t>(descriptor >> 16);
    const std::int64_t trips = tripCount(descriptor & 7, step, iv, lane->countedBound);
    const auto remainder = static_cast<std::uint32_t>(trips % 4);
    lane->countedTrip = 0;
    lane->countedSplit = epilogue ? static_cast<std::uint32_t>(trips) - remainder : remainder;
  } else {
    ++lane->countedTrip;
  }
  const std::uint32_t t = lane->countedTrip, split = lane->countedSplit;
  std::uint32_t number;
  if (t < split) number = t + 1;
  else if (epilogue) number = kRemainder + (t - split) + 1;
  else number = 4 + (t - split);
  serial = static_cast<std::uint16_t>(number);
}
