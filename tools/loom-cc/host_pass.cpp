#include "host_pass.h"

#include <optional>
#include <string>

#include "attributes.h"
#include "kernel_declarations.h"
#include "kernel_prologue.h"
#include "qualifier_marks.h"

namespace loom::cc {
namespace {

// `;` and the line breaks of text[begin, end), so that a dropped body keeps the line count.
Edit dropBody(std::string_view text, std::size_t begin, std::size_t end) {
  std::string replacement = ";";
  for (std::size_t i = begin; i < end; ++i)
    if (text[i] == '\n') replacement += '\n';
  return Edit{begin, end, replacement};
}

class DeviceFunctions {
 public:
  DeviceFunctions(std::string_view text, const std::vector<Token>& tokens) : text_(text), tokens_(tokens) {}

  void run(std::vector<Edit>& edits) const {
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      if (qualifierMark(text_, tokens_, i) != QualifierMark::Device) continue;
      std::optional<DeviceFunction> f = deviceOnlyFunction(i);
      if (!f) continue;
      // nvcc's front-end error, where g++ would run device code on the host: at a call that
      // survives into host code (GCC's error attribute), with nvcc's words.
      edits.push_back(Edit{tokens_[i + 5].end, tokens_[i + 5].end,
                           " __attribute__((__error__(\"calling a __device__ function(\\\"" + f->name +
                               "\\\") from host code is not allowed\")))"});
      if (!f->body) continue;
      std::optional<std::size_t> close = closingBracket(text_, tokens_, *f->body);
      if (!close) continue;
      edits.push_back(dropBody(text_, tokens_[*f->body].begin, tokens_[*close].end));
      i = *close;
    }
  }

 private:
  bool punct(std::size_t i, char c) const { return isPunct(text_, tokens_, i, c); }
  bool word(std::size_t i, std::string_view w) const { return isWord(text_, tokens_, i, w); }
  bool identifier(std::size_t i) const { return i < tokens_.size() && tokens_[i].kind == TokenKind::Identifier; }

  // Words that leave a device function's body needed by host code, or make it no plain function.
  bool keepsBody(std::size_t i) const {
    for (std::string_view w : {"constexpr", "consteval", "auto", "decltype", "typedef", "using"})
      if (word(i, w)) return true;
    return false;
  }

  struct DeviceFunction {
    std::string name;                 // as nvcc's message names it: `f`, `operator+`
    std::optional<std::size_t> body;  // '{' of a definition
  };

