#include "launch_rewrite.h"

#include <algorithm>
#include <optional>
#include <string>

namespace loom::cc {
namespace {

constexpr std::string_view kLaunchOpen = "(::loom::LaunchScope(";

// Words after which a parenthesized group starts an expression rather than calling one.
bool isStatementWord(std::string_view w) {
  static constexpr std::string_view kWords[] = {"return", "else",     "do",       "case",   "throw", "co_return",
                                                "co_yield", "co_await", "new",    "delete", "if",    "while",
                                                "for",    "switch",   "sizeof", "alignof", "typeid", "not",
                                                "and",    "or"};
  for (std::string_view k : kWords)
    if (w == k) return true;
  return false;
}

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

// Length of the run of adjacent `c` punctuators starting at token i.
std::size_t runLength(std::string_view text, const std::vector<Token>& tokens, std::size_t i,
                      char c) {
  std::size_t n = 0;
  while (isPunct(text, tokens, i + n, c)) {
    ++n;
    if (!adjacent(tokens, i + n - 1)) break;
  }
  return n;
}

class LaunchFinder {
 public:
  LaunchFinder(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits,
               std::vector<Diagnostic>& diagnostics)
      : text_(text), tokens_(tokens), edits_(edits), diagnostics_(diagnostics) {}

  void run() {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      if (!isPunct(text_, tokens_, i, '<')) continue;
      // Only the start of a run of '<'; `operator<<<T>` (operator<< with template arguments)
      // is C++.
      if (i > 0 && isPunct(text_, tokens_, i - 1, '<') && adjacent(tokens_, i - 1)) continue;
      if (runLength(text_, tokens_, i, '<') != 3) continue;
      if (i > 0 && tokens_[i - 1].kind == TokenKind::Identifier &&
          spelling(text_, tokens_[i - 1]) == "operator") {
        continue;
      }
      // Scanning goes on right after this `<<<`, so launches nested inside the configuration (in a
      // lambda, say) and inside the arguments are found as well.
      launchAt(i);
    }
  }

 private:
  void launchAt(std::size_t open) {
    std::optional<std::size_t> close = findClose(open);
    if (!close) {
      error(open,
            "unterminated kernel launch: expected '>>>' to close the configuration opened "
            "by '<<<'");
      return;
    }
    std::size_t paren = nextSignificant(*close + 3);
    if (!isPunct(text_, tokens_, paren, '(')) {
      error(open, "expected '(' with the kernel's arguments after '>>>'");
      return;
    }
    if (!checkArguments(open, *close)) return;
    std::optional<std::size_t> start = kernelStart(open);
    if (!start) {
      error(open, "expected the kernel (a name, a template, a parenthesized expression) before '<<<'");
      return;
    }
    std::optional<std::size_t> end = matching(paren);
    if (!end) {
      error(open, "unterminated argument list of a kernel launch");
      return;
    }

    // `E <<<cfg>>> (args)` becomes `(::loom::LaunchScope(cfg), E (args))`: E moves behind the
    // configuration, its newlines staying where they were.
    std::size_t b = tokens_[*start].begin;
    std::size_t e = tokens_[*kernelEnd(open)].end;
    std::string kernel(text_.substr(b, e - b));
    std::replace(kernel.begin(), kernel.end(), '\n', ' ');
    edits_.push_back({b, e, std::string(std::count(text_.begin() + b, text_.begin() + e, '\n'), '\n')});
    b = tokens_[open].begin;
    e = tokens_[open + 2].end;
    while (e < text_.size() && isBlank(text_[e])) ++e;
    edits_.push_back({b, e, std::string(kLaunchOpen)});

    b = tokens_[*close].begin;
    while (b > tokens_[open + 2].end && isBlank(text_[b - 1])) --b;
    e = tokens_[*close + 2].end;
    edits_.push_back({b, e, "), " + kernel});
    edits_.push_back({tokens_[*end].end, tokens_[*end].end, ")"});
  }

