#include "kernel_checks.h"

#include "attributes.h"
#include "kernel_declarations.h"

namespace loom::cc {

void findKernelErrors(std::string_view text, const std::vector<Token>& tokens, std::vector<Diagnostic>& diagnostics) {
  for (const KernelDeclaration& k : findKernelDeclarations(text, tokens)) {
    // The decl-specifiers that are no type: storage, linkage, inline, friend, attributes.
    std::size_t types = 0;
    bool isVoid = false, deduced = false;
    for (std::size_t i = k.templateOpen ? k.templateClose + 1 : declarationStart(text, tokens, k.marker);
         i < k.nameBegin;) {
      if (std::optional<std::size_t> a = attributeEnd(text, tokens, i)) {
        i = *a;
        continue;
      }
      std::string_view w = spelling(text, tokens[i]);
      if (isLineMarker(text, tokens, i) || tokens[i].kind == TokenKind::String || w == "static" || w == "inline" || w == "extern" ||
          w == "friend" || w == "__inline__") {
        ++i;
        continue;
      }
      isVoid = w == "void";
      deduced |= w == "auto";  // `auto k() -> void`: left to the compiler
      ++types;
      ++i;
    }
    if (deduced || (types == 1 && isVoid)) continue;
    diagnostics.push_back(diagnosticAt(text, tokens[k.nameEnd - 1].begin, tokens[k.nameEnd - 1].end,
                                       "a __global__ function must have a void return type"));
  }
}

}  // namespace loom::cc
