// The allocator behind in-kernel malloc (mem/malloc_arena.h) and the device malloc heap it serves
// (mem/device_malloc.h). Expected behaviour from CUDA's Programming Guide ("Dynamic Global Memory
// Allocation and Operations"): malloc returns memory aligned to 16 bytes, NULL when the heap
// (cudaLimitMallocHeapSize, 8 MiB by default) cannot satisfy the request, freed memory is reused,
// and the heap is shared by all threads of all blocks running at the same time.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "mem/device_heap.h"
#include "mem/device_malloc.h"
#include "mem/malloc_arena.h"

using loom::mem::MallocArena;

namespace {
// An arena over ordinary memory, aligned as the device heap's allocations are.
struct TestArena {
  std::vector<std::uint8_t> storage;
  MallocArena arena;
  explicit TestArena(std::size_t size)
      : storage(size + 256), arena(alignUp(reinterpret_cast<std::uintptr_t>(storage.data())), size) {}
  static std::uintptr_t alignUp(std::uintptr_t p) { return (p + 255) / 256 * 256; }
};
std::uintptr_t addr(const void* p) { return reinterpret_cast<std::uintptr_t>(p); }
}  // namespace

TEST_CASE("device malloc: blocks are 16-byte aligned and do not overlap", "[device_malloc]") {
  TestArena t(1 << 16);
  std::vector<std::pair<std::uintptr_t, std::size_t>> blocks;
  for (std::size_t size : {1, 3, 8, 15, 16, 17, 31, 33, 64, 100, 255, 1000}) {
    void* p = t.arena.allocate(size);
    REQUIRE(p != nullptr);
    CHECK(addr(p) % 16 == 0);
    CHECK(t.arena.contains(p));
    blocks.emplace_back(addr(p), size);
  }
  std::sort(blocks.begin(), blocks.end());
  for (std::size_t i = 1; i < blocks.size(); ++i) CHECK(blocks[i - 1].first + blocks[i - 1].second <= blocks[i].first);
  CHECK(t.arena.liveBlocks().size() == blocks.size());
}

TEST_CASE("device malloc: an exhausted heap returns NULL", "[device_malloc]") {
  TestArena t(1024);
  CHECK(t.arena.allocate(1025) == nullptr);
  CHECK(t.arena.allocate(std::size_t(-1)) == nullptr);
  void* all = t.arena.allocate(1024);
  REQUIRE(all != nullptr);
  CHECK(t.arena.allocate(1) == nullptr);
  CHECK(t.arena.release(all));
  // 16-byte granules: 64 one-byte blocks fill 1 KiB, the 65th does not fit.
  std::vector<void*> small;
  for (int i = 0; i < 64; ++i) small.push_back(t.arena.allocate(1));
  for (void* p : small) CHECK(p != nullptr);
  CHECK(t.arena.allocate(1) == nullptr);
}

TEST_CASE("device malloc: freed blocks are reused and coalesced", "[device_malloc]") {
  TestArena t(1024);
  void* a = t.arena.allocate(256);
  void* b = t.arena.allocate(256);
  void* c = t.arena.allocate(256);
  void* d = t.arena.allocate(256);
  REQUIRE((a && b && c && d));
  CHECK(t.arena.allocate(16) == nullptr);
  CHECK(t.arena.release(b));
  CHECK(t.arena.allocate(256) == b);  // first fit: the freed range
  CHECK(t.arena.release(b));
  CHECK(t.arena.release(c));
  CHECK(t.arena.allocate(512) == b);  // b and c merged
  CHECK(t.arena.release(a));
  CHECK(t.arena.release(b));
  CHECK(t.arena.release(d));
  CHECK(t.arena.liveBlocks().empty());
  CHECK(t.arena.allocate(1024) != nullptr);  // everything merged back into one range
}

