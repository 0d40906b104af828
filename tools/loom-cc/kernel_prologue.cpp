#include "kernel_prologue.h"

#include <string>

#include "kernel_declarations.h"
#include "kernel_registration.h"

namespace loom::cc {
namespace {

// The names a declaration's parameters are passed on by (a pack expanded), naming the unnamed.
std::string passedNames(std::string_view text, const std::vector<Token>& tokens,
                        const std::vector<DeclaredParameter>& parameters, unsigned& unnamed,
                        std::vector<Edit>& edits) {
  std::string names;
  for (const DeclaredParameter& p : parameters) {
    std::string name;
    if (p.name) {
      name = std::string(spelling(text, tokens[*p.name]));
    } else {
      name = "loom_param_" + std::to_string(unnamed++);
      edits.push_back(Edit{p.nameOffset, p.nameOffset, " " + name});
    }
    names += (names.empty() ? "" : ", ") + name + (p.pack ? "..." : "");
  }
  return names;
}

}  // namespace

void findKernelPrologueEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits) {
  for (const KernelDeclaration& k : findKernelDeclarations(text, tokens)) {
    if (!k.body) continue;
    if (!k.atNamespaceScope) {  // a friend defined in its class: no name to launch it by
      edits.push_back(refusalEdit(text, tokens, k));
      continue;
    }
    KernelSelf self = kernelSelf(text, tokens, k, edits);
    std::string line = " if (__builtin_expect(::loom::launchPending(), 0)) return ::loom::launchFromKernel(static_cast<" +
                       self.pointerType + ">(&" + self.name + ")" +
                       (self.arguments.empty() ? "" : ", " + self.arguments) + ");";
    edits.push_back(Edit{tokens[*k.body].end, tokens[*k.body].end, line});
  }
}

Edit refusalEdit(std::string_view text, const std::vector<Token>& tokens, const KernelDeclaration& k) {
  std::string name = tokenText(text, tokens, k.nameBegin, k.nameEnd);
  return Edit{tokens[*k.body].end, tokens[*k.body].end,
              " if (__builtin_expect(::loom::launchPending(), 0)) return ::loom::refuseLaunch(\"" + name + "\");"};
}

KernelSelf kernelSelf(std::string_view text, const std::vector<Token>& tokens, const KernelDeclaration& k,
                      std::vector<Edit>& edits) {
  KernelSelf self;
  unsigned unnamed = 0;
  self.name = tokenText(text, tokens, k.nameBegin, k.nameEnd);
  if (self.name.rfind("::", 0) != 0) self.name = "::" + (k.scope.empty() ? "" : k.scope + "::") + self.name;
  if (k.explicitArguments) {
    self.name += tokenText(text, tokens, *k.explicitArguments, k.open);
  } else if (k.templateOpen) {
    self.name += "<" + passedNames(text, tokens, k.templateParameters, unnamed, edits) + ">";
  }
  self.arguments = passedNames(text, tokens, k.parameters, unnamed, edits);
  self.pointerType = kernelPointerType(text, tokens, k);
  return self;
}

}  // namespace loom::cc
