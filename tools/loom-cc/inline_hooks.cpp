#include "inline_hooks.h"

#include <algorithm>
#include <optional>
#include <string>

namespace loom::cc {
namespace {

// For "\tcall\t__tsan_read4@PLT" and the like: the alignment the hook checks (emu/device/
// tsan_hooks.cpp, alignmentMask: the size, but 8 for 16 bytes; none for the packed hooks), or
// nothing for a line that is no call of a plain or packed access hook. g++ writes a call as a
// tab, `call`, a tab and the symbol, with @PLT for position-independent code.
std::optional<unsigned> hookAlignmentMask(std::string_view line) {
  constexpr std::string_view kPrefix = "\tcall\t__tsan_";
  if (!line.starts_with(kPrefix)) return std::nullopt;
  std::string_view rest = line.substr(kPrefix.size());
  if (rest.ends_with("@PLT")) rest.remove_suffix(4);
  bool packed = rest.starts_with("unaligned_");
  if (packed) rest.remove_prefix(10);
  if (rest.starts_with("read")) rest.remove_prefix(4);
  else if (rest.starts_with("write")) rest.remove_prefix(5);
  else return std::nullopt;
  for (unsigned n : {1u, 2u, 4u, 8u, 16u}) {
    if (rest == std::to_string(n)) return packed ? 0 : n == 16 ? 7 : n - 1;
  }
  return std::nullopt;  // __tsan_read_range, __tsan_write4_pc, ...
}

}  // namespace

InlinedHooks inlineAccessHooks(std::string_view assembly) {
  InlinedHooks out;
  out.text.reserve(assembly.size() + assembly.size() / 4);
  for (std::size_t at = 0; at < assembly.size();) {
    std::size_t end = std::min(assembly.find('\n', at), assembly.size());
    std::string_view line = assembly.substr(at, end - at);
    std::optional<unsigned> mask = hookAlignmentMask(line);
    if (!mask) {
      out.text += assembly.substr(at, end + 1 - at);  // with its line break, if it has one
    } else {
      std::string id = std::to_string(out.gated++);
      if (*mask) {
        out.text += "\ttestb\t$" + std::to_string(*mask) + ", %dil\n";
        out.text += "\tjne\t.Lloom_hook_call" + id + "\n";
      }
      out.text += "\tmovq\tloom_access_checks@GOTPCREL(%rip), %rax\n";
      out.text += "\tcmpl\t$0, (%rax)\n";
      out.text += "\tje\t.Lloom_hook_done" + id + "\n";
      out.text += ".Lloom_hook_call" + id + ":\n";
      out.text += std::string(line) + "\n";
      out.text += ".Lloom_hook_done" + id + ":\n";
    }
    at = end + 1;
  }
  return out;
}

}  // namespace loom::cc
