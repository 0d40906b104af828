#include "kernel_declarations.h"

#include <algorithm>
#include <iterator>

#include "attributes.h"

namespace loom::cc {
namespace {

bool isMarker(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  return i + 4 < tokens.size() && isWord(text, tokens, i, "__attribute__") && isPunct(text, tokens, i + 1, '(') &&
         isPunct(text, tokens, i + 2, '(') && isPunct(text, tokens, i + 3, ')') && isPunct(text, tokens, i + 4, ')');
}

// Words that may end a parameter's type but never name it.
bool isKeyword(std::string_view w) {
  static constexpr std::string_view kWords[] = {
      "int",      "unsigned", "signed",   "char",     "short",    "long",         "float",    "double",
      "bool",     "void",     "wchar_t",  "char8_t",  "char16_t", "char32_t",     "auto",     "__int128",
      "_Float16", "__bf16",   "const",    "volatile", "__restrict", "__restrict__", "restrict", "struct",
      "class",    "union",    "enum",     "typename", "register", "template",     "decltype", "noexcept"};
  return std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

// Words before a parameter's type that are not a type themselves (`const T` has no name).
bool isQualifierWord(std::string_view w) {
  static constexpr std::string_view kWords[] = {"const",      "volatile",     "struct",   "class",   "union",
                                                "enum",       "typename",     "register", "__restrict",
                                                "__restrict__", "restrict"};
  return std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

class Scanner {
 public:
  Scanner(std::string_view text, const std::vector<Token>& tokens) : text_(text), tokens_(tokens) {}

  std::vector<KernelDeclaration> run() {
    std::vector<KernelDeclaration> kernels;
    std::vector<Frame> frames;
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
      if (punct(i, '{')) {
        frames.push_back(openedFrame(i));
      } else if (punct(i, '}')) {
        if (!frames.empty()) frames.pop_back();
      } else if (isMarker(text_, tokens_, i)) {
        KernelDeclaration k;
        k.marker = i;
        k.atNamespaceScope = std::all_of(frames.begin(), frames.end(), [](const Frame& f) { return f.namespaceLike; });
        for (const Frame& f : frames) {
          if (f.name.empty()) continue;
          k.scope += (k.scope.empty() ? "" : "::") + f.name;
        }
        if (parse(k)) kernels.push_back(std::move(k));
      }
    }
    return kernels;
  }

 private:
  struct Frame {
    bool namespaceLike;  // a namespace or an extern "C" block
    std::string name;    // a namespace's name; "" for the others
  };

  bool punct(std::size_t i, char c) const { return isPunct(text_, tokens_, i, c); }
  bool word(std::size_t i, std::string_view w) const { return isWord(text_, tokens_, i, w); }
  bool identifier(std::size_t i) const { return i < tokens_.size() && tokens_[i].kind == TokenKind::Identifier; }
  std::string_view spell(std::size_t i) const { return spelling(text_, tokens_[i]); }

  // What the '{' at tokens[i] opens: a namespace (with its name; "" when anonymous), an
  // `extern "C"` block, or something else.
  Frame openedFrame(std::size_t i) const {
    Frame r{false, ""};
    if (i >= 2 && tokens_[i - 1].kind == TokenKind::String && word(i - 2, "extern")) {
      r.namespaceLike = true;
      return r;
    }
    std::size_t j = i;
    while (j > 0 && (identifier(j - 1) || punct(j - 1, ':'))) {
      if (word(j - 1, "namespace")) {
        r.namespaceLike = true;
        for (std::size_t n = j; n < i; ++n) {  // `a::b`, `a::inline b` (C++20)
          if (word(n, "inline")) continue;
          r.name += identifier(n) ? std::string(spell(n)) : std::string(":");
        }
        return r;
      }
      --j;
    }
    return r;
  }

  std::optional<std::size_t> closing(std::size_t i) const { return closingBracket(text_, tokens_, i); }

  // The '>' matching the '<' at tokens[i], before `limit`; brackets inside are stepped over.
  std::optional<std::size_t> closingAngle(std::size_t i, std::size_t limit) const {
    int depth = 0;
    for (; i < limit; ++i) {
      if (punct(i, '(') || punct(i, '[') || punct(i, '{')) {
        std::optional<std::size_t> c = closing(i);
        if (!c || *c >= limit) return std::nullopt;
        i = *c;
      } else if (punct(i, '<')) {
        ++depth;
      } else if (punct(i, '>')) {
        if (--depth == 0) return i;
      } else if (punct(i, ')') || punct(i, ']') || punct(i, '}') || punct(i, ';')) {
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  // Where the token group starting at tokens[i] ends (the index of its last token): a bracket
  // group, a template argument list, or the token itself.
  std::size_t groupEnd(std::size_t i, std::size_t limit) const {
    if (punct(i, '(') || punct(i, '[') || punct(i, '{')) {
      std::optional<std::size_t> c = closing(i);
      return c && *c < limit ? *c : i;
    }
    if (punct(i, '<')) {
      std::optional<std::size_t> c = closingAngle(i, limit);
      return c ? *c : i;
    }
    return i;
  }

  bool isEllipsis(std::size_t i) const {
    return punct(i, '.') && punct(i + 1, '.') && punct(i + 2, '.') && adjacent(tokens_, i) && adjacent(tokens_, i + 1);
  }

  // The parameters between tokens (open, close), split at commas outside brackets.
  std::vector<DeclaredParameter> parameters(std::size_t open, std::size_t close, bool templateHeader) const {
    std::vector<DeclaredParameter> out;
    std::size_t begin = open + 1;
    for (std::size_t i = begin; i <= close; ++i) {
      if (i < close && !punct(i, ',')) {
        i = groupEnd(i, close);
        continue;
      }
      if (i > begin) out.push_back(parameter(begin, i, templateHeader));
      begin = i + 1;
    }
    if (!templateHeader && out.size() == 1 && out[0].end - out[0].begin == 1 && word(out[0].begin, "void")) out.clear();
    return out;
  }

  DeclaredParameter parameter(std::size_t begin, std::size_t end, bool templateHeader) const {
    DeclaredParameter p;
    p.begin = begin;
    p.end = end;
    p.declaratorEnd = end;
    for (std::size_t i = begin; i < end; i = groupEnd(i, end) + 1) {
      if (punct(i, '=')) {
        p.declaratorEnd = i;
        break;
      }
    }
    // A function-pointer declarator, `int (*name)(int)`: the name is inside the first group that
    // starts with '*' or '&'.
    for (std::size_t i = begin; i < p.declaratorEnd; i = groupEnd(i, p.declaratorEnd) + 1) {
      if (!punct(i, '(') || !(punct(i + 1, '*') || punct(i + 1, '&'))) continue;
      if (i > begin && (word(i - 1, "decltype") || word(i - 1, "__typeof__") || word(i - 1, "typeof") ||
                        word(i - 1, "sizeof") || word(i - 1, "alignof")))
        continue;  // `decltype(*p) x`: an expression, not a declarator
      std::size_t j = i + 1;
      while (punct(j, '*') || punct(j, '&') || (identifier(j) && isQualifierWord(spell(j)))) ++j;
      if (isEllipsis(j)) {
        p.pack = true;
        j += 3;
      }
      if (identifier(j) && !isKeyword(spell(j))) p.name = j;
      p.nameOffset = tokens_[j - 1].end;
      return p;
    }
    // Otherwise the name is the last significant token before an array bound, attributes and
    // template argument lists counted as one token.
    std::vector<std::size_t> significant;
    std::size_t last = begin;
    for (std::size_t i = begin; i < p.declaratorEnd;) {
      if (std::optional<std::size_t> a = attributeEnd(text_, tokens_, i)) {
        i = *a;
        continue;
      }
      if (isLineMarker(text_, tokens_, i)) {
        ++i;
        continue;
      }
      if (punct(i, '[')) break;  // an array bound
      if (isEllipsis(i)) {
        p.pack = true;
        last = i + 2;
        i += 3;
        continue;
      }
      std::size_t e = groupEnd(i, p.declaratorEnd);
      significant.push_back(e);
      last = e;
      i = e + 1;
    }
    p.nameOffset = tokens_[last].end;
    if (significant.empty()) return p;
    std::size_t name = significant.back();
    if (!identifier(name) || isKeyword(spell(name)) || (name > begin && punct(name - 1, ':'))) return p;
    std::size_t types = 0;  // what stands before the name and can be its type
    for (std::size_t k = 0; k + 1 < significant.size(); ++k)
      if (templateHeader || !identifier(significant[k]) || !isQualifierWord(spell(significant[k]))) ++types;
    if (types == 0) return p;
    p.name = name;
    return p;
  }

  // The `template <...>` header in front of the marker, if any: back to the previous declaration.
  void templateHeader(KernelDeclaration& k) const {
    std::size_t from = declarationStart(text_, tokens_, k.marker);
    // The first `template <` from there is the outermost (a template template parameter has its own).
    for (std::size_t j = from; j < k.marker; ++j) {
      if (!word(j, "template") || !punct(j + 1, '<')) continue;
      std::optional<std::size_t> close = closingAngle(j + 1, k.marker);
      if (!close) return;
      k.templateOpen = j + 1;
      k.templateClose = *close;
      k.templateParameters = parameters(j + 1, *close, true);
      return;
    }
  }

  bool parse(KernelDeclaration& k) const {
    templateHeader(k);
    // The declarator: the first '(' that is not an attribute's follows the kernel's name (and the
    // template arguments of an explicit specialization).
    std::size_t i = k.marker + 5;
    std::optional<std::size_t> open;
    while (i < tokens_.size()) {
      if (std::optional<std::size_t> end = attributeEnd(text_, tokens_, i)) {
        i = *end;
        continue;
      }
      if (isLineMarker(text_, tokens_, i)) {
        ++i;
        continue;
      }
      if (punct(i, '(')) {
        open = i;
        break;
      }
      if (punct(i, '<') && identifier(i - 1) && !k.explicitArguments) {
        std::optional<std::size_t> close = closingAngle(i, tokens_.size());
        if (!close) return false;
        k.explicitArguments = i;
        i = *close + 1;
        continue;
      }
      if (k.explicitArguments || (!identifier(i) && !punct(i, ':'))) return false;
      ++i;
    }
    if (!open) return false;
    std::size_t nameEnd = k.explicitArguments ? *k.explicitArguments : *open;
    // (`__global__ void (*p)(int)`, a pointer's declarator, names no kernel.)
    if (nameEnd == 0 || !identifier(nameEnd - 1) || isKeyword(spell(nameEnd - 1))) return false;
    std::size_t nameBegin = nameEnd - 1;
    while (nameBegin >= 3 && punct(nameBegin - 1, ':') && punct(nameBegin - 2, ':') && identifier(nameBegin - 3))
      nameBegin -= 3;
    if (nameBegin >= 2 && punct(nameBegin - 1, ':') && punct(nameBegin - 2, ':')) nameBegin -= 2;  // `::k`
    k.nameBegin = nameBegin;
    k.nameEnd = nameEnd;
    k.open = *open;
    std::optional<std::size_t> close = closing(*open);
    if (!close) return false;
    k.close = *close;
    k.parameters = parameters(k.open, k.close, false);
    // The end of the declaration: its ';', or the '}' closing its body.
    std::size_t e = k.close + 1;
    while (e < tokens_.size() && !punct(e, ';') && !punct(e, '{')) ++e;
    if (e == tokens_.size()) return false;
    if (punct(e, '{')) {
      std::optional<std::size_t> end = closing(e);
      if (!end) return false;
      k.body = e;
      e = *end;
    }
    k.end = e;
    return true;
  }

  std::string_view text_;
  const std::vector<Token>& tokens_;
};

}  // namespace

std::vector<KernelDeclaration> findKernelDeclarations(std::string_view text, const std::vector<Token>& tokens) {
  return Scanner(text, tokens).run();
}

std::size_t declarationStart(std::string_view text, const std::vector<Token>& tokens, std::size_t i) {
  while (i > 0 && (tokens[i - 1].kind != TokenKind::Directive || isLineMarker(text, tokens, i - 1)) &&
         !isPunct(text, tokens, i - 1, ';') && !isPunct(text, tokens, i - 1, '{') && !isPunct(text, tokens, i - 1, '}'))
    --i;
  while (isLineMarker(text, tokens, i)) ++i;
  return i;
}

std::string tokenText(std::string_view text, const std::vector<Token>& tokens, std::size_t begin, std::size_t end) {
  if (begin >= end) return "";
  std::string s(text.substr(tokens[begin].begin, tokens[end - 1].end - tokens[begin].begin));
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s;
}

}  // namespace loom::cc
