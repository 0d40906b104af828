#include "sched/stack_pool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace loom::sched {

namespace {
std::size_t pageSize() {
  static const std::size_t size = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return size;
}
constexpr std::size_t kSlotsPerChunk = 256;
}  // namespace

StackPool::StackPool(std::size_t stackSize) {
  std::size_t page = pageSize();
  stackSize_ = (stackSize + page - 1) / page * page;
  slotSize_ = stackSize_ + page;
}

StackPool::~StackPool() {
  for (auto& [base, slots] : chunks_) munmap(base, slots * slotSize_);
}

void StackPool::grow() {
  std::size_t bytes = kSlotsPerChunk * slotSize_;
  // MAP_NORESERVE: a stack's untouched pages cost nothing, so generous stacks are cheap.
  void* mem = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mem == MAP_FAILED) {
    std::perror("loom: cannot map fiber stacks");
    std::abort();
  }
  char* base = static_cast<char*>(mem);
  for (std::size_t i = 0; i < kSlotsPerChunk; ++i) {
    char* slot = base + i * slotSize_;
    mprotect(slot, pageSize(), PROT_NONE);  // the guard sits below the stack it protects
    // Colour: consecutive slots step 3 cache lines through a page.
    std::size_t colour = (i * 3 * 64) % pageSize();
    free_.push_back(Stack{slot + pageSize(), stackSize_ - colour});
  }
  chunks_.emplace_back(base, kSlotsPerChunk);
}

StackPool::Stack StackPool::acquire() {
  if (free_.empty()) grow();
  Stack stack = free_.back();
  free_.pop_back();
  return stack;
}

void StackPool::release(Stack stack) { free_.push_back(stack); }

bool StackPool::isGuardPage(const void* addr) const {
  auto a = reinterpret_cast<const char*>(addr);
  for (auto& [base, slots] : chunks_) {
    if (a < base || a >= base + slots * slotSize_) continue;
    return static_cast<std::size_t>(a - base) % slotSize_ < pageSize();
  }
  return false;
}

}  // namespace loom::sched
