#include "host_calls.h"

#include <cctype>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "attributes.h"
#include "kernel_declarations.h"
#include "qualifier_marks.h"
#include "scopes.h"

namespace loom::cc {
namespace {

// Words that begin a call-like group but name no function.
bool notAFunctionName(std::string_view w) {
  for (std::string_view n : {"__attribute__", "__declspec", "alignas", "decltype", "sizeof", "alignof", "noexcept",
                             "static_assert", "asm", "__asm__", "__asm", "operator", "if", "while", "for", "switch",
                             "return", "throw", "typeid", "__typeof__", "typeof", "_Pragma", "__builtin_offsetof"})
    if (w == n) return true;
  return false;
}

bool builtinTypeWord(std::string_view w) {
  for (std::string_view n : {"int", "char", "short", "long", "float", "double", "bool", "void", "unsigned", "signed",
                             "const", "volatile", "auto", "wchar_t", "char16_t", "char32_t", "char8_t", "size_t"})
    if (w == n) return true;
  return false;
}

class HostCalls {
 public:
  HostCalls(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode)
      : text_(text), tokens_(tokens), userCode_(userCode), namespaceScope_(namespaceScopeTokens(text, tokens)) {}

  void run(std::vector<Diagnostic>& diagnostics) {
    collectDeviceNames();
    collectHostFunctions();
    if (hostFunctions_.empty()) return;
    for (std::size_t m = 0; m < tokens_.size(); ++m) {
      if (!user(m)) continue;
      QualifierMark mark = qualifierMark(text_, tokens_, m);
      if (mark != QualifierMark::Global && mark != QualifierMark::Device) continue;
      if (m > 0 && (punct(m - 1, ']') || punct(m - 1, ')'))) continue;  // a lambda
      std::optional<Function> f = functionAfter(m);
      if (!f || !f->body || hasMark(declarationStart(text_, tokens_, m), f->name, QualifierMark::Host)) continue;
      checkBody(*f, mark == QualifierMark::Global ? "__global__" : "__device__", diagnostics);
    }
  }

 private:
  struct Function {
    std::size_t name = 0;                // its declarator-id's last token
    std::size_t open = 0, close = 0;     // its parameters' '(' and ')'
    std::optional<std::size_t> body;     // '{' of a definition
  };

  bool punct(std::size_t i, char c) const { return isPunct(text_, tokens_, i, c); }
  bool word(std::size_t i, std::string_view w) const { return isWord(text_, tokens_, i, w); }
  bool identifier(std::size_t i) const { return i < tokens_.size() && tokens_[i].kind == TokenKind::Identifier; }
  bool user(std::size_t i) const { return i < userCode_.size() && userCode_[i]; }
  std::string_view at(std::size_t i) const { return spelling(text_, tokens_[i]); }

  // Whether a qualifier mark `which` stands in tokens [begin, end).
  bool hasMark(std::size_t begin, std::size_t end, QualifierMark which) const {
    for (std::size_t j = begin; j < end; ++j)
      if (qualifierMark(text_, tokens_, j) == which) return true;
    return false;
  }

  // After the parameters' ')': the '{' of a definition, if the declarator ends in one
  // (cv-qualifiers, ref-qualifiers, noexcept, attributes and a trailing return type allowed).
  std::optional<std::size_t> bodyAfter(std::size_t close) const {
    std::size_t j = close + 1;
    while (j < tokens_.size()) {
      if (tokens_[j].kind == TokenKind::Directive) { ++j; continue; }
      if (std::optional<std::size_t> a = attributeEnd(text_, tokens_, j)) { j = *a; continue; }
      if (punct(j, '{')) return j;
      if (punct(j, '&')) { ++j; continue; }
      if (word(j, "noexcept") || word(j, "throw")) {
        ++j;
        if (punct(j, '(')) {
          std::optional<std::size_t> c = closingBracket(text_, tokens_, j);
          if (!c) return std::nullopt;
          j = *c + 1;
        }
        continue;
      }
      if (word(j, "const") || word(j, "volatile") || word(j, "override") || word(j, "final")) { ++j; continue; }
      if (punct(j, '-') && punct(j + 1, '>')) {  // a trailing return type
        for (j += 2; j < tokens_.size() && !punct(j, '{') && !punct(j, ';') && !punct(j, '='); ++j) {}
        continue;
      }
      return std::nullopt;
    }
    return std::nullopt;
  }

  // The function whose declaration holds the token at `from`: the first `name(` after it.
  std::optional<Function> functionAfter(std::size_t from) const {
    for (std::size_t j = from; j + 1 < tokens_.size(); ++j) {
      if (std::optional<std::size_t> a = attributeEnd(text_, tokens_, j)) {
        j = *a - 1;
        continue;
      }
      if (punct(j, ';') || punct(j, '{') || punct(j, '}') || punct(j, '=')) return std::nullopt;
      if (!identifier(j) || !punct(j + 1, '(') || notAFunctionName(at(j))) continue;
      std::optional<std::size_t> close = closingBracket(text_, tokens_, j + 1);
      if (!close) return std::nullopt;
      return Function{j, j + 1, *close, bodyAfter(*close)};
    }
    return std::nullopt;
  }

