#include "counted_loops.h"

#include <array>

#include "statement.h"

namespace loom::cc {
namespace {

// The descriptor's operator codes and epilogue bit (sched/counted_loops.cpp).
enum : unsigned { kLess = 0, kLessEqual = 1, kGreater = 2, kGreaterEqual = 3, kNotEqual = 4, kEpilogue = 8 };

struct Reader {
  std::string_view text;
  const std::vector<Token>& tokens;

  std::string_view word(std::size_t k) const { return spelling(text, tokens[k]); }
  bool punct(std::size_t k, char c) const { return isPunct(text, tokens, k, c); }
  bool ident(std::size_t k) const { return k < tokens.size() && tokens[k].kind == TokenKind::Identifier; }
  // tokens[k] and tokens[k + 1] spell the two-character operator a b.
  bool pair(std::size_t k, char a, char b) const { return punct(k, a) && punct(k + 1, b) && adjacent(tokens, k); }
  bool opener(std::size_t k) const { return punct(k, '(') || punct(k, '[') || punct(k, '{'); }

  bool integerLiteral(std::size_t k) const {
    if (k >= tokens.size() || tokens[k].kind != TokenKind::Number) return false;
    const std::string_view s = word(k);
    const bool hex = s.size() > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    for (char c : s)
      if (c == '.' || (!hex && (c == 'e' || c == 'E' || c == 'f' || c == 'F'))) return false;
    return true;
  }
  // An integer literal, signed or not, filling [begin, end).
  bool constantInteger(std::size_t begin, std::size_t end) const {
    if (end == begin + 2 && (punct(begin, '-') || punct(begin, '+'))) return integerLiteral(begin + 1);
    return end == begin + 1 && integerLiteral(begin);
  }
  long long literalValue(std::size_t k) const { return std::stoll(std::string(word(k)), nullptr, 0); }