  // The device-only function whose declaration holds the device mark at tokens[mark], if it is
  // one the host pass declares without its body (see host_pass.h for those it leaves alone).
  std::optional<DeviceFunction> deviceOnlyFunction(std::size_t mark) const {
    if (mark > 0 && (punct(mark - 1, ']') || punct(mark - 1, ')'))) return std::nullopt;  // a lambda
    for (std::size_t j = declarationStart(text_, tokens_, mark); j < mark; ++j) {
      if (word(j, "template") && punct(j + 1, '<')) {  // its header: `auto` there is a parameter's
        for (int depth = 0; ++j < mark;) {
          if (punct(j, '<')) ++depth;
          if (punct(j, '>') && --depth == 0) break;
        }
        continue;
      }
      if (qualifierMark(text_, tokens_, j) == QualifierMark::Host || keepsBody(j)) return std::nullopt;
    }
    // The decl-specifiers and declarator-id up to the parameters' '('.
    std::size_t i = mark;
    std::optional<std::size_t> open;
    std::string name;
    while (i < tokens_.size()) {
      if (std::optional<std::size_t> a = attributeEnd(text_, tokens_, i)) {
        if (qualifierMark(text_, tokens_, i) == QualifierMark::Host) return std::nullopt;
        i = *a;
        continue;
      }
      if (isLineMarker(text_, tokens_, i)) {
        ++i;
        continue;
      }
      if (keepsBody(i)) return std::nullopt;
      if (word(i, "operator")) {  // `operator()`, `operator+`, `operator new`...
        if (i >= 1 && punct(i - 1, ':')) return std::nullopt;  // `S::operator+`, as above
        std::size_t first = i++;
        if (punct(i, '(') && punct(i + 1, ')')) i += 2;
        while (i < tokens_.size() && !punct(i, '(')) ++i;
        if (i >= tokens_.size()) return std::nullopt;
        name = "operator" + std::string(text_.substr(tokens_[first].end, tokens_[i].begin - tokens_[first].end));
        open = i;
        break;
      }
      if (punct(i, '(')) {
        if (!identifier(i - 1)) return std::nullopt;
        // `S::f(...) { }`: a definition outside its class or namespace cannot become a declaration.
        if (i >= 2 && punct(i - 2, ':')) return std::nullopt;
        name = std::string(spelling(text_, tokens_[i - 1]));
        open = i;
        break;
      }
      if (punct(i, '<')) {  // template arguments in the return type or name
        int depth = 0;
        for (; i < tokens_.size(); ++i) {
          if (punct(i, '<')) ++depth;
          if (punct(i, '>') && --depth == 0) break;
          if (punct(i, ';') || punct(i, '{') || punct(i, '}') || punct(i, '=')) return std::nullopt;
        }
        ++i;
        continue;
      }
      if (identifier(i) || punct(i, ':') || punct(i, '*') || punct(i, '&')) {
        ++i;
        continue;
      }
      return std::nullopt;  // '=', '[', ',' ...: a variable
    }
    if (!open || *open >= tokens_.size()) return std::nullopt;
    std::optional<std::size_t> close = closingBracket(text_, tokens_, *open);
    if (!close) return std::nullopt;
    // After the parameters: cv- and ref-qualifiers, noexcept, attributes, virt-specifiers.
    for (i = *close + 1; i < tokens_.size();) {
      if (std::optional<std::size_t> a = attributeEnd(text_, tokens_, i)) {
        i = *a;
      } else if (word(i, "const") || word(i, "volatile") || word(i, "override") || word(i, "final") ||
                 punct(i, '&')) {
        ++i;
      } else if ((word(i, "noexcept") || word(i, "throw")) && punct(i + 1, '(')) {
        std::optional<std::size_t> c = closingBracket(text_, tokens_, i + 1);
        if (!c) return std::nullopt;
        i = *c + 1;
      } else if (word(i, "noexcept")) {
        ++i;
      } else {
        break;
      }
    }
    if (punct(i, ';')) return DeviceFunction{name, std::nullopt};
    if (!punct(i, '{')) return std::nullopt;  // `= default`, `: init`, `-> T`, `try`
    return DeviceFunction{name, i};
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
};

void kernelEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits) {
  for (const KernelDeclaration& k : findKernelDeclarations(text, tokens)) {
    // `static` among the decl-specifiers, before or after the mark.
    for (std::size_t j = k.templateOpen ? k.templateClose + 1 : declarationStart(text, tokens, k.marker); j < k.nameBegin; ++j)
      if (isWord(text, tokens, j, "static")) edits.push_back(Edit{tokens[j].begin, tokens[j].end, ""});
    if (!k.body) continue;
    if (!k.atNamespaceScope) {  // a friend defined in its class: refused in the host pass too
      edits.push_back(refusalEdit(text, tokens, k));
      continue;
    }
    if (!k.templateOpen && !k.explicitArguments) {
      edits.push_back(dropBody(text, tokens[*k.body].begin, tokens[k.end].end));
      continue;
    }
    // A template's instantiation may have no linkage (a lambda's type as its argument), so the
    // host pass cannot declare it and call the device pass's: its body becomes a launch of its
    // twin, found by the instantiation's own symbol name with `.loomtwin` appended (bound by the
    // merge, pass_merge.h) and registered with the runtime as this instantiation's
    // (loom::kernelTwin, loom/runtime/launch.h). The body's line breaks stay after it.
    KernelSelf self = kernelSelf(text, tokens, k, edits);
    Edit forward = dropBody(text, tokens[*k.body].begin, tokens[k.end].end);
    std::string lineBreaks = forward.replacement.substr(1);  // after dropBody's ';'
    forward.replacement = "{ return ::loom::launchFromKernel(::loom::kernelTwin<static_cast<" + self.pointerType +
                          ">(&" + self.name + ")>()" + (self.arguments.empty() ? "" : ", " + self.arguments) +
                          "); }" + lineBreaks;
    edits.push_back(std::move(forward));
  }
}

}  // namespace

void findHostPassEdits(std::string_view text, const std::vector<Token>& tokens, std::vector<Edit>& edits) {
  kernelEdits(text, tokens, edits);
  DeviceFunctions(text, tokens).run(edits);
}

}  // namespace loom::cc
