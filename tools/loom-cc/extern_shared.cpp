#include "extern_shared.h"

#include <algorithm>
#include <optional>
#include <string>

#include "attributes.h"

namespace loom::cc {
namespace {

class ExternSharedFinder {
 public:
  ExternSharedFinder(std::string_view text, const std::vector<Token>& tokens,
                     std::vector<Edit>& edits)
      : text_(text), tokens_(tokens), edits_(edits) {}

  void run() {
    // Braces seen so far: true for a namespace or linkage block, false for anything else (a
    // function body or a block in one).
    std::vector<bool> scopes;
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      if (punct(i, '{')) scopes.push_back(opensNamespace(i));
      if (punct(i, '}') && !scopes.empty()) scopes.pop_back();
      if (isWord(i, "extern")) {
        functionScope_ = std::find(scopes.begin(), scopes.end(), false) != scopes.end();
        tryDeclarationAt(i);
      }
    }
  }

 private:
  bool isWord(std::size_t i, std::string_view w) const { return cc::isWord(text_, tokens_, i, w); }
  bool punct(std::size_t i, char c) const { return isPunct(text_, tokens_, i, c); }

  // Whether the '{' at `brace` opens `namespace [a::b] {` or `extern "C" {`.
  bool opensNamespace(std::size_t brace) const {
    if (brace == 0) return false;
    std::size_t j = brace - 1;
    if (tokens_[j].kind == TokenKind::String) return j > 0 && isWord(j - 1, "extern");
    if (isWord(j, "namespace") || isWord(j, "inline")) return isWord(j, "namespace");
    // Back over a (possibly qualified) name: `namespace a::b {`.
    while (j > 0 && (tokens_[j].kind == TokenKind::Identifier || punct(j, ':'))) {
      if (isWord(j, "namespace")) return true;
      --j;
    }
    return isWord(j, "namespace");
  }

  std::optional<std::size_t> skipGroup(std::size_t i) const { return cc::skipGroup(text_, tokens_, i); }
  std::optional<std::size_t> attributeEnd(std::size_t i) const { return cc::attributeEnd(text_, tokens_, i); }

  // The source text of tokens [first, last) on one line, less line markers: a system header's
  // macro (`__align__(n)` from Loom's headers in a library's header) can put one inside an
  // attribute, and the slice goes where a '#' would be stray.
  std::string slice(std::size_t first, std::size_t last) const {
    std::string s;
    std::size_t from = tokens_[first].begin;
    for (std::size_t k = first; k < last; ++k) {
      if (!isLineMarker(text_, tokens_, k)) continue;
      s.append(text_.substr(from, tokens_[k].begin - from));
      from = tokens_[k].end;
    }
    s.append(text_.substr(from, tokens_[last - 1].end - from));
    for (char& c : s) {
      if (c == '\n' || c == '\r') c = ' ';
    }
    return s;
  }

  // What the declaration's lines become after its replacement: its line breaks, and its line
  // markers on their own lines, so that the text after it keeps its line numbers.
  std::string layout(std::size_t first, std::size_t last) const {  // tokens [first, last]
    std::string out;
    std::size_t pos = tokens_[first].begin;
    for (std::size_t t = first; t <= last; ++t) {
      const bool marker = isLineMarker(text_, tokens_, t);
      for (; pos < tokens_[t].end; ++pos) {
        if (marker && pos == tokens_[t].begin) {
          out.append(text_.substr(pos, tokens_[t].end - pos));
          pos = tokens_[t].end;
          break;
        }
        if (text_[pos] == '\n') out.push_back('\n');
      }
    }
    return out;
  }

  // Where the declared name is in `rest`: `name [ ]`, followed only by bounds `[N]...` (an array
  // of arrays), none of it interrupted by an attribute, with at least one type token before it.
  std::optional<std::size_t> declaredName(const std::vector<std::size_t>& rest) const {
    for (std::size_t j = 1; j + 2 < rest.size(); ++j) {
      if (tokens_[rest[j]].kind != TokenKind::Identifier || !punct(rest[j + 1], '[') ||
          !punct(rest[j + 2], ']') || rest[j + 2] != rest[j] + 2) {
        continue;
      }
      std::size_t k = j + 3;
      while (k < rest.size() && punct(rest[k], '[') && rest[k] == rest[k - 1] + 1) {
        std::optional<std::size_t> end = skipGroup(rest[k]);
        if (!end) return std::nullopt;
        while (k < rest.size() && rest[k] < *end) ++k;
      }
      if (k == rest.size()) return j;
    }
    return std::nullopt;
  }

