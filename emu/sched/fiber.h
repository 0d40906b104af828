// One execution context a CUDA thread can be suspended in and resumed from.
//
// A thin wrapper over Boost.Context's fcontext: contexts are made by make_fcontext, and on x86-64
// switched by Loom's loom_switch_fcontext (fiber.cpp), which is jump_fcontext without saving and
// restoring MXCSR and the x87 control word (about 1.5 ns a switch here, against 4-6 ns for
// jump_fcontext; no CUDA thread changes those registers). Switches are symmetric: any context jumps straight to any other, so a lane
// arriving at a barrier hands the worker directly to the next runnable lane, never through a
// scheduler round trip (DESIGN.md, "One fiber per CUDA thread").
//
// switchTo is inline on purpose: an extra call level around the jump more than doubled the
// measured switch cost (7 ns inline, 17 ns through a call), since every such level is a return
// whose prediction the other fiber's call chain has overwritten.
#pragma once

#include <boost/context/detail/fcontext.hpp>

#if !defined(__x86_64__)
#error "Loom's fiber switch is written for x86-64 (System V)"
#endif

namespace loom::sched {

class Fiber {
public:
  using Entry = void (*)(Fiber* self, void* arg);

  Fiber() = default;
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  // Prepare this fiber to run entry(this, arg) on [stackLow, stackLow + size) at its first
  // resume. A prepared fiber must be started (switched to) before the same OS thread prepares
  // another one: its entry learns which Fiber it is from that thread.
  void prepare(void* stackLow, std::size_t size, Entry entry, void* arg);

  // Suspend `from` (the context running now) and resume `to`. When `from` is resumed later,
  // this call returns in it. The data a jump carries is the Fiber that jumped, so the resumed
  // side can record where that one stopped.
  static void switchTo(Fiber& from, Fiber& to) {
    void* fctx;
    void* data;
    void* target = to.ctx_;
    void* self = &from;
    // The switch is entered with a pushed return address and a jmp, not a call: it resumes the
    // other side with `jmp *%r8`, so a call here would leave the return-stack predictor one
    // entry off on every resume. Below the red zone; all caller-saved state is clobbered.
    asm volatile(
        "sub $128, %%rsp\n\t"
        "lea 1f(%%rip), %%rax\n\t"
        "push %%rax\n\t"
        "jmp loom_switch_fcontext\n"
        "1:\n\t"
        "add $128, %%rsp\n\t"
        : "=a"(fctx), "=d"(data), "+D"(target), "+S"(self)
        :
        : "rcx", "r8", "r9", "r10", "r11", "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3",
          "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
          "xmm14", "xmm15", "st", "st(1)", "st(2)", "st(3)", "st(4)", "st(5)", "st(6)", "st(7)");
    static_cast<Fiber*>(data)->ctx_ = fctx;
  }

private:
  static void trampoline(boost::context::detail::transfer_t t);

  boost::context::detail::fcontext_t ctx_ = nullptr;
  Entry entry_ = nullptr;
  void* arg_ = nullptr;
};

}  // namespace loom::sched
