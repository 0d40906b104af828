#include "diamond_stores.h"

#include <string>

#include "expression.h"
#include "statement.h"

namespace loom::cc {
namespace {

class DiamondReader {
 public:
  DiamondReader(std::string_view text, const std::vector<Token>& tokens, StatementEnds& ends)
      : text_(text), tokens_(tokens), ends_(ends) {}

  std::optional<DiamondStore> read(std::size_t ifToken, std::size_t end) {
    if (!punct(ifToken + 1, '(')) return std::nullopt;  // `if constexpr`, `if consteval`
    std::optional<std::size_t> thenBegin = matchingClose(text_, tokens_, ifToken + 1);
    if (!thenBegin) return std::nullopt;
    // A name the condition declares (`if (int j = f(); c)`, `if (int* p = q)`) is in scope in
    // both branches and nowhere else: the store after the if would name another, or none.
    if (maybeDeclares(ifToken + 2, *thenBegin - 1)) return std::nullopt;
    std::optional<std::size_t> thenEnd = ends_(*thenBegin);
    if (!thenEnd || !word(*thenEnd, "else")) return std::nullopt;
    std::optional<std::size_t> elseEnd = ends_(*thenEnd + 1);
    if (!elseEnd || *elseEnd != end) return std::nullopt;
    DiamondStore store;
    const std::size_t begins[2] = {*thenBegin, *thenEnd + 1}, ends[2] = {*thenEnd, end};
    for (int b = 0; b < 2; ++b) {
      std::size_t first = begins[b], last = ends[b];  // the branch's statements, [first, last)
      if (punct(first, '{')) {
        ++first;
        --last;
      }
      if (!plainStatements(first, last) || last == first || !punct(last - 1, ';')) return std::nullopt;
      std::size_t stmt = last - 1;
      while (stmt > first && !punct(stmt - 1, ';')) --stmt;
      std::optional<std::size_t> assign = plainAssignment(stmt, last - 1);
      if (!assign || *assign + 1 >= last - 1) return std::nullopt;
      // The rewrite writes the store's text twice: on one line, so that no line moves.
      if (text_.substr(tokens_[stmt].begin, tokens_[last - 1].end - tokens_[stmt].begin).find('\n') !=
          std::string_view::npos)
        return std::nullopt;
      store.storeBegin[b] = stmt;
      store.assign[b] = *assign;
      store.semicolon[b] = last - 1;
      branches_[b][0] = first;
      branches_[b][1] = last;
    }
    if (!sameTokens(store.storeBegin[0], store.assign[0], store.storeBegin[1], store.assign[1])) return std::nullopt;
    if (!simpleTarget(store.storeBegin[0], store.assign[0])) return std::nullopt;
    // No statement moves what the target's address is made of, and no branch declares a name
    // the target uses (the store after the if would mean the outer one).
    for (std::size_t t = store.storeBegin[0]; t < store.assign[0]; ++t)
      if (ident(t) && (assignedIn(t, branches_[0][0], branches_[0][1]) || assignedIn(t, branches_[1][0], branches_[1][1]) ||
                       declaredIn(t, branches_[0][0], branches_[0][1]) || declaredIn(t, branches_[1][0], branches_[1][1])))
        return std::nullopt;
    store.targetBegin = store.storeBegin[0];
    store.targetEnd = store.assign[0];
    return store;
  }

 private:
  std::string_view spell(std::size_t k) const { return spelling(text_, tokens_[k]); }
  bool punct(std::size_t k, char c) const { return isPunct(text_, tokens_, k, c); }
  bool word(std::size_t k, std::string_view w) const { return isWord(text_, tokens_, k, w); }
  bool ident(std::size_t k) const { return k < tokens_.size() && tokens_[k].kind == TokenKind::Identifier; }
  bool pair(std::size_t k, char a, char b) const { return isOperatorPair(text_, tokens_, k, a, b); }

  // Statements that run to their end whenever they start: no branch, loop, jump, label,
  // conditional or short-circuit operator, nested block, or call but a few loop-free ones.
  bool plainStatements(std::size_t first, std::size_t last) const {
    for (std::size_t k = first; k < last; ++k) {
      if (tokens_[k].kind == TokenKind::Directive) continue;
      if (punct(k, '{') || punct(k, '}') || punct(k, '?')) return false;
      if (punct(k, ':') && !pair(k, ':', ':') && !(k > first && pair(k - 1, ':', ':'))) return false;
      if (pair(k, '&', '&') || pair(k, '|', '|')) return false;
      if (!ident(k)) continue;
      const std::string_view w = spell(k);
      if (isOneOf(w, {"if", "else", "for", "while", "do", "switch", "case", "default", "goto", "break", "continue",
                      "return", "throw", "co_return", "co_await", "asm", "__asm__"}))
        return false;
      if (punct(k + 1, '(') && !isLoopFreeCall(w)) return false;
    }
    return true;
  }