  bool punct(std::size_t i, char c) const { return isPunct(text_, tokens_, i, c); }
  bool identifier(std::size_t i) const { return tokens_[i].kind == TokenKind::Identifier; }

  // The ')' matching the '(' at tokens[i].
  std::optional<std::size_t> matching(std::size_t i) const {
    std::optional<std::size_t> close = closingBracket(text_, tokens_, i);
    return close && punct(*close, ')') ? close : std::nullopt;
  }

  // The opener of the group that the ')', ']' or '}' at tokens[i] closes (or, for a '>', the
  // '<' of the template argument list it closes).
  std::optional<std::size_t> opener(std::size_t i) const {
    bool angles = punct(i, '>');
    int depth = 0;
    for (std::size_t j = i + 1; j-- > 0;) {
      if (tokens_[j].kind != TokenKind::Punct) continue;
      char c = text_[tokens_[j].begin];
      if (c == ';') return std::nullopt;
      if (angles && (c == ')' || c == ']' || c == '}')) {
        std::optional<std::size_t> o = opener(j);
        if (!o) return std::nullopt;
        j = *o;
        continue;
      }
      if (c == (angles ? '>' : ')') || (!angles && (c == ']' || c == '}'))) ++depth;
      if (c == (angles ? '<' : '(') || (!angles && (c == '[' || c == '{'))) {
        if (--depth == 0) return j;
        if (depth < 0) return std::nullopt;
      }
    }
    return std::nullopt;
  }

  // Where the kernel expression before the `<<<` at tokens[open] starts: a postfix expression
  // of names (qualified, with template arguments), member accesses, calls, subscripts and
  // parenthesized expressions.
  std::optional<std::size_t> kernelStart(std::size_t open) const {
    std::optional<std::size_t> i = kernelEnd(open);
    return i ? expressionStart(*i) : std::nullopt;
  }

  // The last token of the kernel expression: before `<<<`, linemarkers stepped over.
  std::optional<std::size_t> kernelEnd(std::size_t open) const {
    std::size_t i = open;
    do {
      if (i == 0) return std::nullopt;
      --i;
    } while (tokens_[i].kind == TokenKind::Directive);
    return i;
  }

  std::optional<std::size_t> expressionStart(std::size_t i) const {
    for (;;) {
      if (tokens_[i].kind == TokenKind::Directive) return std::nullopt;
      std::size_t start = i;
      if (punct(i, ')') || punct(i, ']') || punct(i, '>')) {
        std::optional<std::size_t> o = opener(i);
        if (!o) return std::nullopt;
        start = *o;
        if (punct(i, '>')) {  // template arguments follow a name
          if (start == 0 || !identifier(start - 1)) return std::nullopt;
          i = start - 1;
          continue;
        }
        // A call or subscript applies to the expression before it; a parenthesized group after
        // a statement word or an operator starts the expression.
        if (start == 0) return start;
        std::size_t p = start - 1;
        bool applied = (identifier(p) && !isStatementWord(spelling(text_, tokens_[p]))) || punct(p, ']') ||
                       punct(p, '>') || (punct(p, ')') && !afterControlCondition(p));
        if (!applied) return start;
        i = p;
        continue;
      }
      if (!identifier(i)) return std::nullopt;
      // What the name is qualified by (`ns::k`, `ns::template k<T>`) or a member of.
      std::size_t q = i;
      if (q >= 3 && isWord(text_, tokens_, q - 1, "template") && punct(q - 2, ':')) --q;
      if (q >= 2 && punct(q - 1, ':') && punct(q - 2, ':')) {
        if (q >= 3 && (identifier(q - 3) || punct(q - 3, '>')) && !isStatementWord(spelling(text_, tokens_[q - 3]))) {
          i = q - 3;
          continue;
        }
        return q - 2;  // `::k`
      }
      if (i >= 2 && (punct(i - 1, '.') || (punct(i - 1, '>') && punct(i - 2, '-') && adjacent(tokens_, i - 2)))) {
        i -= punct(i - 1, '.') ? 2 : 3;
        continue;
      }
      return start;
    }
  }

