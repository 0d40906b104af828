#include "mem/address_space.h"

#include <link.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "loom/device/memory_access.h"
#include "sched/worker.h"

namespace loom::mem {

namespace {

using TlsRange = AddressRange;

// Static __shared__ variables are thread_local, so they live in the thread-local storage block
// of the module that defines them. For the main executable (TLS module 1) glibc reports this
// thread's copy in dlpi_tls_data.
TlsRange executableTls() {
  TlsRange range;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) -> int {
        if (info->dlpi_tls_modid != 1 || !info->dlpi_tls_data) return 0;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
          if (info->dlpi_phdr[i].p_type != PT_TLS) continue;
          auto* r = static_cast<TlsRange*>(data);
          r->begin = reinterpret_cast<std::uintptr_t>(info->dlpi_tls_data);
          r->end = r->begin + info->dlpi_phdr[i].p_memsz;
          return 1;
        }
        return 0;
      },
      &range);
  return range;
}

// Offsets of the registered pointers in the executable's TLS block: the same in every thread.
// Plain arrays, constant-initialised: registrations run during other objects' static
// initialisation.
constexpr int kMaxExternShared = 256;
std::uintptr_t gExternSharedOffsets[kMaxExternShared];
int gExternSharedCount = 0;

}  // namespace

AddressRange staticSharedRange() {
  thread_local TlsRange tls = executableTls();
  return tls;
}

AddressRange staticSharedWindow() {
  constexpr std::uintptr_t kMaxSharedPerBlock = 232448;  // sharedMemPerBlockOptin, recorded
  AddressRange tls = staticSharedRange();
  return {tls.begin, tls.end > tls.begin + kMaxSharedPerBlock ? tls.end : tls.begin + kMaxSharedPerBlock};
}

const std::vector<AddressRange>& executableData() {
  static const std::vector<AddressRange> ranges = [] {
    std::vector<AddressRange> r;
    dl_iterate_phdr(
        [](dl_phdr_info* info, size_t, void* data) -> int {
          auto* out = static_cast<std::vector<AddressRange>*>(data);
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const auto& ph = info->dlpi_phdr[i];
            if (ph.p_type == PT_LOAD && (ph.p_flags & PF_W))
              out->push_back({info->dlpi_addr + ph.p_vaddr, info->dlpi_addr + ph.p_vaddr + ph.p_memsz});
          }
          return 1;  // the first object is the executable
        },
        &r);
    return r;
  }();
  return ranges;
}

bool inExecutableData(std::uintptr_t address) {
  for (const AddressRange& r : executableData())
    if (address >= r.begin && address < r.end) return true;
  return false;
}

bool isSharedAddress(const void* p) {
  TlsRange tls = staticSharedRange();
  auto a = reinterpret_cast<std::uintptr_t>(p);
  if (a >= tls.begin && a < tls.end) return true;
  return sched::Worker::current().sharedArena().contains(p);
}

}  // namespace loom::mem

namespace loom {
bool registerExternShared(const volatile void* pointerSlot) {
  mem::AddressRange tls = mem::staticSharedRange();
  auto a = reinterpret_cast<std::uintptr_t>(pointerSlot);
  if (a < tls.begin || a >= tls.end || mem::gExternSharedCount == mem::kMaxExternShared) {
    std::fputs("loom: error: an `extern __shared__` declared at namespace scope outside the "
               "executable (or more than 256 of them) is not supported; declare it in the kernel\n",
               stderr);
    std::abort();
  }
  mem::gExternSharedOffsets[mem::gExternSharedCount++] = a - tls.begin;
  return true;
}
}  // namespace loom

namespace loom::mem {

void bindExternShared(void* base) {
  if (gExternSharedCount == 0) return;
  std::uintptr_t begin = staticSharedRange().begin;
  for (int i = 0; i < gExternSharedCount; ++i)
    *reinterpret_cast<void**>(begin + gExternSharedOffsets[i]) = base;
}

bool isExternSharedSlot(std::uintptr_t address) {
  std::uintptr_t begin = staticSharedRange().begin;
  for (int i = 0; i < gExternSharedCount; ++i)
    if (address - begin - gExternSharedOffsets[i] < sizeof(void*)) return true;
  return false;
}

}  // namespace loom::mem
