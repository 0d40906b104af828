#include "shared_in_host.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>

#include "kernel_declarations.h"
#include "linemap.h"
#include "qualifier_marks.h"
#include "scopes.h"

namespace loom::cc {
namespace {

class SharedInHost {
 public:
  SharedInHost(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode,
               const SourceReader& read)
      : text_(text), tokens_(tokens), userCode_(userCode), read_(read), lines_(text),
        namespaceScope_(namespaceScopeTokens(text, tokens)) {}

  void run(std::vector<Diagnostic>& diagnostics) {
    collectSharedVariables();
    if (shared_.empty()) return;
    for (std::size_t i = 0; i + 1 < tokens_.size(); ++i) {
      if (!user(i) || !namespaceScope_[i] || !identifier(i) || !punct(i + 1, '(')) continue;
      if (i > 0 && (punct(i - 1, ':') || punct(i - 1, '.') || punct(i - 1, '~'))) continue;
      std::optional<std::size_t> close = closingBracket(text_, tokens_, i + 1);
      if (!close) continue;
      std::size_t body = *close + 1;
      while (word(body, "const") || word(body, "noexcept")) ++body;
      if (!punct(body, '{')) continue;
      std::optional<std::size_t> end = closingBracket(text_, tokens_, body);
      if (!end) continue;
      if (hostOnly(declarationStart(text_, tokens_, i), i)) checkBody(body, *end, diagnostics);
      i = *end;
    }
  }

 private:
  struct Variable {
    bool array = false;
  };

  bool punct(std::size_t i, char c) const { return isPunct(text_, tokens_, i, c); }
  bool word(std::size_t i, std::string_view w) const { return isWord(text_, tokens_, i, w); }
  bool identifier(std::size_t i) const { return i < tokens_.size() && tokens_[i].kind == TokenKind::Identifier; }
  bool user(std::size_t i) const { return i < userCode_.size() && userCode_[i]; }
  std::string_view at(std::size_t i) const { return spelling(text_, tokens_[i]); }

  bool hostOnly(std::size_t begin, std::size_t end) const {
    for (std::size_t j = begin; j < end; ++j) {
      QualifierMark mark = qualifierMark(text_, tokens_, j);
      if (mark == QualifierMark::Device || mark == QualifierMark::Global) return false;
    }
    return true;
  }

  // Whether the user's source line of tokens[i] spells __shared__.
  bool spelledShared(std::size_t i) {
    const int ppLine = 1 + static_cast<int>(std::count(text_.begin(), text_.begin() + tokens_[i].begin, '\n'));
    SourceLocation where = lines_.locate(ppLine);
    auto cached = sources_.find(where.file);
    if (cached == sources_.end()) cached = sources_.emplace(where.file, read_ ? read_(where.file) : std::nullopt).first;
    if (!cached->second) return false;
    std::optional<std::string_view> line = nthLine(*cached->second, where.line);
    return line && line->find("__shared__") != std::string_view::npos;
  }

  // `thread_local T name[N];` at namespace scope in the user's code, from a `__shared__`.
  void collectSharedVariables() {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      if (!user(i) || !namespaceScope_[i] || !word(i, "thread_local") || word(i + 1, "extern")) continue;
      std::size_t j = i + 1, name = 0;
      while (j < tokens_.size() && !punct(j, ';') && !punct(j, '[') && !punct(j, '=') && !punct(j, '{') &&
             !punct(j, '(')) {
        if (identifier(j)) name = j;
        ++j;
      }
      if (name == 0 || !spelledShared(i)) continue;
      shared_[std::string(at(name))] = Variable{punct(j, '[')};
    }
  }

  void checkBody(std::size_t open, std::size_t close, std::vector<Diagnostic>& diagnostics) const {
    // Locals (and parameters' names are not looked at) that hide a variable: name -> the brace
    // depth of their scope.
    std::vector<std::pair<std::string_view, int>> locals;
    int depth = 0;
    for (std::size_t j = open + 1; j < close; ++j) {
      if (punct(j, '{')) ++depth;
      if (punct(j, '}')) {
        --depth;
        while (!locals.empty() && locals.back().second > depth) locals.pop_back();
      }
      if (!identifier(j)) continue;
      auto v = shared_.find(std::string(at(j)));
      if (v == shared_.end()) continue;
      if (punct(j - 1, '.') || punct(j - 1, ':') || (punct(j - 1, '>') && punct(j - 2, '-'))) continue;
      if (identifier(j - 1) && !precedesExpression(at(j - 1))) {  // declares a local of that name
        locals.emplace_back(at(j), depth);
        continue;
      }
      if (punct(j + 1, '(')) continue;  // a call
      bool hidden = false;
      for (const auto& local : locals) hidden |= local.first == at(j);
      if (hidden) continue;
      // `&name`, unary: not after an operand.
      const bool addressOf = punct(j - 1, '&') && !punct(j - 2, '&') &&
                             !(identifier(j - 2) || punct(j - 2, ')') || punct(j - 2, ']') ||
                               tokens_[j - 2].kind == TokenKind::Number);
      std::size_t after = j + 1;
      if (v->second.array && punct(after, '[')) {
        std::optional<std::size_t> index = closingBracket(text_, tokens_, after);
        if (!index) continue;
        after = *index + 1;
      }
      const bool written = (punct(after, '=') && !punct(after + 1, '=')) ||
                           (tokens_[after].kind == TokenKind::Punct && punct(after + 1, '=') &&
                            std::string_view("+-*/%&|^").find(at(after)[0]) != std::string_view::npos &&
                            at(after).size() == 1) ||
                           (punct(after, '+') && punct(after + 1, '+')) || (punct(after, '-') && punct(after + 1, '-'));
      std::string message;
      int number = 0;
      if (addressOf || (v->second.array && !punct(j + 1, '['))) {
        number = 20093;
        message = "address of a __shared__ variable \"" + std::string(at(j)) +
                  "\" cannot be directly taken in a host function";
      } else if (!written) {
        number = 20091;
        message = "a __shared__ variable \"" + std::string(at(j)) + "\" cannot be directly read in a host function";
      } else {
        continue;
      }
      Diagnostic d = diagnosticAt(text_, tokens_[j].begin, tokens_[j].end, std::move(message));
      d.warning = number;
      diagnostics.push_back(std::move(d));
    }
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
  const std::vector<bool>& userCode_;
  const SourceReader& read_;
  LineMap lines_;
  std::vector<bool> namespaceScope_;
  std::map<std::string, Variable> shared_;
  std::map<std::string, std::optional<std::string>> sources_;
};

}  // namespace

void findSharedInHostWarnings(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode,
                              const SourceReader& read, std::vector<Diagnostic>& diagnostics) {
  SharedInHost(text, tokens, userCode, read).run(diagnostics);
}

}  // namespace loom::cc
