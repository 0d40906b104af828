// The loops nvcc unrolls by four: an innermost loop of the user's code of the form
//   for (<init>; i <op> <bound>; <step>) <body>      while (i <op> <bound>) { ... <step>; }
// with <op> one of < <= > >= !=, <step> ++i, i++, --i, i--, i += c or i -= c (c an integer
// literal), a bound that reads no memory the body may write, and a body that does not assign i
// and has no loop, break, return, goto, switch (nor, in a while loop, continue), warp
// collective, barrier or call other than atomics and a few loop-free intrinsics (a library
// function such as sinf may hide a loop: its argument reduction). Such a loop has a trip
// count NVVM computes, and NVVM splits it into a loop of four
// copies of the body and a remainder loop (recorded: validate/probes/loop_unroll.cu); which comes
// first, the remainder (a prologue) or the unrolled loop (an epilogue), follows LLVM's
// isEpilogProfitable: an epilogue when a variable the loop carries enters it as an integer
// constant (`j = 0`, or `int s = 0` before the loop and `s += ...` in it).
//
// reconvergence.h marks such a loop for the engine (loom/device/counted_loops.h): its bound as
// `::loom::device::countedBound(<bound>)`, and after its body's region
// `::loom::device::countedIteration<descriptor>(i);`.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lexer.h"

namespace loom::cc {

struct CountedLoop {
  std::size_t boundBegin = 0;  // the bound's tokens, [boundBegin, boundEnd)
  std::size_t boundEnd = 0;
  std::string variable;        // the loop variable
  unsigned descriptor = 0;     // sched/counted_loops.cpp: operator, epilogue, step
};

// tokens[loopToken] is a `for` or a `while` (not a do-while's), its body is [bodyBegin, bodyEnd).
std::optional<CountedLoop> readCountedLoop(std::string_view text, const std::vector<Token>& tokens,
                                           std::size_t loopToken, std::size_t bodyBegin, std::size_t bodyEnd);

}  // namespace loom::cc
