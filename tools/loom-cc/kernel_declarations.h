// The kernels of preprocessed text, as loom-cc's two kernel rewrites (kernel_registration.h,
// kernel_prologue.h) see them. `__global__` expands to `__attribute__(())` (loom/core/qualifiers.h):
// an empty GNU attribute, valid wherever CUDA allows `__global__` and meaning nothing to g++,
// which marks each kernel's declaration or definition. For each marked one this finds its name,
// the namespaces around it, its template header, its parameters (with their names, or where a
// name would go) and its body.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lexer.h"

namespace loom::cc {

// One parameter of a kernel or of its template header.
struct DeclaredParameter {
  std::size_t begin = 0;            // its first token
  std::size_t declaratorEnd = 0;    // one past its last token before a default argument's '='
  std::size_t end = 0;              // one past its last token (the ',' or ')' / '>' after it)
  std::optional<std::size_t> name;  // the token naming it
  std::size_t nameOffset = 0;       // byte offset where a name goes when it has none
  bool pack = false;                // `T... name`, `class... Ts`
};

struct KernelDeclaration {
  std::size_t marker = 0;                         // the `__attribute__` token of `__global__`
  std::size_t nameBegin = 0, nameEnd = 0;         // the declarator-id's tokens, `ns::k` included
  std::optional<std::size_t> explicitArguments;   // '<' of `k<int>` (an explicit specialization)
  std::size_t open = 0, close = 0;                // '(' and ')' of the parameter list
  std::vector<DeclaredParameter> parameters;
  std::optional<std::size_t> templateOpen;        // '<' of `template <...>` before it
  std::size_t templateClose = 0;                  // its '>'
  std::vector<DeclaredParameter> templateParameters;
  std::optional<std::size_t> body;                // '{' of a definition
  std::size_t end = 0;                            // the ';' of a declaration, the '}' of a body
  bool atNamespaceScope = false;                  // every brace around it a namespace's or extern "C"'s
  std::string scope;                              // the named namespaces around it: "a::b", or ""
};

std::vector<KernelDeclaration> findKernelDeclarations(std::string_view text, const std::vector<Token>& tokens);

// The first token of the declaration holding tokens[i]: after the previous ';', brace or
// preprocessor line other than a line marker (a template header, decl-specifiers and attributes
// included).
std::size_t declarationStart(std::string_view text, const std::vector<Token>& tokens, std::size_t i);

// The text of tokens [begin, end), newlines made blanks (an inserted copy keeps the line count).
std::string tokenText(std::string_view text, const std::vector<Token>& tokens, std::size_t begin, std::size_t end);

}  // namespace loom::cc
