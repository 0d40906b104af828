#include "report/profiler_names.h"

#include <cxxabi.h>

#include <cctype>
#include <cstdlib>
#include <memory>
#include <string_view>
#include <vector>

namespace loom::report {
namespace {

std::string demangle(const std::string& mangled) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> out(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status),
                                             std::free);
  return status == 0 && out ? std::string(out.get()) : std::string();
}

// The mangled name with each template parameter reference (`T_`, `T0_`, ...) replaced by a
// source name `T1`, `T2`, ...: the demangler then prints the parameter by position, as ncu does,
// instead of the argument it stands for. A reference is a substitution candidate as a source
// name is, so the `S<n>_` references after it keep their meaning. Source names (`<len><chars>`),
// literals (`L...E`), substitutions and vector types are copied whole, so a `T_` inside them is
// left alone.
std::string positionalTemplateParameters(const std::string& m) {
  std::string out;
  std::size_t i = 0;
  auto digitsFrom = [&](std::size_t k) {
    while (k < m.size() && std::isdigit(static_cast<unsigned char>(m[k]))) ++k;
    return k;
  };
  while (i < m.size()) {
    char c = m[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {  // a source name
      std::size_t end = digitsFrom(i);
      std::size_t length = std::strtoul(m.substr(i, end - i).c_str(), nullptr, 10);
      out.append(m, i, end - i + length);
      i = end + length;
    } else if (c == 'L') {  // a literal, up to its E (a nested _Z...E counted)
      std::size_t depth = 0, k = i + 1;
      for (; k < m.size(); ++k) {
        if (m.compare(k, 2, "_Z") == 0) ++depth;
        if (m[k] == 'E') {
          if (depth == 0) break;
          --depth;
        }
      }
      out.append(m, i, k + 1 - i);
      i = k + 1;
    } else if (c == 'S' && i + 1 < m.size() && (m[i + 1] == '_' || std::isalnum(static_cast<unsigned char>(m[i + 1])))) {
      std::size_t k = i + 1;
      if (m[k] == 't' || m[k] == 'a' || m[k] == 'b' || m[k] == 's' || m[k] == 'i' || m[k] == 'o' || m[k] == 'd') {
        out.append(m, i, 2);  // St, Sa, Sb, Ss, Si, So, Sd
        i += 2;
        continue;
      }
      while (k < m.size() && m[k] != '_') ++k;
      out.append(m, i, k + 1 - i);
      i = k + 1;
    } else if (c == 'D' && i + 1 < m.size() && m[i + 1] == 'v') {  // Dv<n>_
      std::size_t k = digitsFrom(i + 2);
      out.append(m, i, k + 1 - i);
      i = k + 1;
    } else if (c == 'T' && i + 1 < m.size() && (m[i + 1] == '_' || std::isdigit(static_cast<unsigned char>(m[i + 1])))) {
      std::size_t k = digitsFrom(i + 1);
      if (k >= m.size() || m[k] != '_') {
        out += c;
        ++i;
        continue;
      }
      std::size_t position = k == i + 1 ? 1 : std::strtoul(m.substr(i + 1, k - i - 1).c_str(), nullptr, 10) + 2;
      std::string name = "T" + std::to_string(position);
      out += std::to_string(name.size()) + name;
      i = k + 1;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

// The demangler's `int const*` and `Node* const*` as ncu spells them: `const int *`, `Node *const *`:
// a `const` right after the type name goes first, a pointer or reference gets a space before it,
// and a `const` after a pointer none.
std::string parameterStyle(const std::string& p) {
  std::vector<std::string> tokens;  // the type name (one token, templates whole), then `*`, `&`, `const`
  std::string name;
  int depth = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    char c = p[i];
    if (c == '<' || c == '(') ++depth;
    if (c == '>' || c == ')') --depth;
    if (depth == 0 && (c == '*' || c == '&')) {
      tokens.push_back(std::string(1, c));
      continue;
    }
    if (depth == 0 && p.compare(i, 5, "const") == 0 && (i == 0 || p[i - 1] == ' ' || p[i - 1] == '*' || p[i - 1] == '&') &&
        (i + 5 == p.size() || p[i + 5] == ' ' || p[i + 5] == '*' || p[i + 5] == '&')) {
      tokens.push_back("const");
      i += 4;
      continue;
    }
    if (depth == 0 && c == ' ' && (i + 1 >= p.size() || p.compare(i + 1, 5, "const") == 0 || p[i + 1] == '*')) continue;
    if (tokens.empty()) name += c;
    else tokens.push_back(std::string(1, c));  // unexpected: keep the text
  }
  while (!name.empty() && name.front() == ' ') name.erase(0, 1);
  while (!name.empty() && name.back() == ' ') name.pop_back();
  // `int const` before the first pointer: `const int`.
  std::string out = name;
  std::size_t k = 0;
  if (k < tokens.size() && tokens[k] == "const") {
    out = "const " + name;
    ++k;
  }
  for (; k < tokens.size(); ++k) {
    if (tokens[k] == "*" || tokens[k] == "&") out += (out.back() == '*' || out.back() == '&' ? "" : " ") + tokens[k];
    else if (tokens[k] == "const") out += "const";
    else out += tokens[k];
  }
  return out;
}

// Splits at the commas of depth 0 (parentheses and angle brackets counted).
std::vector<std::string> splitTopLevel(std::string_view s) {
  std::vector<std::string> parts;
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '(' || s[i] == '<') ++depth;
    if (s[i] == ')' || s[i] == '>') --depth;
    if (s[i] == ',' && depth == 0) {
      parts.emplace_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  parts.emplace_back(s.substr(start));
  return parts;
}

// `256u`, `3l`, `7ul` as ncu prints them: without the suffix.
std::string templateArgumentStyle(std::string a) {
  while (!a.empty() && a.front() == ' ') a.erase(0, 1);
  if (a.empty()) return a;  // an empty pack: `k<>`
  std::size_t digits = a.front() == '-' ? 1 : 0;
  if (digits >= a.size() || !std::isdigit(static_cast<unsigned char>(a[digits]))) return a;
  std::size_t end = digits;
  while (end < a.size() && std::isdigit(static_cast<unsigned char>(a[end]))) ++end;
  std::string_view suffix(a.c_str() + end);
  for (std::string_view s : {"u", "l", "ul", "ll", "ull"})
    if (suffix == s) return a.substr(0, end);
  return a;
}

// The index of the '(' opening the parameter list: the last one at depth 0 of angle brackets.
std::size_t parameterListOpen(const std::string& s) {
  int depth = 0;
  std::size_t open = std::string::npos;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '<') ++depth;
    if (s[i] == '>') --depth;
    if (s[i] == '(' && depth == 0) {
      open = i;
      break;
    }
  }
  return open;
}

// The rest of NVIDIA's demangler's spelling: `>>` without a space, and a lambda's closure type
// `{lambda(int)#2}` as `[lambda(int) (instance 2)]`.
std::string ncuSpelling(std::string s) {
  for (std::size_t at; (at = s.find("> >")) != std::string::npos;) s.erase(at + 1, 1);
  for (std::size_t at = 0; (at = s.find("{lambda(", at)) != std::string::npos;) {
    std::size_t hash = s.find(")#", at);
    std::size_t close = hash == std::string::npos ? hash : s.find('}', hash);
    if (close == std::string::npos) break;
    std::string params = s.substr(at + 8, hash - at - 8);
    std::string number = s.substr(hash + 2, close - hash - 2);
    std::string replacement = "[lambda(" + params + ") (instance " + number + ")]";
    s.replace(at, close + 1 - at, replacement);
    at += replacement.size();
  }
  return s;
}

}  // namespace

