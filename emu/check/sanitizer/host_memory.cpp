#include "check/sanitizer/host_memory.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>

#include "check/sanitizer/device_new_registry.h"
#include "runtime/host_registry.h"

namespace loom::check::sanitizer {

namespace {

// CUDA's limit on a kernel's parameters (32,764 bytes since CUDA 12.1).
constexpr std::uintptr_t kArgumentBytes = 32768;

struct HostRegions {
  std::uintptr_t heapBegin = 0;              // the brk heap's start; its end moves (sbrk(0))
  std::uintptr_t stackLow = 0, stackHigh = 0;  // the main thread's stack, up to its rlimit

  HostRegions() {
    FILE* maps = std::fopen("/proc/self/maps", "r");
    if (!maps) return;
    char line[512];
    while (std::fgets(line, sizeof line, maps)) {
      unsigned long begin = 0, end = 0;
      if (std::sscanf(line, "%lx-%lx", &begin, &end) != 2) continue;
      if (std::strstr(line, "[heap]")) heapBegin = begin;
      if (std::strstr(line, "[stack]")) {
        rlimit limit{};
        std::uintptr_t size = getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
                                  ? limit.rlim_cur
                                  : end - begin;
        stackHigh = end;
        stackLow = end - size < begin ? end - size : begin;
      }
    }
    std::fclose(maps);
  }
};

const HostRegions& regions() {
  static const HostRegions r;
  return r;
}

bool onMainThread() {
  thread_local const bool main = syscall(SYS_gettid) == getpid();
  return main;
}

}  // namespace

bool isHostMemory(std::uintptr_t address, const void* kernelArguments) {
  const HostRegions& r = regions();
  bool host = address - r.stackLow < r.stackHigh - r.stackLow;
  if (!host && r.heapBegin && !onMainThread())
    host = address >= r.heapBegin && address < reinterpret_cast<std::uintptr_t>(sbrk(0));
  if (!host) return false;
  if (address - reinterpret_cast<std::uintptr_t>(kernelArguments) < kArgumentBytes) return false;
  if (inDeviceNew(address)) return false;  // device code's `new`, possibly from the brk heap
  return !runtime::isRegisteredHost(reinterpret_cast<const void*>(address));
}

}  // namespace loom::check::sanitizer
