#include "selected_loads.h"

#include <optional>

#include "expression.h"
#include "statement.h"

namespace loom::cc {
namespace {

class ConditionalReader {
 public:
  ConditionalReader(std::string_view text, const std::vector<Token>& tokens) : text_(text), tokens_(tokens) {}

  // The ':' that pairs with the '?' at tokens[q], at the same bracket depth.
  std::optional<std::size_t> colon(std::size_t q) const {
    unsigned nested = 0;
    for (std::size_t k = q + 1; k < tokens_.size(); ++k) {
      if (opener(k)) {
        std::optional<std::size_t> close = matchingClose(text_, tokens_, k);
        if (!close) return std::nullopt;
        k = *close - 1;
        continue;
      }
      if (closer(k) || punct(k, ';')) return std::nullopt;
      if (punct(k, '?')) ++nested;
      if (punct(k, ':')) {
        if (pair(k, ':', ':')) {
          ++k;
          continue;
        }
        if (nested == 0) return k;
        --nested;
      }
    }
    return std::nullopt;
  }

  // One past the second side, which begins at tokens[begin]: where the conditional ends.
  std::optional<std::size_t> sideEnd(std::size_t begin) const {
    for (std::size_t k = begin; k < tokens_.size(); ++k) {
      if (opener(k)) {
        std::optional<std::size_t> close = matchingClose(text_, tokens_, k);
        if (!close) return std::nullopt;
        k = *close - 1;
        continue;
      }
      if (closer(k) || punct(k, ';') || punct(k, ',') || punct(k, '?') || (punct(k, ':') && !pair(k, ':', ':')))
        return k;
      if (punct(k, '=') && !pair(k, '=', '=')) return std::nullopt;  // an assignment: not a side of this form
    }
    return std::nullopt;
  }

  // The first token of the condition that ends before the '?' at tokens[q].
  std::optional<std::size_t> conditionBegin(std::size_t q) const {
    for (std::size_t k = q; k-- > 0;) {
      // A '}' ends a compound statement, or a lambda's body or a braced initializer inside the
      // condition: which one, tokens cannot tell.
      if (punct(k, '}')) return std::nullopt;
      if (closer(k)) {
        std::optional<std::size_t> open = openingBracket(text_, tokens_, k);
        if (!open) return std::nullopt;
        // The head of `if (...)`, `while (...)`, `for (...)`, `switch (...)`: the condition
        // begins after it (`if (c) d ? a[x] : a[y];`).
        if (punct(k, ')') && *open > 0 && tokens_[*open - 1].kind == TokenKind::Identifier) {
          const std::string_view w = spell(*open - 1);
          if (w == "if" || w == "while" || w == "for" || w == "switch" || w == "constexpr") return k + 1;
        }
        k = *open;
        continue;
      }
      if (opener(k) || punct(k, ';') || punct(k, ',') || punct(k, '?')) return k + 1;
      if (punct(k, ':')) {
        if (k > 0 && pair(k - 1, ':', ':')) {
          --k;
          continue;
        }
        if (pair(k, ':', ':')) continue;
        return k + 1;
      }
      if (punct(k, '=')) {
        // == <= >= != are comparisons, inside the condition; = and op= end it.
        const bool comparison = pair(k, '=', '=') || (k > 0 && pair(k - 1, '=', '=')) ||
                                (k > 0 && adjacent(tokens_, k - 1) &&
                                 (punct(k - 1, '<') || punct(k - 1, '>') || punct(k - 1, '!')) &&
                                 !(k > 1 && (pair(k - 2, '<', '<') || pair(k - 2, '>', '>'))));
        if (!comparison) return k + 1;
        continue;
      }
      if (tokens_[k].kind == TokenKind::Identifier &&
          (isWord(text_, tokens_, k, "return") || isWord(text_, tokens_, k, "throw") ||
           isWord(text_, tokens_, k, "case") || isWord(text_, tokens_, k, "co_return") ||
           isWord(text_, tokens_, k, "else") || isWord(text_, tokens_, k, "do")))
        return k + 1;
      // Any other statement keyword: not an expression this reading knows the start of.
      if (tokens_[k].kind == TokenKind::Identifier &&
          isOneOf(spell(k), {"if", "while", "for", "switch", "goto", "default", "try", "catch", "co_yield",
                             "co_await", "typedef", "using", "static_assert"}))
        return std::nullopt;
      if (tokens_[k].kind == TokenKind::Directive) return std::nullopt;
    }
    return std::nullopt;
  }

  // [begin, end) is `name[...]`.
  bool element(std::size_t begin, std::size_t end) const {
    if (end < begin + 3 || tokens_[begin].kind != TokenKind::Identifier || !punct(begin + 1, '[')) return false;
    std::optional<std::size_t> close = matchingClose(text_, tokens_, begin + 1);
    return close && *close == end;
  }

  std::string_view spell(std::size_t k) const { return spelling(text_, tokens_[k]); }

 private:
  bool punct(std::size_t k, char c) const { return isPunct(text_, tokens_, k, c); }
  bool pair(std::size_t k, char a, char b) const { return isOperatorPair(text_, tokens_, k, a, b); }
  bool opener(std::size_t k) const { return punct(k, '(') || punct(k, '[') || punct(k, '{'); }
  bool closer(std::size_t k) const { return punct(k, ')') || punct(k, ']') || punct(k, '}'); }

  std::string_view text_;
  const std::vector<Token>& tokens_;
};

}  // namespace

void findSelectedLoadEdits(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode,
                           std::vector<Edit>& edits) {
  const ConditionalReader r(text, tokens);
  for (std::size_t q = 1; q < tokens.size(); ++q) {
    if (!userCode[q] || !isPunct(text, tokens, q, '?') || isPunct(text, tokens, q + 1, ':')) continue;
    std::optional<std::size_t> colon = r.colon(q);
    if (!colon) continue;
    std::optional<std::size_t> end = r.sideEnd(*colon + 1);
    if (!end || !r.element(q + 1, *colon) || !r.element(*colon + 1, *end)) continue;
    if (r.spell(q + 1) != r.spell(*colon + 1)) continue;  // the same array
    std::optional<std::size_t> begin = r.conditionBegin(q);
    if (!begin || *begin >= q) continue;
    const std::string select = "::loom::device::selectable(";
    edits.push_back(Edit{tokens[*begin].begin, tokens[*begin].begin, "(*("});
    edits.push_back(Edit{tokens[q + 1].begin, tokens[q + 1].begin, select});
    edits.push_back(Edit{tokens[*colon - 1].end, tokens[*colon - 1].end, ")"});
    edits.push_back(Edit{tokens[*colon + 1].begin, tokens[*colon + 1].begin, select});
    edits.push_back(Edit{tokens[*end - 1].end, tokens[*end - 1].end, ")))"});
  }
}

}  // namespace loom::cc