  void tryDeclarationAt(std::size_t ext) {
    std::vector<std::string> attributes;
    // `__shared__ extern T s[];` puts thread_local first.
    std::size_t before = ext;  // back over line markers (a system header's macros put them anywhere)
    while (before > 0 && isLineMarker(text_, tokens_, before - 1)) --before;
    bool threadLocal = before > 0 && isWord(before - 1, "thread_local");
    std::size_t declStart = threadLocal ? before - 1 : ext;
    std::vector<std::size_t> rest;  // the tokens after `extern`, less attributes and thread_local
    int angle = 0;                  // depth of template brackets: their commas are the type's
    std::size_t i = ext + 1;
    for (;;) {
      if (i >= tokens_.size()) return;
      if (std::optional<std::size_t> end = attributeEnd(i)) {
        attributes.push_back(slice(i, *end));
        i = *end;
        continue;
      }
      if (isLineMarker(text_, tokens_, i)) {
        ++i;
        continue;
      }
      const Token& t = tokens_[i];
      if (t.kind == TokenKind::Directive || t.kind == TokenKind::String) return;  // extern "C"
      bool typeofGroup =
          isWord(i - 1, "decltype") || isWord(i - 1, "__typeof__") || isWord(i - 1, "typeof");
      if (punct(i, '(') && (angle > 0 || typeofGroup)) {
        // `S<sizeof(int)>`, `decltype(x)`: part of the type.
        std::optional<std::size_t> end = skipGroup(i);
        if (!end) return;
        for (; i < *end; ++i) rest.push_back(i);
        continue;
      }
      if (t.kind == TokenKind::Punct) {
        char c = text_[t.begin];
        if (c == ';') break;
        if (c == '<') ++angle;
        if (c == '>' && angle > 0) --angle;
        // Not a plain declaration of one array: an initializer, a function, several declarators.
        if (c == '=' || c == '(' || (c == ',' && angle == 0) || c == '{' || c == '}') return;
      }
      if (isWord(i, "thread_local")) {
        threadLocal = true;
      } else {
        rest.push_back(i);
      }
      ++i;
    }
    std::size_t semicolon = i;
    std::optional<std::size_t> nameAt = declaredName(rest);
    if (!threadLocal || !nameAt) return;

    // The type is the kept tokens before the name, as source slices of the runs that attributes
    // or thread_local did not interrupt (joining single tokens would break `::` and `>>`).
    std::string type;
    for (std::size_t k = 0; k < *nameAt;) {
      std::size_t runStart = k;
      while (k + 1 < *nameAt && rest[k + 1] == rest[k] + 1) ++k;
      type += (type.empty() ? "" : " ") + slice(rest[runStart], rest[k] + 1);
      ++k;
    }
    std::string name(spelling(text_, tokens_[rest[*nameAt]]));
    // Bounds of an array of arrays: `s[][4]` becomes a pointer to float[4].
    std::string bounds =
        *nameAt + 3 < rest.size() ? slice(rest[*nameAt + 3], rest.back() + 1) : std::string();

    // In a function, a plain local: the kernel reads the base through one uninstrumented call
    // per thread. At namespace scope, a constant-initialised thread_local pointer that the
    // engine sets on each worker, registered at start-up: a thread_local initialised from a call
    // would be read through a guard variable on every use, accesses the memory-access hooks see
    // (and lockstep mode would count as shared memory).
    std::string replacement = functionScope_ ? "[[maybe_unused]] " : "inline thread_local ";
    for (const std::string& a : attributes) replacement += a + " ";
    std::string constness = functionScope_ ? " const " : " ";
    // The space after '<' keeps `<::ns::T` from reading as the digraph `<:`.
    std::string declarator = bounds.empty() ? type + " *" + constness + name
                                            : type + " (*" + constness + name + ")" + bounds;
    std::string pointerType = bounds.empty() ? type + " *" : type + " (*)" + bounds;
    if (functionScope_) {
      replacement += declarator + " = reinterpret_cast< " + pointerType +
                     ">(::loom::dynamicSharedBase());";
    } else {
      replacement += declarator + " = nullptr; [[maybe_unused]] static const bool loom_extern_shared_" +
                     name + " = ::loom::registerExternShared(&" + name + ");";
    }
    replacement += layout(declStart, semicolon);
    edits_.push_back({tokens_[declStart].begin, tokens_[semicolon].end, std::move(replacement)});
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
  std::vector<Edit>& edits_;
  bool functionScope_ = false;  // of the declaration being looked at
};

}  // namespace

void findExternSharedEdits(std::string_view text, const std::vector<Token>& tokens,
                           std::vector<Edit>& edits) {
  ExternSharedFinder(text, tokens, edits).run();
}

}  // namespace loom::cc
