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
// whose prediction the other fiber's call chain has overwritten. A context is a saved stack
// pointer; a switch stores the suspended one in the slot it is given.
#pragma once

#include <boost/context/detail/fcontext.hpp>

#include "loom/runtime/context_switch.h"

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
  // this call returns in it (loom/runtime/context_switch.h).
  static void switchTo(Fiber& from, Fiber& to) { runtime::switchContext(&from.ctx_, to.ctx_); }
  // The same, for a switch made elsewhere (a kernel's run loop): where this fiber's context is
  // saved, and the context that resumes it.
  void** slot() { return &ctx_; }
  void* context() const { return ctx_; }

private:
  friend struct FastPaths;  // reads ctx_ by offset (sched/fast_paths.cpp)
  static void trampoline(boost::context::detail::transfer_t t);

  boost::context::detail::fcontext_t ctx_ = nullptr;
  Entry entry_ = nullptr;
  void* arg_ = nullptr;
};

}  // namespace loom::sched
