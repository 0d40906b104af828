#include "kernel_attributes.h"

#include "kernel_declarations.h"

namespace loom::cc {

void findKernelAttributeEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits) {
  for (const KernelDeclaration& k : findKernelDeclarations(text, tokens)) {
    if (!k.body) continue;
    // The mark is `__attribute__ ( ( ) )`: the attributes go between its inner parentheses.
    const std::size_t at = tokens[k.marker + 2].end;
    edits.push_back(Edit{at, at, "__flatten__, __used__"});
  }
}

}  // namespace loom::cc
