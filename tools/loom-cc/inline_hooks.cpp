#include "inline_hooks.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

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

// The offset of the mask for an alignment mask in loom_access_masks (0, 1, 3, 7).
unsigned maskOffset(unsigned alignmentMask) {
  return alignmentMask == 0 ? 0 : alignmentMask == 1 ? 8 : alignmentMask == 3 ? 16 : 24;
}

// Lines that only describe the code (line table, variable locations, lexical blocks): an
// instruction may move across them. Anything else (a jump target, a directive) stops the move.
bool describesOnly(std::string_view line) {
  return line.starts_with("\t.loc") || line.starts_with(".LVL") || line.starts_with(".LBB") ||
         line.starts_with(".LBE");
}

// "\tmovq\t%rbx, %rdi" -> "%rbx": a 64-bit register other than %rdi copied into the argument.
std::optional<std::string_view> argumentSource(std::string_view line) {
  constexpr std::string_view kPrefix = "\tmovq\t%", kSuffix = ", %rdi";
  if (!line.starts_with(kPrefix) || !line.ends_with(kSuffix)) return std::nullopt;
  std::string_view reg = line.substr(kPrefix.size() - 1, line.size() - kPrefix.size() - kSuffix.size() + 1);
  static constexpr std::string_view kRegisters[] = {"%rax", "%rbx", "%rcx", "%rdx", "%rsi", "%rbp", "%r8",
                                                    "%r9",  "%r10", "%r11", "%r12", "%r13", "%r14", "%r15"};
  for (std::string_view r : kRegisters)
    if (reg == r) return reg;
  return std::nullopt;
}

}  // namespace

InlinedHooks inlineAccessHooks(std::string_view assembly, bool pic) {
  InlinedHooks out;
  out.text.reserve(assembly.size() + assembly.size() / 4);
  // Where each of the lines since the last instruction starts in out.text, and that instruction.
  std::vector<std::size_t> lineStarts;
  for (std::size_t at = 0; at < assembly.size();) {
    std::size_t end = std::min(assembly.find('\n', at), assembly.size());
    std::string_view line = assembly.substr(at, end - at);
    std::optional<unsigned> mask = hookAlignmentMask(line);
    if (!mask) {
      if (!describesOnly(line)) lineStarts.clear();
      lineStarts.push_back(out.text.size());
      out.text += assembly.substr(at, end + 1 - at);  // with its line break, if it has one
      at = end + 1;
      continue;
    }
    // The argument's move, if it is the instruction right before the call: behind the test.
    std::string tested = "%rdi", move;
    if (!pic && !lineStarts.empty()) {
      std::size_t from = lineStarts.front();
      std::size_t to = lineStarts.size() > 1 ? lineStarts[1] : out.text.size();
      std::string_view previous(out.text.data() + from, to - from);
      if (previous.ends_with('\n')) previous.remove_suffix(1);
      if (auto reg = argumentSource(previous)) {
        tested = std::string(*reg);
        move = std::string(previous) + "\n";
        out.text.erase(from, to - from);
      }
    }
    lineStarts.clear();
    std::string id = std::to_string(out.gated++);
    std::string offset = std::to_string(maskOffset(*mask));
    if (pic) {
      out.text += "\tmovq\tloom_access_masks@GOTPCREL(%rip), %rax\n";
      out.text += "\ttestq\t" + tested + ", " + offset + "(%rax)\n";
    } else {
      out.text += "\ttestq\t" + tested + ", loom_access_masks+" + offset + "(%rip)\n";
    }
    out.text += "\tje\t.Lloom_hook_done" + id + "\n";
    out.text += move;
    out.text += std::string(line) + "\n";
    out.text += ".Lloom_hook_done" + id + ":\n";
    at = end + 1;
  }
  return out;
}

}  // namespace loom::cc
