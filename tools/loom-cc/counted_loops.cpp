#include "counted_loops.h"

#include <array>

#include "expression.h"
#include "statement.h"

namespace loom::cc {
namespace {

// The descriptor's operator codes and epilogue bit (sched/counted_loops.cpp).
enum : unsigned { kLess = 0, kLessEqual = 1, kGreater = 2, kGreaterEqual = 3, kNotEqual = 4, kEpilogue = 8 };

// The calls a counted loop's body may make: loop-free ones (expression.h), atomics, and `if (`.
bool countedBodyCall(std::string_view w) { return w.substr(0, 6) == "atomic" || w == "if" || isLoopFreeCall(w); }

// A second exit, an inner loop, or code Loom cannot see through.
bool forbiddenInBody(std::string_view w) {
  return isOneOf(w, {"for", "while", "do", "goto", "break", "return", "switch", "asm", "__asm__", "throw", "co_await"});
}

class LoopReader {
 public:
  LoopReader(std::string_view text, const std::vector<Token>& tokens) : text_(text), tokens_(tokens) {}

  std::optional<CountedLoop> read(std::size_t loopToken, std::size_t bodyBegin, std::size_t bodyEnd) {
    const bool forLoop = word(loopToken) == "for";
    const std::size_t open = loopToken + 1, close = bodyBegin - 1;  // the header's parentheses
    if (!punct(open, '(')) return std::nullopt;
    std::size_t condBegin = open + 1, condEnd = close, stepBegin = 0, stepEnd = 0;
    whileLoop_ = !forLoop;
    bodyEnd_ = bodyEnd;
    if (forLoop) {
      std::optional<std::array<std::size_t, 2>> semis = headerSemicolons(open, close);
      if (!semis) return std::nullopt;
      condBegin = (*semis)[0] + 1;
      condEnd = (*semis)[1];
      stepBegin = (*semis)[1] + 1;
      stepEnd = close;
    } else {
      // A while loop counts when its body is `{ ... <step>; }` and holds no `continue` (which
      // would skip the step).
      if (!punct(bodyBegin, '{') || !punct(bodyEnd - 1, '}') || !punct(bodyEnd - 2, ';')) return std::nullopt;
      stepEnd = bodyEnd - 2;
      stepBegin = stepEnd;
      while (stepBegin > bodyBegin + 1 && !punct(stepBegin - 1, ';') && !punct(stepBegin - 1, '{') &&
             !punct(stepBegin - 1, '}'))
        --stepBegin;
      bodyEnd_ = stepBegin;
    }
    CountedLoop loop;
    std::optional<unsigned> op = condition(condBegin, condEnd, loop);
    if (!op) return std::nullopt;
    std::optional<long long> step = stepOf(stepBegin, stepEnd, loop.variable);
    if (!step) return std::nullopt;
    if ((*op == kLess || *op == kLessEqual) && *step < 0) return std::nullopt;
    if ((*op == kGreater || *op == kGreaterEqual) && *step > 0) return std::nullopt;
    bool constantStart = false, initialized = false;
    if (forLoop && condBegin - 1 > open + 1) {
      if (!init(open + 1, condBegin - 1, loop.variable, constantStart)) return std::nullopt;
      initialized = true;
    }
    if (!body(forLoop ? bodyBegin : bodyBegin + 1, bodyEnd_, loop.variable)) return std::nullopt;
    if (boundReads_ && bodyWrites_) return std::nullopt;
    // A variable the loop carries that enters it as an integer constant: the loop variable from
    // its init, or from before the loop when there is none; or one the body assigns.
    if (!initialized) assigned_.push_back(loop.variable);
    const bool epilogue = constantStart || carriesConstant(loopToken);
    loop.descriptor = *op | (epilogue ? kEpilogue : 0u) | (static_cast<unsigned>(*step & 0xffff) << 16);
    return loop;
  }

 private:
  std::string_view word(std::size_t k) const { return spelling(text_, tokens_[k]); }
  bool punct(std::size_t k, char c) const { return isPunct(text_, tokens_, k, c); }
  bool ident(std::size_t k) const { return k < tokens_.size() && tokens_[k].kind == TokenKind::Identifier; }
  // tokens[k] and tokens[k + 1] spell the two-character operator a b.
  bool pair(std::size_t k, char a, char b) const { return isOperatorPair(text_, tokens_, k, a, b); }
  bool opener(std::size_t k) const { return punct(k, '(') || punct(k, '[') || punct(k, '{'); }
  bool memberAccess(std::size_t k) const { return isMemberName(text_, tokens_, k); }