  // Whether the ')' at tokens[p] closes the condition of an if, while, for or switch.
  bool afterControlCondition(std::size_t p) const {
    std::optional<std::size_t> o = opener(p);
    if (!o || *o == 0 || !identifier(*o - 1)) return false;
    std::string_view w = spelling(text_, tokens_[*o - 1]);
    return w == "if" || w == "while" || w == "for" || w == "switch" || w == "catch";
  }

  // The first `>>>` at bracket depth 0 after the `<<<`. A longer run of '>' at depth 0 closes with
  // its last three (`<<<n, b<c>>>>(x)`), since whatever follows the launch's `>>>` must be '('.
  std::optional<std::size_t> findClose(std::size_t open) const {
    int depth = 0;
    for (std::size_t i = open + 3; i < tokens_.size(); ++i) {
      const Token& t = tokens_[i];
      if (t.kind != TokenKind::Punct) continue;
      char c = text_[t.begin];
      if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) return std::nullopt;  // the enclosing expression ended first
        --depth;
      } else if (c == ';' && depth == 0) {
        return std::nullopt;  // the statement ended first
      } else if (c == '>' && depth == 0) {
        std::size_t run = runLength(text_, tokens_, i, '>');
        if (run >= 3) return i + run - 3;
        i += run - 1;
      }
    }
    return std::nullopt;
  }

  std::size_t nextSignificant(std::size_t i) const {
    while (i < tokens_.size() && tokens_[i].kind == TokenKind::Directive) ++i;
    return i;
  }

  // Splits the configuration at commas of bracket depth 0. Commas inside template arguments
  // (`f<1, 2>()`) cannot be told apart without parsing C++, so when a '<' occurs at depth 0 a count
  // above 4 is left to the C++ compiler (LaunchScope takes 2 to 4).
  bool checkArguments(std::size_t open, std::size_t close) {
    int depth = 0;
    int count = 1;
    bool angle = false;
    bool emptyArgument = false;
    bool sawToken = false;
    for (std::size_t i = open + 3; i < close; ++i) {
      const Token& t = tokens_[i];
      if (t.kind == TokenKind::Directive) continue;
      if (t.kind == TokenKind::Punct) {
        char c = text_[t.begin];
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') --depth;
        if (c == '<' && depth == 0) angle = true;
        if (c == ',' && depth == 0) {
          if (!sawToken) emptyArgument = true;
          ++count;
          sawToken = false;
          continue;
        }
      }
      sawToken = true;
    }
    if (!sawToken) {
      if (count == 1) {
        count = 0;  // `<<<>>>`
      } else {
        emptyArgument = true;  // `<<<a, >>>`
      }
    }
    if (count < 2 || (count > 4 && !angle)) {
      error(open,
            "a kernel launch configuration takes 2 to 4 arguments <<<grid, block[, "
            "dynamic shared memory bytes[, stream]]>>>, found " +
                std::to_string(count));
      return false;
    }
    if (emptyArgument) {
      error(open, "empty argument in kernel launch configuration");
      return false;
    }
    return true;
  }

  void error(std::size_t open, std::string message) {
    diagnostics_.push_back(diagnosticAt(text_, tokens_[open].begin, tokens_[open].begin + 3, std::move(message)));
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
  std::vector<Edit>& edits_;
  std::vector<Diagnostic>& diagnostics_;
};

}  // namespace

void findLaunchEdits(std::string_view text, const std::vector<Token>& tokens,
                     std::vector<Edit>& edits, std::vector<Diagnostic>& diagnostics) {
  LaunchFinder(text, tokens, edits, diagnostics).run();
}

}  // namespace loom::cc
