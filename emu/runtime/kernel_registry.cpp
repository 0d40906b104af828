#include "runtime/kernel_registry.h"

#include <mutex>
#include <unordered_map>

namespace loom::runtime {

namespace {
struct KernelRecord {
  KernelSettings settings;
  ErasedCall call;
};
std::mutex gMutex;
std::unordered_map<const void*, KernelRecord>& registry() {
  static std::unordered_map<const void*, KernelRecord> r;
  return r;
}
}  // namespace

KernelSettings kernelSettings(const void* kernel) {
  std::lock_guard lock(gMutex);
  auto it = registry().find(kernel);
  return it == registry().end() ? KernelSettings{} : it->second.settings;
}

void updateKernelSettings(const void* kernel, const KernelSettings& settings) {
  std::lock_guard lock(gMutex);
  registry()[kernel].settings = settings;
}

void registerKernel(const void* kernel, RunThreads run, BindArguments bind) {
  std::lock_guard lock(gMutex);
  registry()[kernel].call = ErasedCall{run, bind};
}

ErasedCall erasedCall(const void* kernel) {
  std::lock_guard lock(gMutex);
  auto it = registry().find(kernel);
  return it == registry().end() ? ErasedCall{} : it->second.call;
}

}  // namespace loom::runtime
