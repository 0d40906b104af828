// Fiber stacks past the process's guard-page budget (sched/stack_pool.h): a process may hold
// about 32,000 guarded stacks (two mappings each, vm.max_map_count 65,530); more come without a
// guard, with a canary below them that a write past the stack's end breaks, and the budget comes
// back when a pool's mappings go.
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "sched/stack_pool.h"

using loom::sched::StackPool;

TEST_CASE("stack pool: past the guard budget, stacks carry a canary; the budget returns", "[runtime][stacks]") {
  std::vector<StackPool::Stack> held;
  auto pool = std::make_unique<StackPool>(16384);
  StackPool::Stack unguarded{nullptr, 0};
  for (int i = 0; i < 70000 && !unguarded.low; ++i) {  // more than any budget (65,530 / 2)
    StackPool::Stack s = pool->acquire();
    REQUIRE(s.low != nullptr);
    if (!s.guarded) unguarded = s;
    else held.push_back(s);
  }
  REQUIRE(unguarded.low != nullptr);
  CHECK(held.size() >= 16000);  // the budget leaves room for tens of thousands of guarded stacks
  CHECK(StackPool::intact(unguarded));
  static_cast<unsigned char*>(unguarded.low)[-3] ^= 0xff;  // three bytes past the stack's end
  CHECK_FALSE(StackPool::intact(unguarded));
  static_cast<unsigned char*>(unguarded.low)[-3] ^= 0xff;
  CHECK(StackPool::intact(unguarded));
  for (const auto& s : held) CHECK(StackPool::intact(s));  // guarded stacks need no canary

  pool.reset();  // unmaps everything: its guarded mappings go back to the budget
  StackPool fresh(16384);
  CHECK(fresh.acquire().guarded);
}
