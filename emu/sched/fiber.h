// One execution context a CUDA thread can be suspended in and resumed from.
//
// A thin wrapper over Boost.Context's fcontext (make_fcontext/jump_fcontext): the cheapest
// switch Boost offers (about 6 ns here; it saves callee-saved registers, MXCSR and the x87
// control word). Switches are symmetric: any context jumps straight to any other, so a lane
// arriving at a barrier hands the worker directly to the next runnable lane, never through a
// scheduler round trip (DESIGN.md, "One fiber per CUDA thread").
#pragma once

#include <boost/context/detail/fcontext.hpp>

namespace loom::sched {

class Fiber {
public:
  using Entry = void (*)(Fiber* self, void* arg);

  Fiber() = default;
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  // Prepare this fiber to run entry(this, arg) on [stackLow, stackLow + size) at its first resume.
  void prepare(void* stackLow, std::size_t size, Entry entry, void* arg);

  // Suspend `from` (the context running now) and resume `to`. When `from` is resumed later,
  // this call returns in it.
  static void switchTo(Fiber& from, Fiber& to);

  // Leave `from` for good (its stack may be reused by whoever runs next) and resume `to`.
  [[noreturn]] static void exitTo(Fiber& to);

  // True once prepare() was called and the fiber has not been resumed since.
  bool suspended() const { return ctx_ != nullptr; }

private:
  struct Jump;
  static void trampoline(boost::context::detail::transfer_t t);
  static void arrive(boost::context::detail::transfer_t t);

  boost::context::detail::fcontext_t ctx_ = nullptr;
  Entry entry_ = nullptr;
  void* arg_ = nullptr;
};

}  // namespace loom::sched