  bool integerLiteral(std::size_t k) const {
    if (k >= tokens_.size() || tokens_[k].kind != TokenKind::Number) return false;
    const std::string_view s = word(k);
    const bool hex = s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    for (char c : s)
      if (c == '.' || (!hex && (c == 'e' || c == 'E' || c == 'f' || c == 'F'))) return false;
    return true;
  }
  bool assignmentAt(std::size_t k) const { return isAssignmentAt(text_, tokens_, k); }

  // The two top-level ';' of a for header.
  std::optional<std::array<std::size_t, 2>> headerSemicolons(std::size_t open, std::size_t close) const {
    std::array<std::size_t, 2> semi{0, 0};
    unsigned found = 0;
    for (std::size_t k = open + 1; k < close; ++k) {
      if (opener(k)) {
        std::optional<std::size_t> end = matchingClose(text_, tokens_, k);
        if (!end) return std::nullopt;
        k = *end - 1;
      } else if (punct(k, ';')) {
        if (found == 2) return std::nullopt;
        semi[found++] = k;
      }
    }
    if (found != 2) return std::nullopt;
    return semi;
  }

  // `i <op> <bound>` filling [begin, end): the operator, and the variable and bound in `loop`.
  // The bound must be the whole right operand: nothing at its top level that binds looser than a
  // relational operator, or is one.
  std::optional<unsigned> condition(std::size_t begin, std::size_t end, CountedLoop& loop) {
    if (!ident(begin)) return std::nullopt;
    loop.variable = std::string(word(begin));
    unsigned op;
    std::size_t bound;
    if (pair(begin + 1, '<', '=')) op = kLessEqual, bound = begin + 3;
    else if (pair(begin + 1, '>', '=')) op = kGreaterEqual, bound = begin + 3;
    else if (pair(begin + 1, '!', '=')) op = kNotEqual, bound = begin + 3;
    else if (punct(begin + 1, '<') && !pair(begin + 1, '<', '<')) op = kLess, bound = begin + 2;
    else if (punct(begin + 1, '>') && !pair(begin + 1, '>', '>')) op = kGreater, bound = begin + 2;
    else return std::nullopt;
    if (bound >= end) return std::nullopt;
    for (std::size_t b = bound; b < end; ++b) {
      if (opener(b)) {
        std::optional<std::size_t> close = matchingClose(text_, tokens_, b);
        if (!close || *close > end) return std::nullopt;
        for (std::size_t inner = b; inner < *close; ++inner)
          if (punct(inner, '[') || pair(inner, '-', '>')) boundReads_ = true;
        b = *close - 1;
        continue;
      }
      if (tokens_[b].kind != TokenKind::Punct) continue;
      if (pair(b, '-', '>') || pair(b, ':', ':')) {
        boundReads_ = boundReads_ || punct(b, '-');
        ++b;
        continue;
      }
      if (pair(b, '<', '<') || pair(b, '>', '>')) {
        if (punct(b + 2, '=')) return std::nullopt;
        ++b;
        continue;
      }
      const char c = text_[tokens_[b].begin];
      if (c == '&' || c == '|' || c == '?' || c == ',' || c == '=' || c == '<' || c == '>' || c == '^' ||
          c == ':' || c == '!')
        return std::nullopt;
      if (isDereferenceAt(text_, tokens_, b, bound)) boundReads_ = true;
    }
    loop.boundBegin = bound;
    loop.boundEnd = end;
    return op;
  }

  // ++i, i++, --i, i--, i += c or i -= c filling [begin, end); c an integer literal.
  std::optional<long long> stepOf(std::size_t begin, std::size_t end, std::string_view variable) const {
    const std::size_t n = end - begin;
    long long step = 0;
    if (n == 3 && ident(begin + 2) && word(begin + 2) == variable && pair(begin, '+', '+')) step = 1;
    else if (n == 3 && ident(begin + 2) && word(begin + 2) == variable && pair(begin, '-', '-')) step = -1;
    else if (n == 3 && ident(begin) && word(begin) == variable && pair(begin + 1, '+', '+')) step = 1;
    else if (n == 3 && ident(begin) && word(begin) == variable && pair(begin + 1, '-', '-')) step = -1;
    else if (n == 4 && ident(begin) && word(begin) == variable && integerLiteral(begin + 3) &&
             (pair(begin + 1, '+', '=') || pair(begin + 1, '-', '=')))
      step = std::stoll(std::string(word(begin + 3)), nullptr, 0) * (punct(begin + 1, '+') ? 1 : -1);
    if (step == 0 || step > 32767 || step < -32768) return std::nullopt;
    return step;
  }

