#include "inline_hooks.h"

#include <fstream>
#include <iostream>
#include <sstream>

namespace loom::cc {
namespace {

// The alignment the hook checks for an access of n bytes (emu/device/tsan_hooks.cpp,
// alignmentMask): its size, but 8 for 16 bytes; 0 for hooks that check none.
unsigned alignmentMask(std::string_view kind, unsigned n) {
  if (kind.starts_with("unaligned_")) return 0;
  return n == 16 ? 7 : n - 1;
}

// "\tcall\t__tsan_read4@PLT" -> kind "read", n 4, the callee as written. g++ writes calls as a
// tab, `call`, a tab and the symbol, with @PLT for position-independent code.
bool parseHookCall(std::string_view line, std::string_view& kind, unsigned& n, std::string_view& callee) {
  constexpr std::string_view kPrefix = "\tcall\t__tsan_";
  if (!line.starts_with(kPrefix)) return false;
  callee = line.substr(6);  // after "\tcall\t"
  std::string_view rest = line.substr(kPrefix.size());
  if (rest.ends_with("@PLT")) rest.remove_suffix(4);
  for (std::string_view k : {"unaligned_read", "unaligned_write", "read", "write"}) {
    if (!rest.starts_with(k)) continue;
    std::string_view size = rest.substr(k.size());
    for (unsigned s : {1u, 2u, 4u, 8u, 16u}) {
      if (size == std::to_string(s)) {
        kind = k;
        n = s;
        return true;
      }
    }
    return false;  // __tsan_read_range, __tsan_write4_pc, ...
  }
  return false;
}

}  // namespace

InlinedHooks inlineAccessHooks(std::string_view assembly) {
  InlinedHooks out;
  out.text.reserve(assembly.size() + assembly.size() / 4);
  std::size_t at = 0;
  while (at < assembly.size()) {
    std::size_t end = assembly.find('\n', at);
    std::size_t next = end == std::string_view::npos ? assembly.size() : end + 1;
    std::string_view line = assembly.substr(at, (end == std::string_view::npos ? assembly.size() : end) - at);
    std::string_view kind, callee;
    unsigned n = 0;
    if (parseHookCall(line, kind, n, callee)) {
      std::string id = std::to_string(out.gated++);
      if (unsigned mask = alignmentMask(kind, n)) {
        out.text += "\ttestb\t$" + std::to_string(mask) + ", %dil\n";
        out.text += "\tjne\t.Lloom_hook_call" + id + "\n";
      }
      out.text += "\tmovq\tloom_access_checks@GOTPCREL(%rip), %rax\n";
      out.text += "\tcmpl\t$0, (%rax)\n";
      out.text += "\tje\t.Lloom_hook_done" + id + "\n";
      out.text += ".Lloom_hook_call" + id + ":\n";
      out.text += "\tcall\t";
      out.text += callee;
      out.text += "\n.Lloom_hook_done" + id + ":\n";
    } else {
      out.text += assembly.substr(at, next - at);
    }
    at = next;
  }
  return out;
}

int inlineHooksFile(const std::string& input, const std::string& output) {
  std::ifstream in(input, std::ios::binary);
  if (!in) {
    std::cerr << "loom-cc: error: cannot read '" << input << "'\n";
    return 1;
  }
  std::ostringstream text;
  text << in.rdbuf();
  InlinedHooks r = inlineAccessHooks(text.str());
  std::ofstream out(output, std::ios::binary | std::ios::trunc);
  out << r.text;
  out.close();
  if (!out) {
    std::cerr << "loom-cc: error: cannot write '" << output << "'\n";
    return 1;
  }
  return 0;
}

}  // namespace loom::cc