  // Every name declared or defined with a __device__ or __global__ mark, in any header: a call of
  // one of them from device code may pick that overload.
  void collectDeviceNames() {
    for (std::size_t m = 0; m < tokens_.size(); ++m) {
      QualifierMark mark = qualifierMark(text_, tokens_, m);
      if (mark != QualifierMark::Global && mark != QualifierMark::Device) continue;
      if (std::optional<Function> f = functionAfter(m)) deviceNames_.insert(std::string(at(f->name)));
    }
  }

  // Functions the user's code defines at namespace scope for the host only, by name, with the
  // spelling nvcc's message gives them: `f(int, const float *)`, a template's bare name.
  void collectHostFunctions() {
    for (std::size_t i = 0; i + 1 < tokens_.size(); ++i) {
      if (!user(i) || !namespaceScope_[i] || !identifier(i) || !punct(i + 1, '(') || notAFunctionName(at(i))) continue;
      if (i > 0 && (punct(i - 1, ':') || punct(i - 1, '.') || punct(i - 1, '>') || punct(i - 1, '~'))) continue;
      std::optional<std::size_t> close = closingBracket(text_, tokens_, i + 1);
      if (!close) continue;
      std::optional<std::size_t> body = bodyAfter(*close);
      if (!body) continue;
      std::string name(at(i));
      std::size_t start = declarationStart(text_, tokens_, i);
      bool host = name != "main";
      bool isTemplate = false;
      for (std::size_t j = start; j < i && host; ++j) {
        QualifierMark mark = qualifierMark(text_, tokens_, j);
        host = mark == QualifierMark::None || mark == QualifierMark::Host;
        if (word(j, "constexpr") || word(j, "consteval")) host = false;
        isTemplate |= word(j, "template");
      }
      if (host) hostFunctions_.emplace(name, isTemplate ? name : name + "(" + parameterTypes(i + 1, *close) + ")");
      if (std::optional<std::size_t> bodyEnd = closingBracket(text_, tokens_, *body)) i = *bodyEnd;
    }
  }

  // The types of the parameters in (open, close), names and default arguments dropped, as nvcc
  // spells them: `int, const float *`.
  std::string parameterTypes(std::size_t open, std::size_t close) const {
    std::string out;
    std::vector<std::string_view> parameter;
    auto flush = [&] {
      std::size_t n = parameter.size();
      if (n > 1 && !builtinTypeWord(parameter[n - 1]) && std::isalpha(static_cast<unsigned char>(parameter[n - 1][0])))
        --n;  // its name
      if (n == 1 && parameter[0] == "void") n = 0;
      if (n == 0) return;
      if (!out.empty()) out += ", ";
      for (std::size_t k = 0; k < n; ++k) {
        bool glue = k > 0 && (parameter[k] == "*" || parameter[k] == "&") && (parameter[k - 1] == "*" || parameter[k - 1] == "&");
        if (k > 0 && !glue) out += ' ';
        out += parameter[k];
      }
    };
    int depth = 0;
    bool defaulted = false;
    for (std::size_t j = open + 1; j < close; ++j) {
      if (tokens_[j].kind == TokenKind::Directive) continue;
      if (punct(j, '(') || punct(j, '[') || punct(j, '<')) ++depth;
      if (punct(j, ')') || punct(j, ']') || punct(j, '>')) --depth;
      if (depth == 0 && punct(j, ',')) {
        flush();
        parameter.clear();
        defaulted = false;
        continue;
      }
      if (depth == 0 && punct(j, '=')) defaulted = true;
      if (!defaulted) parameter.push_back(at(j));
    }
    flush();
    return out;
  }

  void checkBody(const Function& f, std::string_view kind, std::vector<Diagnostic>& diagnostics) const {
    std::optional<std::size_t> end = closingBracket(text_, tokens_, *f.body);
    if (!end) return;
    // A name the function uses other than as a call (its parameter, a local variable or functor)
    // shadows the host function in the whole body.
    std::set<std::string_view> shadowed;
    for (std::size_t j = f.open + 1; j < *end; ++j)
      if (identifier(j) && !punct(j + 1, '(') && !punct(j + 1, '<')) shadowed.insert(at(j));
    for (std::size_t j = *f.body + 1; j < *end; ++j) {
      if (!identifier(j) || !punct(j + 1, '(')) continue;
      auto host = hostFunctions_.find(std::string(at(j)));
      if (host == hostFunctions_.end() || deviceNames_.count(host->first) || shadowed.count(at(j))) continue;
      if (punct(j - 1, '.') || punct(j - 1, ':') || (punct(j - 1, '>') && punct(j - 2, '-'))) continue;  // a member
      if (identifier(j - 1) && !precedesExpression(at(j - 1))) continue;  // declares a local
      diagnostics.push_back(diagnosticAt(text_, tokens_[j].begin, tokens_[j].end,
                                         "calling a __host__ function(\"" + host->second + "\") from a " +
                                             std::string(kind) + " function(\"" + std::string(at(f.name)) +
                                             "\") is not allowed"));
    }
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
  const std::vector<bool>& userCode_;
  std::vector<bool> namespaceScope_;
  std::set<std::string> deviceNames_;
  std::map<std::string, std::string> hostFunctions_;
};

}  // namespace

void findHostCallErrors(std::string_view text, const std::vector<Token>& tokens, const std::vector<bool>& userCode,
                        std::vector<Diagnostic>& diagnostics) {
  HostCalls(text, tokens, userCode).run(diagnostics);
}

}  // namespace loom::cc
