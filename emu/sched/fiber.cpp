#include "sched/fiber.h"

#include <cstdlib>

// Loom's switch between fcontexts, with Boost's frame layout (x86-64 System V, Boost 1.74):
// [sp+0x00] MXCSR, [sp+0x04] x87 control word, [sp+0x08..0x30] r12, r13, r14, r15, rbx, rbp,
// [sp+0x38] where to resume. It is jump_fcontext less the four instructions that save and
// restore MXCSR and the x87 control word: those were three quarters of a switch's cost
// (perf: fnstcw and fldcw alone half of jump_fcontext's samples), and no CUDA thread changes
// either (isa/ takes rounding as a parameter, DESIGN.md). And it stores the suspended context in
// its slot itself, where jump_fcontext hands it to the resumed side to store (transfer_t): the
// slot is known here, and the resumed side then has nothing to do. Contexts are still made by
// make_fcontext, whose frame this reads; the saved control words of a context made there are
// simply never loaded. Entered by switchContext with a pushed return address and a jmp.
// In: rdi = the context to resume, rsi = where to save the suspended one.
asm(R"(
    .text
    .globl loom_switch_fcontext
    .hidden loom_switch_fcontext
    .type loom_switch_fcontext, @function
    .p2align 4
loom_switch_fcontext:
    leaq  -0x38(%rsp), %rsp
    movq  %r12, 0x08(%rsp)
    movq  %r13, 0x10(%rsp)
    movq  %r14, 0x18(%rsp)
    movq  %r15, 0x20(%rsp)
    movq  %rbx, 0x28(%rsp)
    movq  %rbp, 0x30(%rsp)
    movq  %rsp, (%rsi)
    movq  %rdi, %rsp
    movq  0x38(%rsp), %r8
    movq  0x08(%rsp), %r12
    movq  0x10(%rsp), %r13
    movq  0x18(%rsp), %r14
    movq  0x20(%rsp), %r15
    movq  0x28(%rsp), %rbx
    movq  0x30(%rsp), %rbp
    leaq  0x40(%rsp), %rsp
    jmp   *%r8
    .size loom_switch_fcontext, .-loom_switch_fcontext
)");

namespace loom::sched {

namespace bc = boost::context::detail;

namespace {
// The fiber prepared last on this thread: the one a fresh trampoline is running for.
thread_local Fiber* tPrepared = nullptr;
}  // namespace

void Fiber::prepare(void* stackLow, std::size_t size, Entry entry, void* arg) {
  entry_ = entry;
  arg_ = arg;
  tPrepared = this;
  // fcontext stacks grow down: make_fcontext takes the top of the stack.
  ctx_ = bc::make_fcontext(static_cast<char*>(stackLow) + size, size, &Fiber::trampoline);
}

// Entered from loom_switch_fcontext's jump through Boost's trampoline: `t` holds whatever the
// switch left in rdi and rsi; the context that started this fiber saved itself already.
void Fiber::trampoline(bc::transfer_t) {
  Fiber* self = tPrepared;
  self->entry_(self, self->arg_);
  std::abort();  // entries never return: a fiber's context has nowhere to return to
}

}  // namespace loom::sched