  // A for loop's init: `i = <expr>` or a declaration of i alone. Whether <expr> is an integer
  // literal, signed or not, goes to `constant`.
  bool init(std::size_t begin, std::size_t end, std::string_view variable, bool& constant) const {
    std::size_t assign = 0;
    for (std::size_t i = begin; i < end; ++i) {
      if (punct(i, ',')) return false;
      if (opener(i)) {
        std::optional<std::size_t> close = matchingClose(text_, tokens_, i);
        if (!close) return false;
        i = *close - 1;
        continue;
      }
      if (!assign && punct(i, '=')) assign = i;
    }
    if (!assign || !ident(assign - 1) || word(assign - 1) != variable) return false;
    const std::size_t value = assign + 1;
    constant = (end == value + 1 && integerLiteral(value)) ||
               (end == value + 2 && (punct(value, '-') || punct(value, '+')) && integerLiteral(value + 1));
    return true;
  }

  // The body [begin, end): nothing that makes the loop not innermost, gives it a second exit or
  // makes it convergent, no call that may hide either, and no assignment to the loop variable.
  // Collects what it assigns and declares, and whether it may write memory.
  bool body(std::size_t begin, std::size_t end, std::string_view variable) {
    for (std::size_t b = begin; b < end; ++b) {
      if (tokens_[b].kind == TokenKind::Directive) continue;
      if (ident(b)) {
        const std::string_view w = word(b);
        if (forbiddenInBody(w) || (w == "continue" && whileLoop_)) return false;
        if (punct(b + 1, '(') && (memberAccess(b) || !countedBodyCall(w))) return false;
        if (w.substr(0, 6) == "atomic") bodyWrites_ = true;
        if (b > begin && ident(b - 1) && word(b - 1) != "else") declared_.push_back(w);
        const bool assigned = !memberAccess(b) && (assignmentAt(b + 1) || (b > begin + 1 && (pair(b - 2, '+', '+') ||
                                                                                            pair(b - 2, '-', '-'))));
        if (assigned && w == variable) return false;
        if (assigned) assigned_.push_back(w);
        continue;
      }
      if (punct(b, ']') && assignmentAt(b + 1)) bodyWrites_ = true;
      if (b > begin && isDereferenceAt(text_, tokens_, b, begin)) bodyWrites_ = true;  // a store through it, maybe
    }
    return true;
  }

  // Whether a variable of assigned_ (not one the body declares) enters the loop as an integer
  // constant: its last mention before the loop is `x = <integer literal>` ending a declaration
  // of an integer type (or a statement of its own, after such a declaration).
  bool carriesConstant(std::size_t loopToken) const {
    for (std::string_view name : assigned_) {
      bool local = false;
      for (std::string_view d : declared_) local = local || d == name;
      if (!local && enteringConstant(name, loopToken)) return true;
    }
    return false;
  }

  bool enteringConstant(std::string_view name, std::size_t loopToken) const {
    bool constant = false;
    for (std::size_t b = loopToken; b-- > 0;) {
      if (!ident(b) || word(b) != name || memberAccess(b)) continue;
      if (!constant) {
        if (!(punct(b + 1, '=') && !pair(b + 1, '=', '=') && integerLiteral(b + 2) &&
              (punct(b + 3, ',') || punct(b + 3, ';'))))
          return false;
        constant = true;
      }
      // The statement the mention is in: its first token says whether it declares an integer.
      std::size_t first = b;
      while (first > 0 && !punct(first - 1, ';') && !punct(first - 1, '{') && !punct(first - 1, '}') &&
             !punct(first - 1, '(') && tokens_[first - 1].kind != TokenKind::Directive)
        --first;
      if (first == b) continue;  // `x = <literal>;` alone: the declaration is further back
      std::size_t t = first;
      while (ident(t) && (word(t) == "const" || word(t) == "static" || word(t) == "register")) ++t;
      return ident(t) && isIntegerTypeName(word(t));
    }
    return false;
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
  bool whileLoop_ = false;
  std::size_t bodyEnd_ = 0;  // the body's end, before a while loop's step
  bool boundReads_ = false, bodyWrites_ = false;
  std::vector<std::string_view> assigned_, declared_;
};

}  // namespace

std::optional<CountedLoop> readCountedLoop(std::string_view text, const std::vector<Token>& tokens,
                                           std::size_t loopToken, std::size_t bodyBegin, std::size_t bodyEnd) {
  return LoopReader(text, tokens).read(loopToken, bodyBegin, bodyEnd);
}

}  // namespace loom::cc
