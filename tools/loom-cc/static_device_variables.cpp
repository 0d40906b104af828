#include "static_device_variables.h"

#include <cctype>
#include <optional>
#include <string>

#include "attributes.h"
#include "kernel_declarations.h"
#include "linemap.h"
#include "qualifier_marks.h"
#include "scopes.h"
#include "stable_hash.h"

namespace loom::cc {
namespace {

// The translation unit's main file, as its first linemarker names it: the same in both passes.
std::string mainFile(std::string_view text, const std::vector<Token>& tokens) {
  for (const Token& t : tokens) {
    if (t.kind != TokenKind::Directive) continue;
    int line = 0;
    std::string file;
    if (parseLinemarker(spelling(text, t), line, file, nullptr) && !file.empty()) return file;
  }
  return "";
}

}  // namespace

void findStaticDeviceVariableEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits) {
  std::vector<bool> atNamespaceScope = namespaceScopeTokens(text, tokens);
  std::string unit;
  for (std::size_t mark = 0; mark < tokens.size(); ++mark) {
    QualifierMark q = qualifierMark(text, tokens, mark);
    if ((q != QualifierMark::Device && q != QualifierMark::Constant) || !atNamespaceScope[mark]) continue;
    std::size_t start = declarationStart(text, tokens, mark);
    std::optional<std::size_t> isStatic;
    std::optional<std::size_t> name, end;
    bool plain = true;
    for (std::size_t i = start; i < tokens.size() && plain; ++i) {
      if (std::optional<std::size_t> a = attributeEnd(text, tokens, i)) {
        i = *a - 1;
        continue;
      }
      if (isWord(text, tokens, i, "template") || isWord(text, tokens, i, "extern")) {
        plain = false;
      } else if (isWord(text, tokens, i, "static")) {
        isStatic = i;
      } else if (tokens[i].kind == TokenKind::Identifier) {
        name = i;
      } else if (isPunct(text, tokens, i, '[')) {  // the declarator's bounds follow the name
        std::optional<std::size_t> close = closingBracket(text, tokens, i);
        if (!close) plain = false;
        while (close && isPunct(text, tokens, *close + 1, '[')) close = closingBracket(text, tokens, *close + 1);
        if (!close) break;
        i = *close;
        end = i + 1;
        break;
      } else if (isPunct(text, tokens, i, '=') || isPunct(text, tokens, i, ';')) {
        end = i;
        break;
      } else if (!isPunct(text, tokens, i, ':') && !isPunct(text, tokens, i, '*') && !isPunct(text, tokens, i, '<') &&
                 !isPunct(text, tokens, i, '>') && !isPunct(text, tokens, i, ',')) {
        plain = false;  // a function, a braced initializer: not a plain variable
      } else if (isPunct(text, tokens, i, ',')) {
        plain = false;  // several declarators (or template arguments: left alone either way)
      }
    }
    if (!plain || !isStatic || !name || !end || *isStatic > *name) continue;
    if (!isPunct(text, tokens, *end, '=') && !isPunct(text, tokens, *end, ';')) continue;
    if (unit.empty()) unit = stableHash(mainFile(text, tokens));
    std::string label = "_loom_static_" + unit + "_" + std::string(spelling(text, tokens[*name]));
    edits.push_back(Edit{tokens[*isStatic].begin, tokens[*isStatic].end, ""});
    // After the declarator, apart from its name (`seq;` in Thrust's `static const __device__ seq_t seq;`).
    const bool spaced = tokens[*end].begin > 0 && std::isspace(static_cast<unsigned char>(text[tokens[*end].begin - 1]));
    edits.push_back(Edit{tokens[*end].begin, tokens[*end].begin, (spaced ? "" : " ") + std::string("__asm__(\"") + label + "\") "});
    mark = *end;
  }
}

}  // namespace loom::cc