ProfilerNames profilerNames(const std::string& symbol) {
  // Loom's suffixes (`.loomdev`, the device pass's copy; `.loom.<hash>`, an internal kernel made
  // global, tools/loom-cc/pass_merge.h) and GCC's (`.constprop.0`) are no part of the name.
  const std::string mangled = symbol.substr(0, symbol.find('.'));
  ProfilerNames names{mangled, mangled, mangled};
  if (mangled.rfind("_Z", 0) != 0) return names;
  std::string d = demangle(positionalTemplateParameters(mangled));
  if (d.empty()) d = demangle(mangled);
  if (d.empty()) return names;
  std::size_t open = parameterListOpen(d);
  if (open == std::string::npos || d.back() != ')') {
    names.display = names.function = d;
    return names;
  }
  std::string head = d.substr(0, open);
  std::string params = d.substr(open + 1, d.size() - open - 2);
  // The template arguments of the function's name.
  if (!head.empty() && head.back() == '>') {
    int depth = 0;
    std::size_t lt = head.size();
    for (std::size_t i = head.size(); i-- > 0;) {
      if (head[i] == '>') ++depth;
      if (head[i] == '<' && --depth == 0) {
        lt = i;
        break;
      }
    }
    std::string args;
    std::string_view inside = std::string_view(head).substr(lt + 1, head.size() - lt - 2);
    if (!inside.empty())
      for (const std::string& a : splitTopLevel(inside)) args += (args.empty() ? "" : ", ") + templateArgumentStyle(a);
    names.function = head.substr(0, lt);
    head = names.function + "<" + args + ">";
  } else {
    names.function = head;
  }
  // The function's own name: after its return type and scopes.
  if (std::size_t space = names.function.rfind(' '); space != std::string::npos) names.function.erase(0, space + 1);
  if (std::size_t scope = names.function.rfind("::"); scope != std::string::npos) names.function.erase(0, scope + 2);
  std::string list;
  if (params != "void" && !params.empty())
    for (const std::string& p : splitTopLevel(params)) list += (list.empty() ? "" : ", ") + parameterStyle(p);
  names.display = ncuSpelling(head + "(" + list + ")");
  names.function = ncuSpelling(names.function);
  return names;
}

}  // namespace loom::report
