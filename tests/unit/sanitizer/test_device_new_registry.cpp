// memcheck's record of device code's operator new blocks (check/sanitizer/device_new_registry.h):
// an address inside a recorded block is device-accessible, one past it or after the block is
// forgotten is not; and the host-pointer check leaves a recorded brk-heap block alone.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdlib>
#include <thread>

#include "check/sanitizer/device_new_registry.h"
#include "check/sanitizer/host_memory.h"

using namespace loom::check::sanitizer;

TEST_CASE("device new registry: blocks by interval, forgotten on delete", "[sanitizer][memcheck]") {
  auto* block = static_cast<char*>(std::malloc(48));
  auto at = reinterpret_cast<std::uintptr_t>(block);
  CHECK_FALSE(inDeviceNew(at));
  recordDeviceNew(at, 48);
  CHECK(inDeviceNew(at));
  CHECK(inDeviceNew(at + 47));
  CHECK_FALSE(inDeviceNew(at + 48));
  CHECK_FALSE(inDeviceNew(at - 1));
  forgetDeviceNew(block);
  CHECK_FALSE(inDeviceNew(at));
  forgetDeviceNew(block);  // never recorded (any more): ignored
  std::free(block);
}

TEST_CASE("host memory: a brk-heap block device code got from new is not the host's", "[sanitizer][memcheck]") {
  auto* block = static_cast<int*>(std::malloc(64));  // main thread: the brk heap
  auto at = reinterpret_cast<std::uintptr_t>(block);
  bool before = false, recorded = true;
  std::thread worker([&] {
    before = isHostMemory(at, nullptr);
    recordDeviceNew(at, 64);
    recorded = isHostMemory(at + 8, nullptr);
    forgetDeviceNew(block);
  });
  worker.join();
  CHECK(before);
  CHECK_FALSE(recorded);
  std::free(block);
}
