// The access hooks' fast path, inlined into kernel code after compilation.
//
// -fsanitize=thread makes g++ call __tsan_read4(p) & co. at every memory access of kernel code
// (plan.h). In fast mode with no checker on, all such a hook does is fail when p is misaligned:
// an out-of-line call that costs about 1 ns, three of them a third of the vector-add benchmark
// (emu/DESIGN.md, "Inline hook gates"). The tsan pass runs after inlining, so no compiler flag
// inlines them; instead loom-cc compiles kernel code to assembly and puts a gate in front of each
// call: one test of the address against a mask the engine keeps (check/sanitizer/
// access_checks.h: the alignment the hook checks while no checker, lockstep block or watchdog
// is on, all ones while one is):
//
//     testq  %rbx, loom_access_masks+16(%rip)  # misaligned, or checks on: call the hook
//     je     .Lloom_hook_done7
//     movq   %rbx, %rdi                        # g++'s argument move, moved behind the test
//     call   __tsan_read4@PLT
//   .Lloom_hook_done7:
//
// Sound because the call clobbers %rdi, %rax and the flags by the ABI, so g++ keeps nothing live
// in them across it: a `movq %reg, %rdi` right before the call (debug directives between) moves
// behind the test, which then tests %reg. The stack pointer does not move (the call frame
// information stays right), and the call keeps its address, so the hook's return address still
// names the user's line. In code for a shared library (`pic`) the masks are reached through the
// GOT (%rax), and the argument stays where g++ put it. Volatile, range and atomic hooks stay
// plain calls: they do more (the spin detector, atomics).
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
// `pic`: the code is for a shared library (-fPIC/-fpic).
InlinedHooks inlineAccessHooks(std::string_view assembly, bool pic = false);

}  // namespace loom::cc
