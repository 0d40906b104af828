#include "runtime/kernel_registry.h"

#include <mutex>
#include <unordered_map>

namespace loom::runtime {

namespace {
std::mutex gMutex;
std::unordered_map<const void*, KernelSettings>& registry() {
  static std::unordered_map<const void*, KernelSettings> r;
  return r;
}
}  // namespace

KernelSettings kernelSettings(const void* kernel) {
  std::lock_guard lock(gMutex);
  auto it = registry().find(kernel);
  return it == registry().end() ? KernelSettings{} : it->second;
}

void updateKernelSettings(const void* kernel, const KernelSettings& settings) {
  std::lock_guard lock(gMutex);
  registry()[kernel] = settings;
}

}  // namespace loom::runtime
