// Marks atomicAdd calls whose result is discarded, so that the bank model can price them as the
// instruction nvcc makes of them.
//
// nvcc compiles `atomicAdd(p, 1);` on a 4-byte integer in shared memory, result unused, to
// ATOMS.POPC.INC: the lanes that name one word merge into one update, and the request costs what
// a load of the same addresses costs (recorded: banks.shared_atom, catomicinc patterns). With the
// result used, or another addend, it is ATOMS.ADD, one update per lane. Inside atomicAdd nothing
// says whether the caller uses the result; the statement around the call does. So each
// expression statement that is one call of atomicAdd, atomicAdd_block or atomicAdd_system
// (optionally cast to void) gets, in front of it on the same line,
//   (void)::loom::device::ResultUnused{},
// whose temporary lives for the statement and tells the engine the result is discarded; the
// constant addend is seen by the inline atomicAdd (loom/device/atomics.h, __builtin_constant_p).
// No token of the user's code changes, and overload resolution is untouched. Left alone: calls in
// conditions, for-headers, initializers and other expressions (their result is used), and calls
// whose arguments contain another atomic (the marker would reach the inner one first).
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

void findDiscardedAtomicEdits(std::string_view text, const std::vector<Token>& tokens,
                              std::vector<Edit>& edits);

}  // namespace loom::cc
