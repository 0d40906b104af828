#include "mem/shared_arena.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace loom::mem {

namespace {
std::size_t pageSize() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }
}

SharedArena::SharedArena() {
  std::size_t page = pageSize();
  std::size_t usable = (kCapacity + page - 1) / page * page;
  mapped_ = usable + kGuard;
  void* mem = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mem == MAP_FAILED) {
    std::perror("loom: cannot map shared memory");
    std::abort();
  }
  base_ = static_cast<char*>(mem);
  mprotect(base_ + usable, kGuard, PROT_NONE);
  base_ += usable - kCapacity;  // so that base_ + kCapacity is the guard page
}

SharedArena::~SharedArena() {
  std::size_t usable = mapped_ - kGuard;
  munmap(base_ - (usable - kCapacity), mapped_);
}

bool SharedArena::contains(const void* p) const {
  auto c = static_cast<const char*>(p);
  return c >= base_ && c < base_ + kCapacity;
}

}  // namespace loom::mem
