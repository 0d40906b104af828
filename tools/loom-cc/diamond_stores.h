// An if/else whose two branches end by storing to the same element:
//   if (c) { ...; a[i] = x; } else { ...; a[i] = y; }
// NVVM sinks the two stores into one after the branches (LLVM's MergedLoadStoreMotion and
// SimplifyCFG's sinking of common code): one store instruction, run by the lanes of both
// branches together (recorded: tests.cuda.reconvergence's ifElseInLoop, 16 store requests for
// 16 iterations where two stores make 32). g++ cannot do the same here: under
// -fsanitize=thread each store is a call. reconvergence.h wraps such an `if` in a
// `::loom::device::SunkStore<decltype((a[i]))>`, makes each branch's store a `put` and adds one
// `sink` after the region (loom/device/sunk_store.h shows the form): the branches keep the
// value, one store after the region writes it.
//
// Read only where the rewrite means what the source means and nvcc was seen to do it: both
// branches are blocks of plain statements (no branch, loop, jump or label: the store is reached
// whenever its branch runs), each ending in `<target> = <value>;` on one line with the same
// target, spelled the same; the target is `name[index]` or `name->member`, whose index reads no
// memory and calls nothing (so evaluating it twice is harmless), no statement of either
// branch assigns a name the target uses, and nothing declares one where the store after the
// if would not see it: not the condition (`if (int j = f(); c)`, `if (int* p = q)`, taken
// as declaring whenever it holds a ';', a '{' or an '=' that is no comparison) and no
// statement of a branch (`int j{1};`, `T* a = p;`, `int i = 0, j;`, `auto [j, k] = s;`).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "lexer.h"
#include "statement.h"

namespace loom::cc {

struct DiamondStore {
  std::size_t targetBegin = 0, targetEnd = 0;  // the target's tokens in the first branch
  // Per branch: the first token of the store statement, its '=' and its ';'.
  std::size_t storeBegin[2] = {0, 0};
  std::size_t assign[2] = {0, 0};
  std::size_t semicolon[2] = {0, 0};
};

// tokens[ifToken] is an `if` whose statement ends before tokens[end]; `ends` reads statements.
std::optional<DiamondStore> readDiamondStore(std::string_view text, const std::vector<Token>& tokens,
                                             std::size_t ifToken, std::size_t end, StatementEnds& ends);

}  // namespace loom::cc
