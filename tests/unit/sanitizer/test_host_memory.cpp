// memcheck's host-pointer classification (check/sanitizer/host_memory.h): the main thread's
// stack and, seen from a worker thread, the brk heap are the host's; static storage (where
// __device__ variables live), a kernel's parameter block and registered host memory are not.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <thread>

#include "check/sanitizer/host_memory.h"
#include "runtime/host_registry.h"

using loom::check::sanitizer::isHostMemory;

namespace {
int gStatic[4];
std::uintptr_t addressOf(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }
}  // namespace

TEST_CASE("host memory: the main thread's stack and heap are the host's", "[sanitizer][memcheck]") {
  int local = 0;
  auto* small = static_cast<int*>(std::malloc(64));  // main arena: the brk heap
  auto* arguments = static_cast<char*>(std::malloc(256));
  auto* registered = static_cast<char*>(std::malloc(512));
  REQUIRE(loom::runtime::registerHost(registered, 512, 0));
  bool stack = false, heap = false, statics = true, args = true, reg = true, heapOnMain = true;
  std::thread worker([&] {
    stack = isHostMemory(addressOf(&local), nullptr);
    heap = isHostMemory(addressOf(small), nullptr);
    statics = isHostMemory(addressOf(gStatic), nullptr);
    args = isHostMemory(addressOf(arguments + 8), arguments);
    reg = isHostMemory(addressOf(registered + 8), nullptr);
  });
  worker.join();
  // On the main thread (LOOM_SERIAL runs kernels there), its heap is device-side malloc's too.
  heapOnMain = isHostMemory(addressOf(small), nullptr);
  CHECK(stack);
  CHECK(heap);
  CHECK_FALSE(statics);
  CHECK_FALSE(args);
  CHECK_FALSE(reg);
  CHECK_FALSE(heapOnMain);
  CHECK(isHostMemory(addressOf(&local), nullptr));
  loom::runtime::unregisterHost(registered);
  std::free(registered);
  std::free(arguments);
  std::free(small);
}
