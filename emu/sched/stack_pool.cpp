#include "sched/stack_pool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace loom::sched {

namespace {
std::size_t pageSize() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}
constexpr std::size_t kSlotsPerChunk = 256;
// PROT_NONE space above each chunk. The first stacks handed out are a chunk's top slots, and a
// wild store above a thread's local arrays lands above them: with this reserve it always faults,
// instead of faulting or silently writing into whatever the process mapped next (which differs
// from machine to machine).
constexpr std::size_t kTailBytes = std::size_t{1} << 20;
constexpr std::size_t kCanaryWords = 8;  // 64 bytes below an unguarded stack
constexpr std::uint64_t kCanary = 0x4c6f6f6d53746b21;  // "Loom" "Stk!"

// Guarded slots the process may still map: each costs two mappings (the guard splits its chunk),
// and a margin is left for everything else the process maps (malloc arenas, libraries, the
// program's own). Shared by every worker's pool.
std::atomic<long>& guardBudget() {
  static std::atomic<long> budget = [] {
    long maps = 65530;
    if (std::FILE* f = std::fopen("/proc/sys/vm/max_map_count", "r")) {
      if (std::fscanf(f, "%ld", &maps) != 1) maps = 65530;
      std::fclose(f);
    }
    return std::max(0L, (maps - 16384) / 2);
  }();
  return budget;
}
}  // namespace

StackPool::StackPool(std::size_t stackSize) {
  std::size_t page = pageSize();
  stackSize_ = (stackSize + page - 1) / page * page;
  slotSize_ = stackSize_ + page;
}

StackPool::~StackPool() {
  for (const Chunk& c : chunks_) {
    munmap(c.base, c.slots * slotSize_ + kTailBytes);
    if (c.guarded) guardBudget().fetch_add(static_cast<long>(c.slots));  // its mappings are gone
  }
}

bool StackPool::grow() {
  std::size_t bytes = kSlotsPerChunk * slotSize_;
  // MAP_NORESERVE: a stack's untouched pages cost nothing, so generous stacks are cheap.
  void* mem = mmap(nullptr, bytes + kTailBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mem == MAP_FAILED) return false;
  mprotect(static_cast<char*>(mem) + bytes, kTailBytes, PROT_NONE);
  const bool guarded = guardBudget().fetch_sub(kSlotsPerChunk) >= static_cast<long>(kSlotsPerChunk);
  if (!guarded) guardBudget().fetch_add(kSlotsPerChunk);
  char* base = static_cast<char*>(mem);
  for (std::size_t i = 0; i < kSlotsPerChunk; ++i) {
    char* slot = base + i * slotSize_;
    if (guarded) {
      mprotect(slot, pageSize(), PROT_NONE);  // the guard sits below the stack it protects
    } else {
      auto* canary = reinterpret_cast<std::uint64_t*>(slot + pageSize()) - kCanaryWords;
      for (std::size_t w = 0; w < kCanaryWords; ++w) canary[w] = kCanary;
    }
    // Colour: consecutive slots step 3 cache lines through a page.
    std::size_t colour = (i * 3 * 64) % pageSize();
    free_.push_back(Stack{slot + pageSize(), stackSize_ - colour, guarded});
  }
  chunks_.push_back(Chunk{base, kSlotsPerChunk, guarded});
  return true;
}

StackPool::Stack StackPool::acquire() {
  if (free_.empty() && !grow()) return Stack{nullptr, 0, false};
  Stack stack = free_.back();
  free_.pop_back();
  return stack;
}

bool StackPool::intact(const Stack& stack) {
  if (stack.guarded || !stack.low) return true;
  const auto* canary = static_cast<const std::uint64_t*>(stack.low) - kCanaryWords;
  for (std::size_t w = 0; w < kCanaryWords; ++w)
    if (canary[w] != kCanary) return false;
  return true;
}

void StackPool::release(Stack stack) { free_.push_back(stack); }

bool StackPool::isGuardPage(const void* addr) const {
  auto a = reinterpret_cast<const char*>(addr);
  for (const Chunk& c : chunks_) {
    if (a < c.base || a >= c.base + c.slots * slotSize_) continue;
    return c.guarded && static_cast<std::size_t>(a - c.base) % slotSize_ < pageSize();
  }
  return false;
}

}  // namespace loom::sched
