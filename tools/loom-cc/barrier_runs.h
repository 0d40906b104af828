// The statements that lead into a __syncthreads: loom-cc marks where they begin, in the user's
// files, with `::loom::device::barrierAhead();` (loom/device/reconverge.h). For
//   { x = in[i]; s[t] = x; __syncthreads(); ... }
// the mark goes in front of `x = in[i];`: the run is the simple statements (expressions,
// declarations) before the barrier in its compound statement, back to the last `{`, `}`, label,
// `__sync*(...);` statement or statement with a substatement (`if`, a loop, `switch`, `else`,
// `do`). Why: on the device a
// warp that a spin lock's YIELD split meets again at ptxas's WARPSYNC.ALL for the barrier, which
// sits right before the run's shared stores (recorded: validate/probes/warpsync_placement.cu,
// kernels.spinlock.sum_doubles); lockstep mode makes those stores wait for the warp
// (sched/lockstep.cpp). No mark when no statement precedes the barrier in its run, or when the
// run cannot be read back (a `case` label in it).
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

void findBarrierRunEdits(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode,
                         std::vector<Edit>& edits);

}  // namespace loom::cc
