#include "kernel_registration.h"

#include <string>

#include "kernel_declarations.h"

namespace loom::cc {

std::string kernelPointerType(std::string_view text, const std::vector<Token>& tokens, const KernelDeclaration& k) {
  std::string params;
  for (const DeclaredParameter& p : k.parameters)
    params += (params.empty() ? "" : ", ") + tokenText(text, tokens, p.begin, p.declaratorEnd);
  return "void (*)(" + params + ")";
}

void findKernelRegistrationEdits(std::string_view text, const std::vector<Token>& tokens,
                                 std::vector<Edit>& edits) {
  unsigned count = 0;
  for (const KernelDeclaration& k : findKernelDeclarations(text, tokens)) {
    if (!k.atNamespaceScope || k.templateOpen) continue;
    std::string registration = " [[maybe_unused]] static const bool loom_kernel_registered_" + std::to_string(count++) +
                               " = (::loom::registerKernelType(static_cast<" + kernelPointerType(text, tokens, k) +
                               ">(&" + tokenText(text, tokens, k.nameBegin, k.nameEnd) + ")), true);";
    edits.push_back(Edit{tokens[k.end].end, tokens[k.end].end, registration});
  }
}

}  // namespace loom::cc
