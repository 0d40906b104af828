#include "check/sanitizer/initcheck.h"

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "check/sanitizer/findings.h"
#include "check/sanitizer/init_bits.h"
#include "mem/device_heap.h"
#include "report/symbolize.h"
#include "sched/block_runner.h"

namespace loom::check::sanitizer::initcheck {

namespace {

// compute-sanitizer reports a host copy's unwritten bytes once per sector.
constexpr std::uintptr_t kSector = 32;

struct GlobalShadow {
  InitBits bits;
  std::uintptr_t words = 0;  // the mapping of the shadow words
  std::size_t wordBytes = 0;

  GlobalShadow() {
    auto& heap = mem::DeviceHeap::instance();
    std::size_t size = heap.capacity();
    wordBytes = (size + 63) / 64 * 8;
    void* m = mmap(nullptr, wordBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) {
      std::perror("loom: cannot map initcheck's shadow of device memory");
      std::abort();
    }
    words = reinterpret_cast<std::uintptr_t>(m);
    bits = InitBits(heap.rangeBegin(), size, static_cast<std::uint64_t*>(m));
  }
};

GlobalShadow& shadow() {
  static GlobalShadow s;
  return s;
}

std::atomic<unsigned> gDeviceReports{0};

bool isDeviceAllocation(const void* p) {
  auto a = mem::DeviceHeap::instance().find(p);
  return a && a->kind == mem::AllocationKind::Device;
}

// Reports the unwritten bytes of rows copied from device memory to elsewhere.
void reportHostRead(std::uintptr_t src, std::size_t spitch, std::size_t width, std::size_t height,
                    const char* api) {
  const InitBits& bits = shadow().bits;
  for (std::size_t row = 0; row < height; ++row) {
    std::uintptr_t begin = src + row * spitch, end = begin + width;
    for (std::uintptr_t at = begin; at < end;) {
      auto missing = bits.firstUninitialised(at, end - at);
      if (!missing) break;
      Finding f;
      f.kind = "host_uninitialized";
      f.address = *missing;
      f.allocation = src;  // the host access: the whole copy
      f.allocationSize = height == 1 ? width : (height - 1) * spitch + width;
      f.detail = std::string(api) + " source";
      record(f);
      at = (*missing / kSector + 1) * kSector;  // the next sector
    }
  }
}

}  // namespace

void allocated(const void* base, std::size_t mapped, bool written) {
  GlobalShadow& s = shadow();
  auto at = reinterpret_cast<std::uintptr_t>(base);
  if (!s.bits.covers(at)) return;
  if (written) return s.bits.mark(at, mapped);
  // A recycled range may still say what its previous allocation wrote. Whole shadow pages go
  // back to the kernel (zero: unwritten), the ends are cleared.
  std::uintptr_t first = s.words + (at - mem::DeviceHeap::instance().rangeBegin()) / 8;
  std::uintptr_t last = first + (mapped + 7) / 8;
  auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  std::uintptr_t innerBegin = (first + page - 1) / page * page, innerEnd = last / page * page;
  if (innerBegin < innerEnd) {
    std::memset(reinterpret_cast<void*>(first), 0, innerBegin - first);
    madvise(reinterpret_cast<void*>(innerBegin), innerEnd - innerBegin, MADV_DONTNEED);
    std::memset(reinterpret_cast<void*>(innerEnd), 0, last - innerEnd);
  } else {
    s.bits.clear(at, mapped);
  }
}

void hostWrote(const void* dst, std::size_t pitch, std::size_t width, std::size_t height) {
  InitBits& bits = shadow().bits;
  auto at = reinterpret_cast<std::uintptr_t>(dst);
  if (!bits.covers(at)) return;
  for (std::size_t row = 0; row < height; ++row) bits.mark(at + row * pitch, width);
}

void copied(const void* dst, std::size_t dpitch, const void* src, std::size_t spitch, std::size_t width,
            std::size_t height, const char* api) {
  InitBits& bits = shadow().bits;
  auto d = reinterpret_cast<std::uintptr_t>(dst), s = reinterpret_cast<std::uintptr_t>(src);
  if (!bits.covers(s) || !isDeviceAllocation(src)) return hostWrote(dst, dpitch, width, height);
  if (bits.covers(d) && isDeviceAllocation(dst)) {
    for (std::size_t row = 0; row < height; ++row) bits.copy(d + row * dpitch, s + row * spitch, width);
    return;
  }
  reportHostRead(s, spitch, width, height, api);
  hostWrote(dst, dpitch, width, height);
}

bool written(const void* p, std::size_t n) {
  return shadow().bits.initialised(reinterpret_cast<std::uintptr_t>(p), n);
}

void globalAccess(std::uintptr_t address, unsigned size, bool write, const void* pc) {
  InitBits& bits = shadow().bits;
  if (!bits.covers(address)) return;
  if (write) return bits.mark(address, size);
  if (!bits.initialised(address, size)) reportRead("global", address, size, pc);
}

void reportRead(const char* space, std::uintptr_t address, unsigned size, const void* pc) {
  auto* runner = sched::BlockRunner::current();
  if (!runner) return;
  if (gDeviceReports.fetch_add(1, std::memory_order_relaxed) >= kMaxDeviceReports) return;
  Finding f;
  f.kind = "uninitialized";
  f.kernel = report::functionName(runner->launch().kernel);
  f.location = report::sourceLine(pc);
  f.space = space;
  f.access = 0;
  f.size = size;
  f.block = runner->blockIndex();
  f.thread = runner->currentLane().tid;
  f.address = address;
  record(f);
}

}  // namespace loom::check::sanitizer::initcheck