  // An assignment operator (=, op=, ++, --) begins at tokens[k]; not ==, <=, >=, !=.
  bool assignmentAt(std::size_t k) const {
    if (pair(k, '+', '+') || pair(k, '-', '-')) return true;
    if (punct(k, '=')) return !pair(k, '=', '=');
    static constexpr std::array<char, 8> compound{'+', '-', '*', '/', '%', '&', '|', '^'};
    for (char c : compound)
      if (pair(k, c, '=')) return true;
    return (pair(k, '<', '<') && pair(k + 1, '<', '=')) || (pair(k, '>', '>') && pair(k + 1, '>', '='));
  }
  bool memberAccess(std::size_t k) const { return k > 0 && (punct(k - 1, '.') || (k > 1 && pair(k - 2, '-', '>'))); }
};

bool integerType(std::string_view w) {
  static constexpr std::array<std::string_view, 16> types{
      "int", "unsigned", "signed", "long", "short", "char", "auto", "size_t",
      "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t"};
  for (std::string_view t : types)
    if (w == t) return true;
  return false;
}

// Calls a counted loop's body may make: atomics, loads through the read-only path, and
// loop-free arithmetic; functional casts and operators that look like calls.
bool loopFreeCall(std::string_view w) {
  if (w.substr(0, 6) == "atomic" || w.substr(0, 5) == "__ldc" || w == "__ldg" || w == "__ldlu") return true;
  static constexpr std::array<std::string_view, 20> names{
      "min", "max", "abs", "fabsf", "fabs", "fminf", "fmaxf", "fmin", "fmax", "sqrtf",
      "sizeof", "alignof", "decltype", "if", "float", "double", "bool", "unsigned", "void", "noexcept"};
  for (std::string_view n : names)
    if (w == n) return true;
  return integerType(w);
}

bool forbiddenInBody(std::string_view w) {
  static constexpr std::array<std::string_view, 11> words{"for", "while", "do", "goto", "break", "return",
                                                          "switch", "asm", "__asm__", "throw", "co_await"};
  for (std::string_view n : words)
    if (w == n) return true;
  return false;
}

}  // namespace

std::optional<CountedLoop> readCountedLoop(std::string_view text, const std::vector<Token>& tokens,
                                           std::size_t forToken, std::size_t bodyBegin, std::size_t bodyEnd) {
  const Reader r{text, tokens};
  const std::size_t open = forToken + 1;
  if (!r.punct(open, '(')) return std::nullopt;
  const std::size_t close = bodyBegin - 1;  // the header's ')'
  // The header's two top-level ';'.
  std::size_t semi[2] = {0, 0};
  unsigned found = 0;
  for (std::size_t k = open + 1; k < close; ++k) {
    if (r.opener(k)) {
      std::optional<std::size_t> end = matchingClose(text, tokens, k);
      if (!end) return std::nullopt;
      k = *end - 1;
      continue;
    }
    if (r.punct(k, ';')) {
      if (found == 2) return std::nullopt;
      semi[found++] = k;
    }
  }
  if (found != 2) return std::nullopt;

  // The condition: i <op> <bound>.
  std::size_t k = semi[0] + 1;
  if (!r.ident(k)) return std::nullopt;
  CountedLoop loop;
  loop.variable = std::string(r.word(k));
  unsigned op;
  std::size_t bound;
  if (r.pair(k + 1, '<', '=')) op = kLessEqual, bound = k + 3;
  else if (r.pair(k + 1, '>', '=')) op = kGreaterEqual, bound = k + 3;
  else if (r.pair(k + 1, '!', '=')) op = kNotEqual, bound = k + 3;
  else if (r.punct(k + 1, '<') && !r.pair(k + 1, '<', '<')) op = kLess, bound = k + 2;
  else if (r.punct(k + 1, '>') && !r.pair(k + 1, '>', '>')) op = kGreater, bound = k + 2;
  else return std::nullopt;
  if (bound >= semi[1]) return std::nullopt;
  // The bound must be the whole right operand: nothing at its top level that binds looser than
  // a relational operator, or is one. It may read memory only when the body writes none.
  bool boundReads = false;
  for (std::size_t b = bound; b < semi[1]; ++b) {
    if (r.opener(b)) {
      if (r.punct(b, '[')) boundReads = true;
      std::optional<std::size_t> end = matchingClose(text, tokens, b);
      if (!end || *end > semi[1]) return std::nullopt;
      for (std::size_t inner = b; inner < *end; ++inner)
        if (r.punct(inner, '[') || r.pair(inner, '-', '>')) boundReads = true;
      b = *end - 1;
      continue;
    }
    if (tokens[b].kind != TokenKind::Punct) continue;
    if (r.pair(b, '-', '>')) {
      boundReads = true;
      ++b;
      continue;
    }
    if (r.pair(b, ':', ':')) {
      ++b;
      continue;
    }
    if (r.pair(b, '<', '<') || r.pair(b, '>', '>')) {
      if (r.punct(b + 2, '=')) return std::nullopt;
      ++b;
      continue;
    }
    const char c = text[tokens[b].begin];
    if (c == '&' || c == '|' || c == '?' || c == ',' || c == '=' || c == '<' || c == '>' || c == '^' || c == ':' ||
        c == '!')
      return std::nullopt;
    if (c == '*' && (b == bound || (tokens[b - 1].kind == TokenKind::Punct && !r.punct(b - 1, ']'))))
      boundReads = true;  // a dereference
  }
  loop.boundBegin = bound;
  loop.boundEnd = semi[1];

  // The step.
  const std::size_t s = semi[1] + 1;
  long long step = 0;
  const std::size_t stepTokens = close - s;
  if (stepTokens == 3 && r.ident(s + 2) && r.word(s + 2) == loop.variable && r.pair(s, '+', '+')) step = 1;
  else if (stepTokens == 3 && r.ident(s + 2) && r.word(s + 2) == loop.variable && r.pair(s, '-', '-')) step = -1;
  else if (stepTokens == 3 && r.ident(s) && r.word(s) == loop.variable && r.pair(s + 1, '+', '+')) step = 1;
  else if (stepTokens == 3 && r.ident(s) && r.word(s) == loop.variable && r.pair(s + 1, '-', '-')) step = -1;
  else if (stepTokens == 4 && r.ident(s) && r.word(s) == loop.variable && r.integerLiteral(s + 3) &&
           (r.pair(s + 1, '+', '=') || r.pair(s + 1, '-', '='))) {
    step = r.literalValue(s + 3) * (r.punct(s + 1, '+') ? 1 : -1);
  } else {
    return std::nullopt;
  }
  if (step == 0 || step > 32767 || step < -32768) return std::nullopt;
  if ((op == kLess || op == kLessEqual) && step < 0) return std::nullopt;
  if ((op == kGreater || op == kGreaterEqual) && step > 0) return std::nullopt;

  // The init: empty, `i = <expr>`, or a declaration of i alone.
  bool constantStart = false;
  if (semi[0] > open + 1) {
    std::size_t assign = 0;
    for (std::size_t i = open + 1; i < semi[0]; ++i) {
      if (r.punct(i, ',')) return std::nullopt;
      if (r.opener(i)) {
        std::optional<std::size_t> end = matchingClose(text, tokens, i);
        if (!end) return std::nullopt;
        i = *end - 1;
        continue;
      }
      if (!assign && r.punct(i, '=')) assign = i;
    }
    if (!assign || !r.ident(assign - 1) || r.word(assign - 1) != loop.variable) return std::nullopt;
    constantStart = r.constantInteger(assign + 1, semi[0]);
  }

  // The body: nothing that makes the loop not innermost, gives it a second exit or makes it
  // convergent, and no call that may hide either.
  bool bodyWrites = false;
  std::vector<std::string_view> assigned, declared;
  for (std::size_t b = bodyBegin; b < bodyEnd; ++b) {
    if (tokens[b].kind == TokenKind::Directive) continue;
    if (r.ident(b)) {
      const std::string_view w = r.word(b);
      if (forbiddenInBody(w)) return std::nullopt;
      if (r.punct(b + 1, '(') && (r.memberAccess(b) || !loopFreeCall(w))) return std::nullopt;
      if (w.substr(0, 6) == "atomic") bodyWrites = true;
      if (b > bodyBegin && r.ident(b - 1) && r.word(b - 1) != "else") declared.push_back(w);
      if (!r.memberAccess(b) && r.assignmentAt(b + 1)) assigned.push_back(w);
      if (b > bodyBegin + 1 && (r.pair(b - 2, '+', '+') || r.pair(b - 2, '-', '-'))) assigned.push_back(w);
      continue;
    }
    if (r.punct(b, ']') && r.assignmentAt(b + 1)) bodyWrites = true;
    if (r.punct(b, '*') && b > bodyBegin && tokens[b - 1].kind == TokenKind::Punct && !r.punct(b - 1, ')') &&
        !r.punct(b - 1, ']'))
      bodyWrites = true;  // a store through a dereference, maybe: stay on the safe side
  }
  if (boundReads && bodyWrites) return std::nullopt;

  // An epilogue when a variable the loop carries enters it as an integer constant: the
  // loop variable, or one assigned in the body whose last mention before the loop is
  // `<integer type> ... x = <integer literal>` (or `x = <literal>` after such a declaration).
  bool epilogue = constantStart;
  const bool emptyInit = semi[0] == open + 1;  // the variable's value before the loop counts too
  if (emptyInit) assigned.push_back(r.word(semi[0] + 1));
  for (std::string_view name : assigned) {
    if (epilogue) break;
    if (name == loop.variable && !emptyInit) continue;
    bool local = false;
    for (std::string_view d : declared) local = local || d == name;
    if (local) continue;
    bool constant = false;
    for (std::size_t b = forToken; b-- > 0;) {
      if (!r.ident(b) || r.word(b) != name || r.memberAccess(b)) continue;
      if (!constant) {
        if (!(r.punct(b + 1, '=') && !r.pair(b + 1, '=', '=') && r.integerLiteral(b + 2) &&
              (r.punct(b + 3, ',') || r.punct(b + 3, ';'))))
          break;
        constant = true;
      }
      // The statement the mention is in: its first token says whether it declares an integer.
      std::size_t first = b;
      while (first > 0 && !r.punct(first - 1, ';') && !r.punct(first - 1, '{') && !r.punct(first - 1, '}') &&
             !r.punct(first - 1, '(') && tokens[first - 1].kind != TokenKind::Directive)
        --first;
      if (first == b) continue;  // `x = <literal>;` alone: the declaration is further back
      std::size_t t = first;
      while (r.ident(t) && (r.word(t) == "const" || r.word(t) == "static" || r.word(t) == "register")) ++t;
      epilogue = r.ident(t) && integerType(r.word(t));
      break;
    }
  }
  loop.descriptor = op | (epilogue ? kEpilogue : 0u) | (static_cast<unsigned>(step & 0xffff) << 16);
  return loop;
}

}  // namespace loom::cc
