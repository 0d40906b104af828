// Fiber switch cost: two fibers handing the CPU back and forth through loom::sched::Fiber.
#include <chrono>

#include "sched/fiber.h"
#include "sched/stack_pool.h"
#include "workloads.h"

namespace bench {

namespace {
constexpr long kRounds = 10'000'000;
loom::sched::Fiber gMain, gOther;
void pingPong(loom::sched::Fiber*, void*) {
  for (;;) loom::sched::Fiber::switchTo(gOther, gMain);
}
}  // namespace

double fiberSwitchNanoseconds() {
  loom::sched::StackPool pool(64 * 1024);
  loom::sched::StackPool::Stack stack = pool.acquire();
  gOther.prepare(stack.low, stack.size, &pingPong, nullptr);
  auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < kRounds; ++i) loom::sched::Fiber::switchTo(gMain, gOther);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return s * 1e9 / (2.0 * kRounds);  // two switches per round
}

}  // namespace bench
