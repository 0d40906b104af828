// The one fiber switch Loom has, inline so that a kernel's run loop (BoundKernel::run,
// loom/runtime/launch.h) can park its fiber in its own frame; sched::Fiber::switchTo is the
// same switch for the engine. It jumps to loom_switch_fcontext (sched/fiber.cpp), which saves
// the callee-saved registers on the suspended stack, stores its stack pointer in the slot, and
// restores the resumed one's.
//
// Why inline, and in the run loop: a CUDA thread resumed after a switch returns along its own
// call chain, where the return-stack predictor holds the chain of the thread that switched. A
// return it mispredicts waits for its address to be loaded from a stack that has not run for a
// while: a call level between a switch and the code it resumes in cost a thread's first
// barrier 4 to 19 ns (tools/bench, README "Benchmarks").
#pragma once

#if !defined(__x86_64__)
#error "Loom's fiber switch is written for x86-64 (System V)"
#endif

// What a switch leaves the code it returns to: every caller-saved register but the ones an asm
// names as operands (rdi; rsi too in switchContext), and the flags and memory.
#define LOOM_SWITCH_CLOBBERS                                                                \
  "rax", "rcx", "rdx", "r8", "r9", "r10", "r11", "memory", "cc", "xmm0", "xmm1", "xmm2", "xmm3", \
      "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",         \
      "xmm14", "xmm15", "st", "st(1)", "st(2)", "st(3)", "st(4)", "st(5)", "st(6)", "st(7)"

namespace loom::runtime {

// Suspends the running context, saving it in *from, and resumes the context `to`. When the
// suspended context is resumed later, this returns in it.
[[gnu::always_inline]] inline void switchContext(void** from, void* to) {
  void* target = to;
  void* slot = from;
  // Entered with a pushed return address and a jmp, not a call: the other side is resumed with
  // `jmp *%r8`, so a call here would leave the return-stack predictor one entry off on every
  // resume. All caller-saved state is clobbered. The switch stores the suspended context in its
  // slot itself (sched/fiber.cpp). It pushes right below the stack pointer, where a leaf
  // function may keep data (the red zone): code that inlines it is compiled with -mno-red-zone
  // (the runtime, kernel code through loom-cc, the benchmark), or is no leaf function (a kernel's
  // run loop in plain host code calls the runtime; g++ uses the red zone in leaf functions only).
  // Until session 14 the switch stepped 128 bytes below instead, which put the resumed lane's
  // return address two lines away from its saved registers, out of the two that the barrier
  // prefetches: bench (b) 5% slower.
  asm volatile(
      "lea 1f(%%rip), %%rax\n\t"
      "push %%rax\n\t"
      "jmp loom_switch_fcontext\n"
      "1:\n\t"
      : "+D"(target), "+S"(slot)
      :
      : LOOM_SWITCH_CLOBBERS);
}

// A kernel's run loop, its thread done (loom/runtime/launch.h): retires the thread and, when it
// parks, returns when the runner is resumed (sched/fast_paths.cpp, loom_finish_thread).
// Entered like the switch, by a pushed return address and a jmp: a call that the common path
// never returns from would leave the return-stack predictor an entry off for every thread
// (measured: bench (b)'s reduction 12% slower than the inline switch it replaced). Its slow
// path is a C++ function, entered as if called: the run loop is no leaf, so its stack pointer
// is 16-byte aligned here, as at a call.
[[gnu::always_inline]] inline void finishThread(void* runner) {
  asm volatile(
      "lea 1f(%%rip), %%rax\n\t"
      "push %%rax\n\t"
      "jmp loom_finish_thread\n"
      "1:\n\t"
      : "+D"(runner)
      :
      : "rsi", LOOM_SWITCH_CLOBBERS);
}

}  // namespace loom::runtime

#undef LOOM_SWITCH_CLOBBERS
