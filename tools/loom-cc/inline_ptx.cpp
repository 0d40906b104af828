#include "inline_ptx.h"

#include <optional>
#include <string>

#include "expression.h"
#include "ptx_translate.h"
#include "scopes.h"

namespace loom::cc {
namespace {

// The characters of a (non-raw, unprefixed) string literal's token.
std::optional<std::string> decodeString(std::string_view literal) {
  if (literal.size() < 2 || literal.front() != '"' || literal.back() != '"') return std::nullopt;
  std::string out;
  for (std::size_t i = 1; i + 1 < literal.size(); ++i) {
    char c = literal[i];
    if (c != '\\') {
      out += c;
      continue;
    }
    char e = literal[++i];
    out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
  }
  return out;
}

struct Operand {
  std::string constraint;
  std::string expression;
};

class AsmFinder {
 public:
  AsmFinder(std::string_view text, const std::vector<Token>& tokens, const std::vector<CodeOrigin>& origins,
            std::vector<Edit>& edits, std::vector<Diagnostic>& diagnostics)
      : text_(text), tokens_(tokens), origins_(origins), edits_(edits), diagnostics_(diagnostics) {}

  void run() {
    // Outside namespace scope, an asm that starts a statement is an asm statement (at namespace
    // scope it is the host's basic asm; after a declarator, an asm label).
    std::vector<bool> atNamespaceScope = namespaceScopeTokens(text_, tokens_);
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      if (!atNamespaceScope[i] && origins_[i] != CodeOrigin::Loom && startsStatement(i) &&
          (word(i, "asm") || word(i, "__asm__") || word(i, "__asm")))
        statement(i);
    }
  }

 private:
  bool punct(std::size_t i, char c) const { return isPunct(text_, tokens_, i, c); }
  bool word(std::size_t i, std::string_view w) const { return isWord(text_, tokens_, i, w); }

  bool startsStatement(std::size_t i) const {
    if (i == 0) return false;
    if (punct(i - 1, ';') || punct(i - 1, '{') || punct(i - 1, '}') || punct(i - 1, ':') || word(i - 1, "else") ||
        word(i - 1, "do") || tokens_[i - 1].kind == TokenKind::Directive)
      return true;
    // The substatement of `if (...)`, `while (...)`, `for (...)`: `if (t & 1) asm("exit;");`.
    if (!punct(i - 1, ')')) return false;
    std::optional<std::size_t> open = openingBracket(text_, tokens_, i - 1);
    return open && *open > 0 && (word(*open - 1, "if") || word(*open - 1, "while") || word(*open - 1, "for"));
  }

  void error(std::size_t at, const std::string& message) {
    diagnostics_.push_back(diagnosticAt(text_, tokens_[at].begin, tokens_[at].end, message));
  }

  // `"c"(expr), ...` from tokens [i, end): the operands, or nullopt for a form not handled.
  std::optional<std::vector<Operand>> operands(std::size_t& i, std::size_t end) {
    std::vector<Operand> out;
    while (i < end && !punct(i, ':')) {
      if (tokens_[i].kind != TokenKind::String || !punct(i + 1, '(')) return std::nullopt;
      std::optional<std::string> c = decodeString(spelling(text_, tokens_[i]));
      std::optional<std::size_t> close = closingBracket(text_, tokens_, i + 1);
      if (!c || !close || *close >= end) return std::nullopt;
      out.push_back({*c, tokenText(i + 2, *close)});
      i = *close + 1;
      if (punct(i, ',')) ++i;
    }
    return out;
  }

  std::string tokenText(std::size_t begin, std::size_t end) const {
    if (begin >= end) return "";
    std::string s(text_.substr(tokens_[begin].begin, tokens_[end - 1].end - tokens_[begin].begin));
    for (char& c : s)
      if (c == '\n') c = ' ';
    return s;
  }

