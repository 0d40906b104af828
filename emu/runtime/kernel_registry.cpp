#include "runtime/kernel_registry.h"

#include "report/symbolize.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace loom::runtime {

namespace {
struct KernelRecord {
  KernelSettings settings;
  ErasedCall call;
  std::optional<dim3> cluster;  // __cluster_dims__, once looked up
  std::optional<std::string> symbol;  // the mangled name, once looked up; "" if none

  const std::string& mangledName(const void* kernel) {
    if (!symbol) symbol = report::mangledName(kernel);
    return *symbol;
  }
};

// "...B18loom_cluster_2_1_1...": the ABI tag __cluster_dims__(2, 1, 1) adds to a mangled name
// (B, the tag's length, the tag). A dimension may carry a literal's suffix (2u).
dim3 clusterDimsFromSymbol(const std::string& symbol) {
  const char* name = symbol.c_str();
  const char* tag = std::strstr(name, "loom_cluster_");
  if (!tag) return dim3(1, 1, 1);
  const char* digits = tag;
  while (digits > name && digits[-1] >= '0' && digits[-1] <= '9') --digits;
  std::size_t length = std::strtoul(digits, nullptr, 10);
  std::string text(tag + std::strlen("loom_cluster_"), tag + length);
  unsigned d[3] = {1, 1, 1};
  std::size_t at = 0;
  for (unsigned& v : d) {
    v = static_cast<unsigned>(std::strtoul(text.c_str() + at, nullptr, 10));
    at = text.find('_', at);
    if (at == std::string::npos) break;
    ++at;
  }
  return dim3(d[0], d[1], d[2]);
}
std::mutex gMutex;
std::unordered_map<const void*, KernelRecord>& records() {
  static std::unordered_map<const void*, KernelRecord> r;
  return r;
}
// Host-pass kernel template instantiations -> their twins (launch.h, registerKernelTwin).
std::unordered_map<const void*, const void*>& twins() {
  static std::unordered_map<const void*, const void*> t;
  return t;
}
const void* canonicalLocked(const void* kernel) {
  auto it = twins().find(kernel);
  return it == twins().end() ? kernel : it->second;
}
}  // namespace

void registerKernelTwin(const void* hostEntry, const void* twin) {
  std::lock_guard lock(gMutex);
  twins()[hostEntry] = twin;
}

const void* canonicalKernel(const void* kernel) {
  std::lock_guard lock(gMutex);
  return canonicalLocked(kernel);
}

KernelSettings kernelSettings(const void* kernel) {
  std::lock_guard lock(gMutex);
  kernel = canonicalLocked(kernel);
  auto it = records().find(kernel);
  return it == records().end() ? KernelSettings{} : it->second.settings;
}

void updateKernelSettings(const void* kernel, const KernelSettings& settings) {
  std::lock_guard lock(gMutex);
  records()[canonicalLocked(kernel)].settings = settings;
}

void registerKernel(const void* kernel, RunThreads run, BindArguments bind) {
  std::lock_guard lock(gMutex);
  records()[canonicalLocked(kernel)].call = ErasedCall{run, bind};
}

ErasedCall erasedCall(const void* kernel) {
  std::lock_guard lock(gMutex);
  kernel = canonicalLocked(kernel);
  auto it = records().find(kernel);
  return it == records().end() ? ErasedCall{} : it->second.call;
}

}  // namespace loom::runtime

namespace loom::runtime {

const char* kernelSymbol(const void* kernel) {
  std::lock_guard lock(gMutex);
  kernel = canonicalLocked(kernel);
  auto it = records().find(kernel);
  if (it == records().end() || !it->second.call.run) return nullptr;
  const std::string& symbol = it->second.mangledName(kernel);
  return symbol.empty() ? nullptr : symbol.c_str();
}

dim3 compiledClusterDims(const void* kernel) {
  std::lock_guard lock(gMutex);
  kernel = canonicalLocked(kernel);
  KernelRecord& r = records()[kernel];
  if (!r.cluster) r.cluster = clusterDimsFromSymbol(r.mangledName(kernel));
  return *r.cluster;
}

}  // namespace loom::runtime
