#include "kernel_inlining.h"

#include "kernel_declarations.h"

namespace loom::cc {

void findKernelInliningEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits) {
  for (const KernelDeclaration& k : findKernelDeclarations(text, tokens)) {
    if (!k.body) continue;
    // The mark is `__attribute__ ( ( ) )`: the attribute goes between its inner parentheses.
    const std::size_t at = tokens[k.marker + 2].end;
    edits.push_back(Edit{at, at, "__flatten__"});
  }
}

}  // namespace loom::cc
