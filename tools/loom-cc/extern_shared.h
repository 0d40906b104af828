// Recognizes `extern __shared__ T name[];` in preprocessed text, where `__shared__` has become
// `thread_local`: `extern thread_local <attributes and type> name [ ] ;`.
#pragma once

#include <string_view>
#include <vector>

#include "edit.h"
#include "lexer.h"

namespace loom::cc {

// Appends one edit per such declaration, turning it, in a function, into
//   [[maybe_unused]] <attributes> T * const name = reinterpret_cast< T *>(::loom::dynamicSharedBase());
// and at namespace scope into
//   inline thread_local <attributes> T * name = nullptr; [[maybe_unused]] static const bool
//       loom_extern_shared_name = ::loom::registerExternShared(&name);
// (the engine sets each worker's copy; `inline`, so that a .cu file's two passes and other files
// declaring the same name share one pointer), so that the array names the dynamic shared memory of
// the current block. Attributes (GNU
// `__attribute__((...))`, `alignas(...)`, `[[...]]`) may stand anywhere in the declaration;
// they are moved before the type. `T name[][N]` becomes a pointer to T[N]. Newlines and line
// markers inside the declaration are kept after the replacement (a line marker inside an
// attribute too, which a system header's macro can put there). Any other `extern thread_local` declaration (no
// `[]`, several declarators, an initializer) is left alone.
void findExternSharedEdits(std::string_view text, const std::vector<Token>& tokens,
                           std::vector<Edit>& edits);

}  // namespace loom::cc
