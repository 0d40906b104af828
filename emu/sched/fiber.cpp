#include "sched/fiber.h"

#include <cstdlib>

namespace loom::sched {

namespace bc = boost::context::detail;

// What a jump carries to the resumed side: who jumped (to record where it stopped; null when it
// leaves for good) and who is being resumed (a fresh fiber's trampoline needs its own Fiber*).
// It lives on the jumping side's stack, which stays intact until the resumed side has read it.
struct Fiber::Jump {
  Fiber* from;
  Fiber* to;
};

void Fiber::prepare(void* stackLow, std::size_t size, Entry entry, void* arg) {
  entry_ = entry;
  arg_ = arg;
  // fcontext stacks grow down: make_fcontext takes the top of the stack.
  ctx_ = bc::make_fcontext(static_cast<char*>(stackLow) + size, size, &Fiber::trampoline);
}

void Fiber::arrive(bc::transfer_t t) {
  auto* jump = static_cast<Jump*>(t.data);
  if (jump->from) jump->from->ctx_ = t.fctx;
}

void Fiber::switchTo(Fiber& from, Fiber& to) {
  Jump jump{&from, &to};
  bc::fcontext_t target = to.ctx_;
  to.ctx_ = nullptr;
  arrive(bc::jump_fcontext(target, &jump));
}

void Fiber::exitTo(Fiber& to) {
  Jump jump{nullptr, &to};
  bc::fcontext_t target = to.ctx_;
  to.ctx_ = nullptr;
  bc::jump_fcontext(target, &jump);
  std::abort();  // nobody resumes a fiber that left for good
}

void Fiber::trampoline(bc::transfer_t t) {
  Fiber* self = static_cast<Jump*>(t.data)->to;
  arrive(t);
  self->entry_(self, self->arg_);
  std::abort();  // entries leave with exitTo, never by returning
}

}  // namespace loom::sched
