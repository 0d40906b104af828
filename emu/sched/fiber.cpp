#include "sched/fiber.h"

#include <cstdlib>

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

void Fiber::trampoline(bc::transfer_t t) {
  Fiber* self = tPrepared;
  static_cast<Fiber*>(t.data)->ctx_ = t.fctx;
  self->entry_(self, self->arg_);
  std::abort();  // entries never return: a fiber's context has nowhere to return to
}

}  // namespace loom::sched
