#include "shared_attributes.h"

#include <string>

#include "attributes.h"

namespace loom::cc {
namespace {

bool endsDeclarator(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  if (i >= tokens.size() || tokens[i].kind != TokenKind::Punct) return i >= tokens.size();
  const char c = text[tokens[i].begin];
  return c == '[' || c == '(' || c == '=' || c == ',' || c == ';' || c == '{' || c == '}';
}

// The declaration whose `thread_local` is tokens[at]: the standard attributes that stand among
// its specifiers, as token ranges. One is among them when another specifier follows it: an
// identifier that is not the declared name (the name is followed by what ends a declarator).
// An attribute after the name, or after the whole specifier sequence, is where C++ allows it.
std::vector<std::pair<std::size_t, std::size_t>> misplacedAttributes(std::string_view text,
                                                                    const std::vector<Token>& tokens,
                                                                    std::size_t at) {
  std::vector<std::pair<std::size_t, std::size_t>> found;
  std::size_t i = at + 1;
  while (i < tokens.size()) {
    if (std::optional<std::size_t> end = attributeEnd(text, tokens, i)) {
      std::size_t next = *end;
      while (std::optional<std::size_t> more = attributeEnd(text, tokens, next)) next = *more;
      const bool specifierFollows = next < tokens.size() && tokens[next].kind == TokenKind::Identifier &&
                                    !endsDeclarator(text, tokens, next + 1);
      if (isStandardAttribute(text, tokens, i) && specifierFollows) found.emplace_back(i, *end);
      i = *end;
      continue;
    }
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Directive || t.kind == TokenKind::String) break;
    if (t.kind == TokenKind::Punct) {
      char c = text[t.begin];
      if (c == '[' || c == '(' || c == '=' || c == ',' || c == ';' || c == '{' || c == '}') break;
    }
    ++i;
  }
  return found;
}

}  // namespace

void findSharedAttributeEdits(std::string_view text, const std::vector<Token>& tokens,
                              std::vector<Edit>& edits) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!isWord(text, tokens, i, "thread_local")) continue;
    if ((i > 0 && isWord(text, tokens, i - 1, "extern")) || isWord(text, tokens, i + 1, "extern")) continue;
    std::size_t declStart = i > 0 && isWord(text, tokens, i - 1, "static") ? i - 1 : i;
    std::string moved;
    for (auto [first, last] : misplacedAttributes(text, tokens, i)) {
      const std::size_t begin = tokens[first].begin, end = tokens[last - 1].end;
      std::string keptLines;  // the attribute's place keeps its line breaks
      for (std::size_t k = begin; k < end; ++k) {
        char c = text[k];
        if (c == '\n') {
          keptLines.push_back('\n');
          moved.push_back(' ');
        } else {
          moved.push_back(c == '\r' ? ' ' : c);
        }
      }
      moved.push_back(' ');
      edits.push_back({begin, end, std::move(keptLines)});
    }
    if (!moved.empty()) edits.push_back({tokens[declStart].begin, tokens[declStart].begin, std::move(moved)});
  }
}

}  // namespace loom::cc