  void statement(std::size_t at) {
    std::size_t i = at + 1;
    while (word(i, "volatile") || word(i, "__volatile__") || word(i, "__volatile") || word(i, "inline")) ++i;
    if (!punct(i, '(')) return;
    std::optional<std::size_t> close = closingBracket(text_, tokens_, i);
    if (!close || !punct(*close + 1, ';')) return;
    std::string ptx;
    std::size_t j = i + 1;
    for (; j < *close && tokens_[j].kind == TokenKind::String; ++j) {
      std::optional<std::string> s = decodeString(spelling(text_, tokens_[j]));
      if (!s) return error(at, "inline PTX: a raw or prefixed string as the template is not supported by Loom");
      ptx += *s;
    }
    if (ptx.find_first_not_of(" \t\n") == std::string::npos) return;  // a compiler barrier
    std::vector<Operand> outputs, inputs;
    if (punct(j, ':')) {
      ++j;
      std::optional<std::vector<Operand>> o = operands(j, *close);
      if (!o) return error(at, "inline PTX: an operand list Loom cannot read");
      outputs = *o;
      if (punct(j, ':')) {
        ++j;
        std::optional<std::vector<Operand>> in = operands(j, *close);
        if (!in) return error(at, "inline PTX: an operand list Loom cannot read");
        inputs = *in;
      }
    }
    // `%%` is a literal '%' (a special register, `%%laneid`).
    std::string unescaped;
    for (std::size_t k = 0; k < ptx.size(); ++k) {
      if (ptx[k] == '%' && k + 1 < ptx.size() && ptx[k + 1] == '%') ++k;
      unescaped += ptx[k];
    }
    ptx = unescaped;
    std::vector<PtxOperand> shapes;
    std::string declarations;
    std::size_t n = 0;
    for (const Operand& o : outputs) {
      std::string c = o.constraint;
      if (c.empty() || (c[0] != '=' && c[0] != '+')) return error(at, "inline PTX: an output constraint without '=' or '+'");
      shapes.push_back({c.back(), true});
      declarations += "auto& loom_ptx_" + std::to_string(n++) + " = (" + o.expression + "); ";
    }
    for (const Operand& o : inputs) {
      if (o.constraint.empty()) return error(at, "inline PTX: an empty input constraint");
      shapes.push_back({o.constraint.back(), false});
      declarations += "[[maybe_unused]] const auto loom_ptx_" + std::to_string(n++) + " = (" + o.expression + "); ";
    }
    PtxTranslation t = translatePtx(ptx, shapes);
    if (t.error && origins_[at] == CodeOrigin::User) return error(at, "inline PTX: " + *t.error + " is not supported by Loom");
    if (t.error) {
      // A library's asm (CUB's) may sit in a function the program never calls, which nvcc
      // compiles all the same: it fails the launch that reaches it, naming the instruction.
      std::string what;
      for (char c : "inline PTX: " + *t.error)
        what += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
      t.code = "::loom::device::unsupported(\"" + what + "\", __builtin_FILE(), __builtin_LINE()); ";
    }
    std::string lineBreaks;
    for (std::size_t k = tokens_[at].begin; k < tokens_[*close + 1].end; ++k)
      if (text_[k] == '\n') lineBreaks += '\n';
    edits_.push_back(Edit{tokens_[at].begin, tokens_[*close + 1].end, "{ " + declarations + t.code + "}" + lineBreaks});
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
  const std::vector<CodeOrigin>& origins_;
  std::vector<Edit>& edits_;
  std::vector<Diagnostic>& diagnostics_;
};

}  // namespace

void findInlinePtxEdits(std::string_view text, const std::vector<Token>& tokens, const std::vector<CodeOrigin>& origins,
                        std::vector<Edit>& edits, std::vector<Diagnostic>& diagnostics) {
  AsmFinder(text, tokens, origins, edits, diagnostics).run();
}

}  // namespace loom::cc