TEST_CASE("device malloc: freeing what is not a live block changes nothing", "[device_malloc]") {
  TestArena t(1024);
  auto* p = static_cast<char*>(t.arena.allocate(64));
  CHECK_FALSE(t.arena.release(p + 16));  // inside a block
  CHECK(t.arena.release(p));
  CHECK_FALSE(t.arena.release(p));  // twice
  CHECK_FALSE(t.arena.contains(&t));  // not the arena's memory
  CHECK(t.arena.liveBytes() == 0);
}

TEST_CASE("device malloc: concurrent allocation and free from several threads", "[device_malloc]") {
  // Each thread fills its blocks with its own id and checks them before freeing: overlapping
  // blocks or a corrupted free list show up as foreign bytes or a failed release.
  TestArena t(1 << 20);
  std::atomic<int> errors{0}, nulls{0};
  std::vector<std::thread> threads;
  for (int id = 1; id <= 6; ++id) {
    threads.emplace_back([&, id] {
      std::mt19937 rng(id);
      std::vector<std::pair<std::uint8_t*, std::size_t>> mine;
      for (int step = 0; step < 20000; ++step) {
        if (mine.empty() || rng() % 3 != 0) {
          std::size_t size = 1 + rng() % 512;
          auto* p = static_cast<std::uint8_t*>(t.arena.allocate(size));
          if (!p) { ++nulls; continue; }
          if (addr(p) % 16 != 0) ++errors;
          std::memset(p, id, size);
          mine.emplace_back(p, size);
        } else {
          std::size_t i = rng() % mine.size();
          auto [p, size] = mine[i];
          for (std::size_t k = 0; k < size; ++k)
            if (p[k] != id) { ++errors; break; }
          if (!t.arena.release(p)) ++errors;
          mine[i] = mine.back();
          mine.pop_back();
        }
      }
      for (auto [p, size] : mine)
        if (!t.arena.release(p)) ++errors;
    });
  }
  for (auto& th : threads) th.join();
  CHECK(errors == 0);
  CHECK(t.arena.liveBlocks().empty());
  CHECK(t.arena.allocate(1 << 20) != nullptr);  // no fragment lost
}

TEST_CASE("device malloc heap: cudaLimitMallocHeapSize fixed at first use, carved from device memory", "[device_malloc]") {
  using namespace loom::mem;
  REQUIRE(existingDeviceMallocArena() == nullptr);  // no device code has allocated in this process
  CHECK(mallocHeapLimit() == kDefaultMallocHeapSize);
  CHECK(kDefaultMallocHeapSize == 8u << 20);
  CHECK(setMallocHeapLimit(1 << 20));
  CHECK(mallocHeapLimit() == 1 << 20);
  MallocArena* heap = deviceMallocArena();
  REQUIRE(heap != nullptr);
  CHECK(heap->size() == 1 << 20);
  CHECK_FALSE(setMallocHeapLimit(4 << 20));  // the heap exists now
  CHECK(mallocHeapLimit() == 1 << 20);
  void* p = heap->allocate(100);
  REQUIRE(p != nullptr);
  auto a = DeviceHeap::instance().find(p);
  REQUIRE(a.has_value());
  CHECK(a->kind == AllocationKind::MallocHeap);
  // cudaFree cannot release the heap's region.
  CHECK_FALSE(DeviceHeap::instance().release(reinterpret_cast<void*>(a->base), [](AllocationKind k) { return k == AllocationKind::Device; }) );
  // free() from host code of a heap pointer is ignored with a warning, not passed to glibc.
  std::free(p);
  CHECK(heap->liveBlocks().size() == 1);
  CHECK(heap->release(p));
  // cudaDeviceReset: the heap and the limit go back to their defaults.
  std::uintptr_t region = a->base;
  resetDeviceMalloc();
  CHECK(DeviceHeap::instance().release(reinterpret_cast<void*>(region), [](AllocationKind k) { return k == AllocationKind::MallocHeap; }));
  CHECK(existingDeviceMallocArena() == nullptr);
  CHECK(mallocHeapLimit() == kDefaultMallocHeapSize);
  CHECK(setMallocHeapLimit(2 << 20));
  CHECK(setMallocHeapLimit(kDefaultMallocHeapSize));
}
