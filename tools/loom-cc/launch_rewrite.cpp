#include "launch_rewrite.h"

#include <optional>
#include <string>

namespace loom::cc {
namespace {

constexpr std::string_view kLaunchOpen = " ->* ::loom::launchConfig(";

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
  struct Config {
    std::size_t close;  // token index of the first '>' of the closing ">>>"
    std::size_t paren;  // token index of the '(' of the arguments
  };

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

    // `<<<` with the blanks on both sides of it; never a newline.
    std::size_t b = tokens_[open].begin;
    while (b > 0 && isBlank(text_[b - 1])) --b;
    std::size_t e = tokens_[open + 2].end;
    while (e < text_.size() && isBlank(text_[e])) ++e;
    edits_.push_back({b, e, std::string(kLaunchOpen)});

    b = tokens_[*close].begin;
    while (b > tokens_[open + 2].end && isBlank(text_[b - 1])) --b;
    e = tokens_[*close + 2].end;
    while (e < text_.size() && isBlank(text_[e])) ++e;
    edits_.push_back({b, e, ")"});
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
  // above 4 is left to the C++ compiler (launchConfig has overloads for 2 to 4 arguments only).
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
    std::size_t at = tokens_[open].begin;
    std::size_t lineStart = text_.rfind('\n', at == 0 ? 0 : at - 1);
    lineStart = (lineStart == std::string_view::npos || at == 0) ? 0 : lineStart + 1;
    int line = 1;
    for (std::size_t k = 0; k < lineStart; ++k) line += text_[k] == '\n';
    std::string_view before = text_.substr(lineStart, at - lineStart);
    int occurrence = 0;
    for (std::size_t k = before.find("<<<"); k != std::string_view::npos;
         k = before.find("<<<", k + 3)) {
      ++occurrence;
    }
    diagnostics_.push_back(
        {line, static_cast<int>(at - lineStart) + 1, "<<<", occurrence, std::move(message)});
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