  // The '=' of `<target> = <value>` in [begin, end): a plain assignment at the top level.
  std::optional<std::size_t> plainAssignment(std::size_t begin, std::size_t end) const {
    int depth = 0;
    for (std::size_t k = begin; k < end; ++k) {
      if (punct(k, '(') || punct(k, '[')) ++depth;
      if (punct(k, ')') || punct(k, ']')) --depth;
      if (depth != 0 || !punct(k, '=')) continue;
      if (pair(k, '=', '=')) return std::nullopt;
      if (k > begin && adjacent(tokens_, k - 1) && tokens_[k - 1].kind == TokenKind::Punct &&
          std::string_view("+-*/%&|^<>!").find(text_[tokens_[k - 1].begin]) != std::string_view::npos)
        return std::nullopt;  // a compound assignment or a comparison
      return k;
    }
    return std::nullopt;
  }

  bool sameTokens(std::size_t a, std::size_t aEnd, std::size_t b, std::size_t bEnd) const {
    if (aEnd - a != bEnd - b) return false;
    for (std::size_t k = 0; k < aEnd - a; ++k)
      if (spell(a + k) != spell(b + k)) return false;
    return true;
  }

  // `name[index]` (the index reading no memory and calling nothing) or `name->member`.
  bool simpleTarget(std::size_t begin, std::size_t end) const {
    if (!ident(begin)) return false;
    if (end == begin + 4 && pair(begin + 1, '-', '>') && ident(begin + 3)) return true;
    if (!punct(begin + 1, '[') || !punct(end - 1, ']')) return false;
    std::optional<std::size_t> close = matchingClose(text_, tokens_, begin + 1);
    if (!close || *close != end) return false;
    for (std::size_t k = begin + 2; k + 1 < end; ++k) {
      if (punct(k, '[') || punct(k, '{') || pair(k, '-', '>')) return false;
      if (punct(k, '(') && ident(k - 1)) return false;  // a call
      if (isDereferenceAt(text_, tokens_, k, begin + 2)) return false;
    }
    return true;
  }

  // The name at tokens[name] is assigned, incremented or decremented in [first, last).
  bool assignedIn(std::size_t name, std::size_t first, std::size_t last) const {
    const std::string_view w = spell(name);
    for (std::size_t k = first; k < last; ++k) {
      if (!ident(k) || spell(k) != w) continue;
      if (isMemberName(text_, tokens_, k)) continue;  // another object's member
      if (k >= first + 2 && (pair(k - 2, '+', '+') || pair(k - 2, '-', '-'))) return true;
      if (isAssignmentAt(text_, tokens_, k + 1)) return true;
      if (k > first && punct(k - 1, '&') && !(k > first + 1 && pair(k - 2, '&', '&'))) return true;  // its address taken
    }
    return false;
  }

  // The condition [begin, end) may declare a name: an init-statement's ';', or at its top level a
  // '{' or an '=' that is no comparison (an assignment is taken for one too).
  bool maybeDeclares(std::size_t begin, std::size_t end) const {
    for (std::size_t k = begin; k < end; ++k) {
      if (punct(k, '(') || punct(k, '[')) {
        std::optional<std::size_t> close = matchingClose(text_, tokens_, k);
        if (!close || *close > end) return true;
        k = *close - 1;
        continue;
      }
      if (punct(k, ';') || punct(k, '{')) return true;
      if (punct(k, '=') && !pair(k, '=', '=') && !(k > begin && pair(k - 1, '=', '='))) {
        const bool comparison = k > begin && adjacent(tokens_, k - 1) && (punct(k - 1, '<') || punct(k - 1, '>') || punct(k - 1, '!'));
        if (!comparison) return true;
      }
    }
    return false;
  }

  // The name at tokens[name] may be declared by a statement in [first, last): a mention that can
  // be a declarator. Read from the start of its statement: after a run of type-like tokens
  // (`unsigned x`, `T* x`, `T<U> x`, `int (x)`), after a ',' outside parentheses (`int a = 1, x`),
  // or in a structured binding (`auto [x, y]`, `auto& [x]`).
  bool declaredIn(std::size_t name, std::size_t first, std::size_t last) const {
    const std::string_view w = spell(name);
    std::size_t start = first;
    for (std::size_t k = first; k < last; ++k) {
      if (punct(k, ';')) start = k + 1;
      if (!ident(k) || spell(k) != w || k == start || isMemberName(text_, tokens_, k)) continue;
      if (k >= 2 && pair(k - 2, ':', ':')) continue;  // a qualified name is another entity
      bool typeLike = true;
      for (std::size_t p = start; p < k && typeLike; ++p)
        typeLike = ident(p) || punct(p, ':') || punct(p, '*') || punct(p, '&') || punct(p, '<') || punct(p, '>') ||
                   punct(p, '(') || tokens_[p].kind == TokenKind::Number;
      if (typeLike) return true;
      int parens = 0;
      for (std::size_t p = start; p < k; ++p) parens += punct(p, '(') ? 1 : punct(p, ')') ? -1 : 0;
      if (punct(k - 1, ',') && parens == 0) return true;
      if (punct(k - 1, '[') && k >= 2 && (word(k - 2, "auto") || punct(k - 2, '&'))) return true;
    }
    return false;
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
  StatementEnds& ends_;
  std::size_t branches_[2][2] = {{0, 0}, {0, 0}};
};

}  // namespace

std::optional<DiamondStore> readDiamondStore(std::string_view text, const std::vector<Token>& tokens,
                                             std::size_t ifToken, std::size_t end, StatementEnds& ends) {
  return DiamondReader(text, tokens, ends).read(ifToken, end);
}

}  // namespace loom::cc
