#include "mem/address_space.h"

#include <link.h>

#include <cstdint>

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

}  // namespace

AddressRange staticSharedRange() {
  thread_local TlsRange tls = executableTls();
  return tls;
}

bool isSharedAddress(const void* p) {
  TlsRange tls = staticSharedRange();
  auto a = reinterpret_cast<std::uintptr_t>(p);
  if (a >= tls.begin && a < tls.end) return true;
  return sched::Worker::current().sharedArena().contains(p);
}

}  // namespace loom::mem
