// Floors: the two workloads with nothing of Loom in them but the shape of their emulation, to
// show where the targets sit on this machine. Plain C++ (not a .cu file): no instrumentation.
//   (a) Every CUDA thread is one call of an uninstrumented function that reads its indices from
//       thread-local variables, each core taking a contiguous range of blocks (as TBB's ranges
//       do): what any emulator that calls the kernel once per CUDA thread pays at least, with no
//       runtime, checks or scheduler; then with the gate that loom-cc puts in front of each access
//       hook (tools/loom-cc/inline_hooks.h), three per thread. Blocks dealt out one at a time
//       instead cost this machine 2-3x more: two cores writing alternate kilobytes of one array.
//   (b) One fiber switch per thread and barrier, round robin among a block's 256 fibers, each
//       on its own stack from Loom's pool (guard page, cache colouring, Loom's stack size).
//       Unlike the two-fiber ping-pong of fiberSwitchNanoseconds, every switch lands on another
//       stack, as at a barrier; unlike a barrier, nothing prefetches the next stack, and each
//       switch waits for the last (a chain of loads from stacks out of L1).
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <thread>
#include <vector>

#include "sched/fiber.h"
#include "sched/stack_pool.h"
#include "sched/worker.h"
#include "workloads.h"

namespace bench {

namespace {
struct Index {
  unsigned x, y, z;
};
thread_local Index tThread, tBlock;
unsigned gBlockDim = 256;

// vectorAdd of kernels.cu, as a function of the emulated indices.
[[gnu::noinline]] void vectorAddThread(const float* a, const float* b, float* c, int n) {
  int i = static_cast<int>(tBlock.x * gBlockDim + tThread.x);
  if (i < n) c[i] = a[i] + b[i];
}

// The same with a gate per access, shaped as loom-cc's inlined one: an alignment test and a
// load of the checks word, the hook called only when either fails.
unsigned gChecks = 0;
[[gnu::noinline]] void accessHook(const void*) { std::abort(); }
[[gnu::always_inline]] inline void accessGate(const void* p) {
  if ((reinterpret_cast<std::uintptr_t>(p) & 3) != 0 || __atomic_load_n(&gChecks, __ATOMIC_RELAXED) != 0)
    [[unlikely]] accessHook(p);
}
[[gnu::noinline]] void vectorAddThreadChecked(const float* a, const float* b, float* c, int n) {
  int i = static_cast<int>(tBlock.x * gBlockDim + tThread.x);
  if (i < n) {
    accessGate(&a[i]);
    float x = a[i];
    accessGate(&b[i]);
    float y = b[i];
    accessGate(&c[i]);
    c[i] = x + y;
  }
}

constexpr unsigned kRing = 256;
loom::sched::Fiber gMain;
loom::sched::Fiber gRing[kRing];
void ringEntry(loom::sched::Fiber* self, void*) {
  auto i = static_cast<unsigned>(self - gRing);
  loom::sched::Fiber& next = i + 1 < kRing ? gRing[i + 1] : gMain;
  loom::sched::Fiber::switchTo(*self, gMain);  // started: back to the set-up
  for (;;) loom::sched::Fiber::switchTo(*self, next);
}

// The ring is made once and stays suspended on its stacks between measurements.
void makeRing() {
  // Loom's own stack size: the layout of a block's stacks decides what a switch costs (64 KiB
  // stacks, which this floor used until session 14, cost 11 ns a switch here against 7.4 ns).
  static loom::sched::StackPool pool(loom::sched::fiberStackSize());
  for (unsigned i = 0; i < kRing; ++i) {
    loom::sched::StackPool::Stack stack = pool.acquire();
    gRing[i].prepare(stack.low, stack.size, &ringEntry, nullptr);
    loom::sched::Fiber::switchTo(gMain, gRing[i]);  // started before the next is prepared (fiber.h)
  }
}
}  // namespace

double callPerThreadVectorAdd(const float* a, const float* b, float* c, std::size_t n, unsigned workers,
                              bool checked) {
  auto thread = checked ? &vectorAddThreadChecked : &vectorAddThread;
  const unsigned blocks = static_cast<unsigned>((n + gBlockDim - 1) / gBlockDim);
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (unsigned w = 0; w < workers; ++w)
    threads.emplace_back([=] {
      for (unsigned block = blocks / workers * w, end = w + 1 == workers ? blocks : blocks / workers * (w + 1);
           block < end; ++block) {
        tBlock = Index{block, 0, 0};
        for (unsigned t = 0; t < gBlockDim; ++t) {
          tThread = Index{t, 0, 0};
          thread(a, b, c, static_cast<int>(n));
        }
      }
    });
  for (auto& t : threads) t.join();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double ringSwitchNanoseconds() {
  static const bool made = (makeRing(), true);
  (void)made;
  constexpr long kRounds = 40'000;
  auto start = std::chrono::steady_clock::now();
  for (long r = 0; r < kRounds; ++r) loom::sched::Fiber::switchTo(gMain, gRing[0]);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return s * 1e9 / (static_cast<double>(kRounds) * (kRing + 1));  // main, then 256 fibers, per round
}

}  // namespace bench
