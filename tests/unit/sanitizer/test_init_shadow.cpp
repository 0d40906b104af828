// initcheck's bookkeeping of written bytes: the bit shadow itself (check/sanitizer/init_bits.h),
// and the global shadow as the runtime drives it (check/sanitizer/initcheck.h) on real device-heap
// allocations: full and partial copies, memsets, 2D copies with pitches, kernel-style stores,
// device-to-device copies and recycled allocations. Expected states follow CUDA's semantics: a
// byte is initialised once a copy, memset or store wrote it.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include <stdlib.h>

#include "check/sanitizer/init_bits.h"
#include "check/sanitizer/initcheck.h"
#include "mem/device_heap.h"

using loom::check::sanitizer::InitBits;
namespace initcheck = loom::check::sanitizer::initcheck;

TEST_CASE("init shadow: marks, queries, clears and copies byte ranges", "[sanitizer][initcheck]") {
  std::vector<std::uint64_t> words(4, 0);  // 256 bytes
  const std::uintptr_t base = 0x1000;
  InitBits bits(base, 256, words.data());
  CHECK(bits.covers(base));
  CHECK(bits.covers(base + 255));
  CHECK_FALSE(bits.covers(base + 256));
  CHECK_FALSE(bits.covers(base - 1));

  CHECK_FALSE(bits.initialised(base, 1));
  bits.mark(base + 60, 8);  // straddles the first two shadow words
  CHECK(bits.initialised(base + 60, 8));
  CHECK_FALSE(bits.initialised(base + 59, 2));
  CHECK(bits.firstUninitialised(base + 56, 16) == base + 56);
  CHECK(bits.firstUninitialised(base + 60, 12) == base + 68);
  CHECK_FALSE(bits.firstUninitialised(base + 60, 8).has_value());

  bits.mark(base, 256);
  CHECK(bits.initialised(base, 256));
  bits.clear(base + 100, 3);
  CHECK(bits.firstUninitialised(base, 256) == base + 100);
  CHECK(bits.initialised(base + 103, 153));

  // A copy moves the written state, unwritten bytes included, and overlapping copies are memmove.
  bits.clear(base, 256);
  bits.mark(base, 4);  // bytes 0..3 written, 4..7 not
  bits.copy(base + 128, base, 8);
  CHECK(bits.initialised(base + 128, 4));
  CHECK(bits.firstUninitialised(base + 128, 8) == base + 132);
  bits.mark(base + 200, 8);
  bits.copy(base + 202, base + 200, 8);  // overlapping, up: 202..209 from 200..207, all written
  CHECK(bits.initialised(base + 200, 10));
  bits.clear(base + 210, 46);
  bits.copy(base + 198, base + 200, 12);  // overlapping, down: 198..207 from 200..209 (written), 208..209 from 210..211 (not)
  CHECK(bits.firstUninitialised(base + 196, 20) == base + 196);
  CHECK(bits.initialised(base + 198, 10));
  CHECK(bits.firstUninitialised(base + 198, 14) == base + 208);
}

