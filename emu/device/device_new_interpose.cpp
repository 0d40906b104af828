// Device code's `new` and `delete` under memcheck.
//
// Device-side new is the host's operator new (the device malloc heap takes only malloc, see
// device_malloc_interpose.cpp: a process-wide new would also hand Loom's own allocations made on
// a fiber to that heap). Its memory may come from glibc's main arena, the brk heap that
// memcheck's host-pointer check calls the host's (check/sanitizer/host_memory.h). So while
// memcheck runs, what operator new returns to device code is recorded, and the check leaves it
// alone. Otherwise these cost a load and a not-taken branch over glibc's malloc and free, which
// is what libstdc++'s own operator new and delete call; its array and nothrow forms forward to
// these, and the sized delete is defined here to do the same.
#include <cstdlib>
#include <new>

#include "check/sanitizer/device_new_registry.h"
#include "check/sanitizer/findings.h"
#include "sched/block_runner.h"

namespace {
bool recording() {
  return (loom::check::sanitizer::gAccessChecks & loom::check::sanitizer::kCheckBounds) != 0 &&
         loom::sched::BlockRunner::current() != nullptr;
}
}  // namespace

void* operator new(std::size_t bytes) {
  void* p = std::malloc(bytes ? bytes : 1);
  if (!p) throw std::bad_alloc();
  if (recording()) [[unlikely]]
    loom::check::sanitizer::recordDeviceNew(reinterpret_cast<std::uintptr_t>(p), bytes);
  return p;
}

void operator delete(void* p) noexcept {
  if (loom::check::sanitizer::gAccessChecks & loom::check::sanitizer::kCheckBounds) [[unlikely]]
    loom::check::sanitizer::forgetDeviceNew(p);
  std::free(p);
}

void operator delete(void* p, std::size_t) noexcept { ::operator delete(p); }
