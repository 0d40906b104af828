// The access hooks' fast path, inlined into kernel code after compilation.
//
// -fsanitize=thread makes g++ call __tsan_read4(p) & co. at every memory access of kernel code
// (plan.h). In fast mode with no checker on, all such a hook does is fail when p is misaligned:
// an out-of-line call that costs about 1 ns on this machine's EPYC, three of them a third of the
// vector-add benchmark (emu/DESIGN.md, "Inline hook gates"). The tsan pass runs after inlining, so
// no compiler flag inlines them; instead loom-cc compiles kernel code to assembly and puts the
// hook's own first tests in front of each call:
//
//     testb  $3, %dil                          # misaligned: the hook reports it
//     jne    .Lloom_hook_call7
//     movq   loom_access_checks@GOTPCREL(%rip), %rax
//     cmpl   $0, (%rax)                        # a checker, lockstep or the watchdog is on
//     je     .Lloom_hook_done7
//   .Lloom_hook_call7:
//     call   __tsan_read4@PLT
//   .Lloom_hook_done7:
//
// Sound because the call clobbers %rax and the flags by the ABI, so g++ keeps nothing live in
// them across it, and the stack pointer does not move (the call frame information stays right).
// The call keeps its address, so the hook's return address still names the user's line.
// Volatile, range and atomic hooks stay plain calls: they do more (the spin detector, atomics).
#pragma once

#include <string>
#include <string_view>

namespace loom::cc {

struct InlinedHooks {
  std::string text;
  unsigned gated = 0;  // calls given a fast path
};

// Every `call __tsan_{read,write,unaligned_read,unaligned_write}{1,2,4,8,16}` line of g++'s
// x86-64 assembly (AT&T syntax, as g++ -S writes it) gated as above; other lines unchanged.
InlinedHooks inlineAccessHooks(std::string_view assembly);

}  // namespace loom::cc