TEST_CASE("init shadow: device allocations through copies, memsets and stores", "[sanitizer][initcheck]") {
  auto& heap = loom::mem::DeviceHeap::instance();
  auto* dev = static_cast<char*>(heap.allocate(1024, loom::mem::AllocationKind::Device));
  REQUIRE(dev);
  initcheck::allocated(dev, heap.find(dev)->mapped, false);
  CHECK_FALSE(initcheck::written(dev, 1));

  SECTION("a partial copy from the host writes what it copied") {
    initcheck::copied(dev, 512, reinterpret_cast<const void*>(0x10), 512, 512, 1, "cudaMemcpy");
    CHECK(initcheck::written(dev, 512));
    CHECK_FALSE(initcheck::written(dev + 508, 8));
  }
  SECTION("a memset writes its bytes") {
    initcheck::hostWrote(dev + 100, 100, 28, 1);
    CHECK(initcheck::written(dev + 100, 28));
    CHECK_FALSE(initcheck::written(dev + 99, 1));
    CHECK_FALSE(initcheck::written(dev + 128, 1));
  }
  SECTION("a 2D copy writes width bytes of each row, not the pitch's padding") {
    initcheck::copied(dev, 256, reinterpret_cast<const void*>(0x10), 64, 64, 3, "cudaMemcpy2D");
    for (int row = 0; row < 3; ++row) {
      CHECK(initcheck::written(dev + row * 256, 64));
      CHECK_FALSE(initcheck::written(dev + row * 256 + 64, 1));
    }
    CHECK_FALSE(initcheck::written(dev + 3 * 256, 1));
  }
  SECTION("kernel stores mark, kernel loads do not") {
    // Outside a block (no running CUDA thread) a load of an unwritten byte records nothing.
    initcheck::globalAccess(reinterpret_cast<std::uintptr_t>(dev) + 8, 4, true, nullptr);
    initcheck::globalAccess(reinterpret_cast<std::uintptr_t>(dev) + 16, 4, false, nullptr);
    CHECK(initcheck::written(dev + 8, 4));
    CHECK_FALSE(initcheck::written(dev + 16, 4));
  }
  SECTION("a device-to-device copy carries the written state; a recycled range starts unwritten") {
    auto* other = static_cast<char*>(heap.allocate(1024, loom::mem::AllocationKind::Device));
    REQUIRE(other);
    initcheck::allocated(other, heap.find(other)->mapped, false);
    initcheck::hostWrote(dev, 1024, 16, 1);
    initcheck::copied(other, 32, dev, 32, 32, 1, "cudaMemcpy");
    CHECK(initcheck::written(other, 16));
    CHECK_FALSE(initcheck::written(other + 16, 1));
    initcheck::hostWrote(other, 1024, 1024, 1);
    heap.release(other, [](loom::mem::AllocationKind) { return true; });
    initcheck::allocated(other, 4096, false);
    CHECK_FALSE(initcheck::written(other, 1));
  }
  SECTION("managed and pinned memory count as written") {
    auto* managed = heap.allocate(100, loom::mem::AllocationKind::Managed);
    initcheck::allocated(managed, heap.find(managed)->mapped, true);
    CHECK(initcheck::written(managed, 100));
    heap.release(managed, [](loom::mem::AllocationKind) { return true; });
  }
  heap.release(dev, [](loom::mem::AllocationKind) { return true; });
}

// Findings go to LOOM_SANITIZER_LOG, which the engine reads once at start (emu/options): this case
// runs in a process of its own that ctest starts with it set (tests/CMakeLists.txt, unit.findings_log).
TEST_CASE("init shadow: a copy of unwritten device memory to the host is reported per sector", "[.][findings_log]") {
  // As on the H100 (sanitizer.sync_exit_before_barrier.bug): bytes 0x40..0x7f of a 128-byte
  // cudaMemcpy source unwritten give two reports, at 0x40 and 0x60.
  auto& heap = loom::mem::DeviceHeap::instance();
  auto* dev = static_cast<char*>(heap.allocate(128, loom::mem::AllocationKind::Device));
  REQUIRE(dev);
  initcheck::allocated(dev, heap.find(dev)->mapped, false);
  initcheck::hostWrote(dev, 128, 64, 1);
  const char* log = std::getenv("LOOM_SANITIZER_LOG");
  REQUIRE(log);
  std::ofstream(log, std::ios::trunc).close();
  char host[128];
  initcheck::copied(host, 128, dev, 128, 128, 1, "cudaMemcpy");
  std::ifstream in(log);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::remove(log);
  REQUIRE(lines.size() == 2);
  auto at = [&](std::uintptr_t offset) { return "\"address\":" + std::to_string(reinterpret_cast<std::uintptr_t>(dev) + offset); };
  CHECK_THAT(lines[0], Catch::Contains("\"kind\":\"host_uninitialized\"") && Catch::Contains(at(0x40)) &&
                           Catch::Contains("\"allocation_size\":128") && Catch::Contains("cudaMemcpy source"));
  CHECK_THAT(lines[1], Catch::Contains(at(0x60)));
  heap.release(dev, [](loom::mem::AllocationKind) { return true; });
}
